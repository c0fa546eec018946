import { Router, type Request } from 'express';
import type { Db } from '../../db/database.ts';
import { findDocument, findDocuments, type DocumentFilters } from '../../db/documents.ts';
import type { DocumentType } from '../../peppol/index.ts';
import { ApiError } from '../errors.ts';
import { decodeCursor, page } from '../pagination.ts';
import { companyFilter, scopeOf } from '../scope.ts';
import { signDocumentXml, signingKeys } from '../signing-keys.ts';
import { toDocument, toStructured } from './mapper.ts';
import { documentSearchRoutes } from './search.ts';
import { documentActionRoutes } from './actions.ts';
import { documentBatchRoutes, type BatchDeps } from './batch.ts';
import { documentPdfRoutes } from './pdf.ts';
import { documentValidateRoutes } from './validate.ts';
import { decodeBase64File, MAX_FILE_BYTES } from './payload.ts';
import { sendDocument, type SendInput } from './send.ts';
import { completeIdempotencyWith } from '../middleware/idempotency.ts';

/** JSON mode reads the body; raw-body mode (query `type`) takes the body as the payload itself. */
function sendInput(req: Request): SendInput {
  const query = req.query as Record<string, string | undefined>;
  const idempotencyKey = req.get('idempotency-key') ?? undefined;
  if (query.type) {
    const bytes = Buffer.isBuffer(req.body)
      ? req.body
      : ((req as { rawBody?: Buffer }).rawBody ?? Buffer.from(typeof req.body === 'string' ? req.body : ''));
    if (bytes.length === 0)
      throw new ApiError('MISSING_FIELD', 'The request body is empty: in raw-body mode it is the document itself.', {
        details: [{ field: 'body', rule: 'required', message: 'must not be empty' }],
      });
    if (bytes.length > MAX_FILE_BYTES)
      throw new ApiError('PAYLOAD_TOO_LARGE', `The file is larger than ${MAX_FILE_BYTES} bytes (5 MiB).`);
    return {
      type: query.type as DocumentType,
      format: 'auto',
      from: query.from,
      to: query.to,
      file: { bytes, contentType: query.contentType ?? req.get('content-type') ?? undefined, filename: query.filename },
      idempotencyKey,
      allowDuplicateNumber: query.allowDuplicateNumber === 'true',
    };
  }
  const body = req.body;
  // Only a JSON body carries its wrapper values; any other body is raw-body mode, which needs `type`.
  if (!req.is('application/json') || body === null || typeof body !== 'object' || Buffer.isBuffer(body))
    throw new ApiError(
      'MISSING_FIELD',
      'The request is invalid: a body other than JSON is the document itself (raw-body mode), which needs the document type as the query parameter ?type= (for example ?type=invoice); or send JSON with a type field.',
      { details: [{ field: 'type', rule: 'required', message: 'raw-body mode needs the query parameter type' }] },
    );
  return {
    type: body.type,
    format: body.format ?? 'json',
    from: body.from,
    to: body.to,
    document: body.document,
    xml: body.xml,
    file: body.file
      ? { bytes: decodeBase64File(body.file.content), contentType: body.file.contentType, filename: body.file.filename }
      : undefined,
    metadata: body.metadata,
    idempotencyKey,
    allowDuplicateNumber: body.allowDuplicateNumber,
  };
}

export function documentRoutes(deps: BatchDeps): Router {
  const router = Router();
  const db: Db = deps.db;
  router.use(documentSearchRoutes(db));
  router.use(documentPdfRoutes(db));
  router.use(documentActionRoutes(db, deps.temporal));
  router.use(documentBatchRoutes(deps));
  router.use(documentValidateRoutes(deps));

  router.post('/v1/documents/send', async (req, res) => {
    // Only a request with an idempotency key has an answer to store with the document.
    const row = await sendDocument(
      deps,
      scopeOf(req),
      sendInput(req),
      req.context.idempotencyClaim
        ? { accepted: (trx, accepted) => completeIdempotencyWith(req, trx, 201, toDocument(accepted)) }
        : {},
    );
    res.status(201).json(toDocument(row));
  });

  router.get('/v1/documents', async (req, res) => {
    const scope = scopeOf(req);
    const q = req.query as Record<string, string | undefined>;
    const limit = Number(q.limit ?? 20);
    const companyId = companyFilter(scope, q.companyId);
    const rows = await findDocuments(
      db,
      scope,
      {
        ...(q.direction ? { direction: q.direction } : {}),
        ...(q.type ? { type: q.type } : {}),
        ...(q.status ? { status: q.status as DocumentFilters['status'] } : {}),
        ...(q.deliveryStatus ? { deliveryStatus: q.deliveryStatus as DocumentFilters['deliveryStatus'] } : {}),
        ...(q.from ? { from: q.from } : {}),
        ...(q.to ? { to: q.to } : {}),
        ...(q.amountMin !== undefined ? { amountMin: Number(q.amountMin) } : {}),
        ...(q.amountMax !== undefined ? { amountMax: Number(q.amountMax) } : {}),
        ...(companyId ? { companyId } : {}),
        ...(q.search ? { search: q.search } : {}),
        ...(q.archived !== undefined ? { archived: String(q.archived) === 'true' } : {}),
        ...(q.tags
          ? {
              tags: q.tags
                .split(',')
                .map((t) => t.trim())
                .filter(Boolean),
            }
          : {}),
      },
      { limit, after: decodeCursor(q.cursor) },
    );
    res.json(page(rows, limit, toDocument));
  });

  const load = async (req: Request) => {
    const row = await findDocument(db, scopeOf(req), String(req.params.document_id));
    if (!row) throw new ApiError('DOCUMENT_NOT_FOUND', `No document ${req.params.document_id} in this organization.`);
    return row;
  };

  router.get('/v1/documents/:document_id', async (req, res) => {
    res.json(toDocument(await load(req)));
  });

  router.get('/v1/documents/:document_id/xml', async (req, res) => {
    const row = await load(req);
    if (!row.xml)
      throw new ApiError(
        'RESOURCE_NOT_FOUND',
        `Document ${row.id} is a stored ${row.stored_format ?? 'file'} without UBL.`,
      );
    const headers = await signDocumentXml(signingKeys(db), {
      body: row.xml,
      path: req.originalUrl.split('?')[0],
      documentId: row.id,
    });
    res.set(headers).type('application/xml').send(row.xml);
  });

  router.get('/v1/documents/:document_id/structured', async (req, res) => {
    res.json(toStructured(await load(req)));
  });

  return router;
}
