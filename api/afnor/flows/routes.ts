import { Router } from 'express';
import type { Db } from '../../../db/database.ts';
import { searchFlows, type FlowFilters } from '../../../db/flows.ts';
import { ApiError } from '../../errors.ts';
import { scopeOf } from '../../scope.ts';
import type { SendDeps } from '../../documents/send.ts';
import { uploadOf } from '../multipart.ts';
import { toFlow, toFlowSubmission } from '../../../core/afnor-flows.ts';
import { flowFile, loadFlow, submitFlow, type FlowDocType, type FlowInfo } from './service.ts';

export function flowRoutes(deps: SendDeps): Router {
  const router = Router();
  const db: Db = deps.db;

  router.post('/flows', async (req, res) => {
    const upload = uploadOf(req);
    if (!upload)
      throw new ApiError('MISSING_FIELD', 'The file part is missing.', {
        details: [{ field: 'file', rule: 'required', message: 'required' }],
      });
    const row = await submitFlow(deps, scopeOf(req), req.body.flowInfo as FlowInfo, upload);
    res.status(202).json(toFlowSubmission(row));
  });

  router.post('/flows/search', async (req, res) => {
    const where = req.body.where as FlowFilters;
    const limit = Number(req.body.limit ?? 25);
    const rows = await searchFlows(db, scopeOf(req), where, limit);
    res.json({ limit, filters: where, results: rows.map(toFlow) });
  });

  router.get('/flows/:flowId', async (req, res) => {
    const scope = scopeOf(req);
    const row = await loadFlow(db, scope, String(req.params.flowId));
    const docType = (req.query.docType ?? 'Metadata') as FlowDocType;
    if (docType === 'Metadata') {
      res.json(toFlow(row));
      return;
    }
    const file = await flowFile(db, scope, row, docType);
    // A name is the client's own text: its control characters cannot travel in a header, and the
    // rest goes as RFC 6266 `filename*` beside an ASCII fallback.
    res
      .attachment(file.filename.replace(/[\x00-\x1f\x7f]/g, '_'))
      .type('application/octet-stream')
      .send(file.content);
  });

  return router;
}
