import type { RequestHandler } from 'express';
import { ApiError } from '../errors.ts';

const NUL = '\u0000';

/** Where a parsed JSON value holds a NUL, as a field name ("lines[0].description"), else undefined. */
function nulIn(value: unknown, field: string): string | undefined {
  if (typeof value === 'string') return value.includes(NUL) ? field : undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = nulIn(value[i], `${field}[${i}]`);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (value && typeof value === 'object' && !Buffer.isBuffer(value)) {
    for (const [key, inner] of Object.entries(value)) {
      const name = field ? `${field}.${key}` : key;
      if (key.includes(NUL)) return name;
      const found = nulIn(inner, name);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/**
 * A NUL character is no valid content of any field, and Postgres text cannot store it: refused as
 * 400 wherever it is (path, query, JSON body) before anything reads or stores the request.
 */
export function refuseNulBytes(): RequestHandler {
  return (req, _res, next) => {
    const where = /%00/i.test(req.path)
      ? 'path'
      : (nulIn(req.query, '') ?? (typeof req.body === 'object' ? nulIn(req.body, '') : undefined));
    if (where === undefined) return next();
    next(
      new ApiError('INVALID_REQUEST', `The request contains a NUL character (U+0000) in ${where || 'its body'}.`, {
        details: [{ field: where, rule: 'nul', message: 'must not contain a NUL character (U+0000)' }],
      }),
    );
  };
}
