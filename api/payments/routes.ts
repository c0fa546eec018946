import { Router } from 'express';
import { principalOf } from '../principal.ts';
import { scopeOf } from '../scope.ts';
import type { LifecycleDeps } from '../../core/lifecycle-commands.ts';
import { exportSepa, getPaymentInfo, recordPayment } from './service.ts';

export function paymentRoutes(deps: LifecycleDeps): Router {
  const router = Router();

  router.get('/v1/documents/:document_id/payment', async (req, res) => {
    res.json(await getPaymentInfo(deps, scopeOf(req), String(req.params.document_id)));
  });

  router.post('/v1/documents/:document_id/payments', async (req, res) => {
    res
      .status(201)
      .json(await recordPayment(deps, principalOf(req), scopeOf(req), String(req.params.document_id), req.body));
  });

  // The file itself, so it can be handed to the bank as is; the totals are echoed as headers.
  router.post('/v1/payments/sepa-export', async (req, res) => {
    const file = await exportSepa(deps, scopeOf(req), req.body);
    res
      .status(200)
      .set({
        'Content-Disposition': `attachment; filename="${file.messageId}.xml"`,
        'X-Sepa-Message-Id': file.messageId,
        'X-Sepa-Number-Of-Transactions': String(file.numberOfTransactions),
        'X-Sepa-Control-Sum': file.controlSum,
      })
      .type('application/xml')
      .send(file.xml);
  });

  return router;
}
