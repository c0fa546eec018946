import { Router, type Request } from 'express';
import type { Db } from '../../db/database.ts';
import { findDocument, findDocuments } from '../../db/documents.ts';
import type { DocumentType } from '../../peppol/index.ts';
import { ApiError } from '../errors.ts';
import { decodeCursor, page } from '../pagination.ts';
import { principalOf } from '../principal.ts';
import { signDocumentXml, signingKeys } from '../signing-keys.ts';
import { toDocument, toStructured } from './mapper.ts';
import { documentSearchRoutes } from './search.ts';
import { documentActionRoutes } from './actions.ts';
import { documentBatchRoutes } from './batch.ts';
import { documentPdfRoutes } from './pdf.ts';
import { documentValidateRoutes } from './validate.ts';
import { decodeBase64File, MAX_FILE_BYTES } from './payload.ts';
import { sendDocument, type SendDeps, type SendInput } from './send.ts';

/** JSON mode reads the body; raw-body mode (query `type`) takes the body as the payload itself. */
function sendInput(req: Request): SendInput {
  const query = req.query as Record<string, string | undefined>;
  const idempotencyKey = req.get('idempotency-key') ?? undefined;
  if (query.type) {
    const bytes = Buffer.isBuffer(req.body) ? req.body : ((req as { rawBody?: Buffer }).rawBody ?? Buffer.from(typeof req.body === 'string' ? req.body : ''));
    if (bytes.length === 0) throw new ApiError('MISSING_FIELD', 'The request body is empty: in raw-body mode it is the document itself.', { details: [{ field: 'body', rule: 'required', message: 'must not be empty' }] });
    if (bytes.length > MAX_FILE_BYTES) throw new ApiError('PAYLOAD_TOO_LARGE', `The file is larger than ${MAX_FILE_BYTES} bytes (5 MiB).`);
    return {
      type: query.type as DocumentType,
      format: 'auto',
      from: query.from,
      to: query.to,
      file: { bytes, contentType: query.contentType ?? req.get('content-type') ?? undefined, filename: query.filename },
      idempotencyKey,
    };
  }
  const body = req.body;
  return {
    type: body.type,
    format: body.format ?? 'json',
    from: body.from,
    to: body.to,
    document: body.document,
    xml: body.xml,
    file: body.file ? { bytes: decodeBase64File(body.file.content), contentType: body.file.contentType, filename: body.file.filename } : undefined,
    metadata: body.metadata,
    idempotencyKey,
  };
}

/** A key bound to a company lists that company's documents only, whatever the query asks. */
function companyFilter(p: { boundCompanyId: string | undefined }, requested: string | undefined): string | undefined {
  if (p.boundCompanyId && requested && requested !== p.boundCompanyId) {
    throw new ApiError('COMPANY_FORBIDDEN', `This key is scoped to company ${p.boundCompanyId}.`);
  }
  return p.boundCompanyId ?? requested;
}

export function documentRoutes(deps: SendDeps): Router {
  const router = Router();
  const db: Db = deps.db;
  router.use(documentSearchRoutes(db));
  router.use(documentPdfRoutes(db));
  router.use(documentActionRoutes(db, deps.temporal));
  router.use(documentBatchRoutes(deps));
  router.use(documentValidateRoutes(deps));

  router.post('/v1/documents/send', async (req, res) => {
    const row = await sendDocument(deps, principalOf(req), sendInput(req));
    res.status(201).json(toDocument(row));
  });

  router.get('/v1/documents', async (req, res) => {
    const p = principalOf(req);
    const q = req.query as Record<string, string | undefined>;
    const limit = Number(q.limit ?? 20);
    const rows = await findDocuments(
      db,
      { organizationId: p.organizationId, livemode: p.livemode },
      {
        ...(q.direction ? { direction: q.direction } : {}),
        ...(q.type ? { type: q.type } : {}),
        ...(q.status ? { status: q.status } : {}),
        ...(q.deliveryStatus ? { deliveryStatus: q.deliveryStatus } : {}),
        ...(q.from ? { from: q.from } : {}),
        ...(q.to ? { to: q.to } : {}),
        ...(q.amountMin !== undefined ? { amountMin: Number(q.amountMin) } : {}),
        ...(q.amountMax !== undefined ? { amountMax: Number(q.amountMax) } : {}),
        ...(companyFilter(p, q.companyId) ? { companyId: companyFilter(p, q.companyId)! } : {}),
        ...(q.search ? { search: q.search } : {}),
        ...(q.archived !== undefined ? { archived: String(q.archived) === 'true' } : {}),
      },
      { limit, after: decodeCursor(q.cursor) },
    );
    res.json(page(rows, limit, toDocument));
  });

  const load = async (req: Request) => {
    const p = principalOf(req);
    const row = await findDocument(db, p.organizationId, p.livemode, String(req.params.document_id));
    if (!row || (p.boundCompanyId && row.company_id !== p.boundCompanyId)) throw new ApiError('DOCUMENT_NOT_FOUND', `No document ${req.params.document_id} in this organization.`);
    return row;
  };

  router.get('/v1/documents/:document_id', async (req, res) => {
    res.json(toDocument(await load(req)));
  });

  router.get('/v1/documents/:document_id/xml', async (req, res) => {
    const row = await load(req);
    if (!row.xml) throw new ApiError('RESOURCE_NOT_FOUND', `Document ${row.id} is a stored ${row.stored_format ?? 'file'} without UBL.`);
    const headers = await signDocumentXml(signingKeys(db), { body: row.xml, path: req.originalUrl.split('?')[0]!, documentId: row.id });
    res.set(headers).type('application/xml').send(row.xml);
  });

  router.get('/v1/documents/:document_id/structured', async (req, res) => {
    res.json(toStructured(await load(req)));
  });

  return router;
}
