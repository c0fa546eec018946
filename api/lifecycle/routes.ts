import { Router } from 'express';
import { listComplianceStates } from '../../db/compliance.ts';
import { listLifecycleEvents, type LifecycleEventRow } from '../../db/lifecycle.ts';
import { amountPaid } from '../../db/payments.ts';
import { allowedTransitions } from '../../workflows/documents/lifecycle.ts';
import type { BatchItems } from '../middleware/item-validation.ts';
import { principalOf } from '../principal.ts';
import { updateLifecycle, updateLifecycleBatch, visibleDocument, type LifecycleDeps } from './service.ts';

const day = (value: unknown) => (value instanceof Date ? value.toISOString().slice(0, 10) : String(value));

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
    payment: row.payment_amount === null || row.payment_date === null ? null : { date: day(row.payment_date), amount: Number(row.payment_amount), currency: row.payment_currency ?? 'EUR', reference: row.payment_reference },
  };
}

export function lifecycleRoutes(deps: LifecycleDeps & { items: BatchItems }): Router {
  const router = Router();

  router.post('/v1/documents/lifecycle/batch', async (req, res) => {
    res.json(await updateLifecycleBatch(deps, deps.items, principalOf(req), req.body.updates));
  });

  router.post('/v1/documents/:document_id/lifecycle', async (req, res) => {
    res.json(await updateLifecycle(deps, principalOf(req), String(req.params.document_id), req.body));
  });

  router.get('/v1/documents/:document_id/lifecycle', async (req, res) => {
    const row = await visibleDocument(deps.db, principalOf(req), String(req.params.document_id));
    const [history, paid, compliance] = await Promise.all([listLifecycleEvents(deps.db, row.id), amountPaid(deps.db, row.id), listComplianceStates(deps.db, row.id)]);
    res.json({
      documentId: row.id,
      currentStatus: row.lifecycle_status,
      allowedTransitions: allowedTransitions(row.lifecycle_status),
      amountPaid: Number(paid),
      history: history.map(toHistoryEntry),
      compliance,
    });
  });

  return router;
}
