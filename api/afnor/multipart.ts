import { createHash } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import multer from 'multer';
import { ApiError } from '../errors.ts';
import { MAX_FILE_BYTES } from '../documents/payload.ts';

export interface Upload {
  bytes: Buffer;
  filename: string | undefined;
  contentType: string | undefined;
  /** The bytes' SHA-256 in hex, computed once: checked against flowInfo.sha256 and stored with the file. */
  sha256: string;
}

const uploads = new WeakMap<Request, Upload>();

/** The `file` part of a flow submission, read by `flowMultipart`. */
export function uploadOf(req: Request): Upload | undefined {
  return uploads.get(req);
}

/**
 * Reads `multipart/form-data` ahead of the contract's validation: `flowInfo` (a text part, or a part
 * of type application/json) becomes the JSON object the contract describes, so the validator checks
 * its fields like any JSON body, and the `file` part is kept aside. The validator's own multipart
 * reading is off for this API. Idempotency compares the parts' exact bytes, with the file's name and type.
 */
export function flowMultipart(): RequestHandler {
  const parse = multer({
    storage: multer.memoryStorage(),
    // Clients (curl, browsers, fetch) send a part's file name in UTF-8 without saying so.
    defParamCharset: 'utf8',
    limits: { fileSize: MAX_FILE_BYTES, files: 2, fields: 10, fieldSize: 64 * 1024 },
  }).any();
  return (req, res, next) => {
    if (!req.is('multipart/form-data')) return next();
    parse(req, res, (err?: unknown) => {
      if (err) return next(multipartError(err));
      try {
        const files = (req.files as Express.Multer.File[] | undefined) ?? [];
        const body = (req.body ?? {}) as Record<string, unknown>;
        // Either part given twice (as two parts, or as a text field and a file part) is ambiguous.
        for (const name of ['flowInfo', 'file']) {
          const count = files.filter((f) => f.fieldname === name).length + [body[name] ?? []].flat().length;
          if (count > 1) throw repeatedPart(name);
        }
        const infoPart = files.find((f) => f.fieldname === 'flowInfo');
        const infoText = infoPart ? infoPart.buffer.toString('utf8') : body.flowInfo;
        const file = files.find((f) => f.fieldname === 'file');
        const parsed: Record<string, unknown> = {};
        if (typeof infoText === 'string') parsed.flowInfo = parseFlowInfo(infoText);
        if (file) {
          parsed.file = '';
          uploads.set(req, {
            bytes: file.buffer,
            filename: file.originalname,
            contentType: file.mimetype,
            sha256: createHash('sha256').update(file.buffer).digest('hex'),
          });
        }
        req.body = parsed;
        // What a retry under one Idempotency-Key must repeat: flowInfo, the file's name and type (a
        // JSON header, which holds no raw newline), then the file's bytes.
        const header = JSON.stringify([infoText ?? null, file?.originalname ?? null, file?.mimetype ?? null]);
        (req as { rawBody?: Buffer }).rawBody = Buffer.concat([
          Buffer.from(`${header}\n`),
          file?.buffer ?? Buffer.alloc(0),
        ]);
        next();
      } catch (error) {
        next(error);
      }
    });
  };
}

function repeatedPart(name: string): ApiError {
  return new ApiError('INVALID_REQUEST', `The multipart body has more than one ${name} part.`, {
    details: [{ field: name, rule: 'multipart', message: 'must be given once' }],
  });
}

function parseFlowInfo(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new ApiError('INVALID_REQUEST', `flowInfo is not valid JSON: ${(err as Error).message}.`, {
      details: [{ field: 'flowInfo', rule: 'json', message: 'must be a JSON FlowInfo object' }],
    });
  }
}

function multipartError(err: unknown): ApiError {
  if (err instanceof multer.MulterError && err.code === 'LIMIT_FILE_SIZE')
    return new ApiError('PAYLOAD_TOO_LARGE', `The file is larger than ${MAX_FILE_BYTES} bytes (5 MiB).`);
  const message = err instanceof Error ? err.message : String(err);
  return new ApiError('INVALID_REQUEST', `The multipart body cannot be read: ${message}.`, {
    details: [{ field: 'body', rule: 'multipart', message }],
  });
}
