import type { ErrorRenderer } from '../middleware/error-handler.ts';
import type { ErrorCode } from '../errors.ts';

/**
 * The standard names a few error codes of its own; the rest of our catalog passes through, so a
 * client sees the same code on the facade as on /v1 wherever the standard is silent.
 */
const STANDARD_CODES: Partial<Record<ErrorCode, string>> = {
  MISSING_FIELD: 'MISSING_REQUIRED_FIELD',
  MISSING_AUTH: 'MISSING_TOKEN',
  INSUFFICIENT_SCOPE: 'FORBIDDEN_ACCESS',
  COMPANY_FORBIDDEN: 'FORBIDDEN_ACCESS',
  ORGANIZATION_FORBIDDEN: 'FORBIDDEN_ACCESS',
  PAYLOAD_TOO_LARGE: 'FILE_SIZE_EXCEEDED',
  RATE_LIMITED: 'TOO_MANY_REQUESTS',
  QUOTA_EXCEEDED: 'TOO_MANY_REQUESTS',
};

/** The AFNOR `Error`: `{errorCode, errorMessage, type, details?, instance}`; `instance` is the request id. */
export const renderAfnorError: ErrorRenderer = (error, req) => ({
  errorCode: STANDARD_CODES[error.code] ?? error.code,
  errorMessage: error.message,
  type: error.type,
  ...(error.details ? { details: error.details } : {}),
  instance: req.context?.requestId ?? 'req_unknown',
});
