import type { ErrorRequestHandler, Request } from 'express';
import { log } from '../../core/log.ts';
import { ApiError } from '../errors.ts';
import { toValidationError } from './validation-errors.ts';
import { toApiError, toOutageError, type Breakers } from '../foreign-errors.ts';
import { errorPage } from './error-page.ts';

/** The body of an error response in one contract's shape; status and headers come from the ApiError. */
export type ErrorRenderer = (error: ApiError, req: Request) => unknown;

/** The envelope of part 7.1: `{error: {type, code, message, details?, requestId, docUrl}}`. */
export function renderEnvelope(docsUrl: string): ErrorRenderer {
  return (apiError, req) => ({
    error: {
      type: apiError.type,
      code: apiError.code,
      message: apiError.message,
      ...(apiError.details ? { details: apiError.details } : {}),
      ...(apiError.extra ?? {}),
      requestId: req.context?.requestId ?? 'req_unknown',
      docUrl: `${docsUrl}/errors#${apiError.code}`,
    },
  });
}

export interface ErrorHandlerOptions {
  renderError: ErrorRenderer;
  breakers: Breakers;
  /** Include internal messages (response-validation failures) in 500 bodies: tests only. */
  exposeInternalErrors: boolean;
}

function fromBodyParser(err: any): ApiError | undefined {
  switch (err?.type) {
    case 'entity.parse.failed':
      return new ApiError('INVALID_REQUEST', `The body is not valid JSON: ${err.message}.`, {
        details: [{ field: 'body', rule: 'json', message: err.message }],
      });
    case 'entity.too.large':
      return new ApiError('PAYLOAD_TOO_LARGE', `The body is larger than the limit of ${err.limit} bytes.`);
    case 'charset.unsupported':
    case 'encoding.unsupported':
      return new ApiError('UNSUPPORTED_MEDIA_TYPE', err.message);
    default:
      return undefined;
  }
}

function fromValidator(err: any, exposeInternal: boolean): ApiError | undefined {
  if (!Array.isArray(err?.errors) || typeof err?.status !== 'number') return undefined;
  switch (err.status) {
    case 400:
      return toValidationError(err.errors);
    case 413:
      return new ApiError('PAYLOAD_TOO_LARGE', 'The body is too large.');
    case 415:
      return new ApiError(
        'UNSUPPORTED_MEDIA_TYPE',
        `Unsupported Content-Type: ${err.errors[0]?.message ?? err.message}.`,
      );
    case 404:
      return new ApiError('RESOURCE_NOT_FOUND', err.message);
    case 405:
      return new ApiError('METHOD_NOT_ALLOWED', err.message);
    default: {
      // 500 from the validator: a response that breaks the contract (validated in tests only).
      const message = exposeInternal
        ? `Response does not match the contract: ${JSON.stringify(err.errors)}`
        : 'An unexpected error occurred.';
      log.error('contract violation', { errors: err.errors });
      return new ApiError('INTERNAL_ERROR', message);
    }
  }
}

/** The one place that turns any thrown error into the status, headers and body of an error response. */
export function errorHandler(options: ErrorHandlerOptions): ErrorRequestHandler {
  return (err, req, res, _next) => {
    const apiError =
      toApiError(err) ??
      fromBodyParser(err) ??
      fromValidator(err, options.exposeInternalErrors) ??
      toOutageError(err, options.breakers) ??
      new ApiError('INTERNAL_ERROR', 'An unexpected error occurred.', { cause: err });
    if (apiError.status >= 500) {
      log.error('request failed', {
        requestId: req.context?.requestId,
        code: apiError.code,
        error: err instanceof Error ? err.stack : String(err),
      });
    }
    if (req.context) req.context.errorCode = apiError.code;
    if (res.headersSent) return;
    for (const [name, value] of Object.entries(apiError.headers)) res.setHeader(name, value);
    if (req.context?.operation?.htmlErrors) res.status(apiError.status).type('html').send(errorPage(apiError, req));
    else res.status(apiError.status).json(options.renderError(apiError, req));
  };
}
