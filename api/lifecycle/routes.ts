import { Router } from 'express';
import { latestComplianceReports, type ComplianceReportRow } from '../../db/compliance.ts';
import { listLifecycleEvents, type LifecycleEventRow } from '../../db/lifecycle.ts';
import { amountPaid } from '../../db/payments.ts';
import { allowedTransitions } from '../../core/lifecycle.ts';
import type { BatchItems } from '../middleware/item-validation.ts';
import { principalOf } from '../principal.ts';
import { scopeOf } from '../scope.ts';
import { updateLifecycle, updateLifecycleBatch, visibleDocument, type LifecycleDeps } from './service.ts';

function toHistoryEntry(row: LifecycleEventRow) {
  return {
    id: row.id,
    from: row.from_status,
    to: row.to_status,
    at: row.created_at.toISOString(),
    source: row.source,
    implied: row.implied,
    actor: row.actor,
    reason: row.reason,
    reasonCode: row.reason_code,
    note: row.note,
    payment:
      row.payment_amount === null || row.payment_date === null
        ? null
        : {
            date: row.payment_date,
            amount: Number(row.payment_amount),
            currency: row.payment_currency ?? 'EUR',
            reference: row.payment_reference,
          },
  };
}

/** A document's compliance state in one country: its latest report there. */
function toComplianceState(row: ComplianceReportRow) {
  return {
    country: row.country,
    platform: row.platform,
    status: row.status,
    lastReportedAt: row.updated_at.toISOString(),
    nextCheckAt: row.next_check_at?.toISOString() ?? null,
    errorCode: row.error_code,
  };
}

export function lifecycleRoutes(deps: LifecycleDeps & { items: BatchItems }): Router {
  const router = Router();

  router.post('/v1/documents/lifecycle/batch', async (req, res) => {
    res.json(await updateLifecycleBatch(deps, deps.items, principalOf(req), scopeOf(req), req.body.updates));
  });

  router.post('/v1/documents/:document_id/lifecycle', async (req, res) => {
    res.json(await updateLifecycle(deps, principalOf(req), scopeOf(req), String(req.params.document_id), req.body));
  });

  router.get('/v1/documents/:document_id/lifecycle', async (req, res) => {
    const row = await visibleDocument(deps.db, scopeOf(req), String(req.params.document_id));
    const [history, paid, compliance] = await Promise.all([
      listLifecycleEvents(deps.db, row.id),
      amountPaid(deps.db, row.id),
      latestComplianceReports(deps.db, row.id),
    ]);
    res.json({
      documentId: row.id,
      currentStatus: row.lifecycle_status,
      allowedTransitions: allowedTransitions(row.lifecycle_status),
      amountPaid: Number(paid),
      history: history.map(toHistoryEntry),
      compliance: compliance.map(toComplianceState),
    });
  });

  return router;
}
