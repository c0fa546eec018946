import type { components } from './schema.ts';

export type ErrorCode = components['schemas']['ErrorCode'];
type ErrorBody = components['schemas']['ErrorResponse']['error'];

/**
 * An error answer of the API, thrown by `ok()` and the pagination helper. `code` is the
 * stable machine code to branch on; quote `requestId` when asking for support.
 */
export class DocexApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly type: string;
  readonly requestId: string;
  readonly details: ErrorBody['details'];
  readonly docUrl: string | undefined;

  constructor(status: number, body: ErrorBody) {
    super(`${body.code}: ${body.message}`);
    this.name = 'DocexApiError';
    this.status = status;
    this.code = body.code;
    this.type = body.type;
    this.requestId = body.requestId;
    this.details = body.details;
    this.docUrl = body.docUrl;
  }

  /** The error of a response whose body is not the envelope (a proxy's page, an empty body). */
  static fromResponse(response: Response, body: unknown): DocexApiError {
    if (isEnvelope(body)) return new DocexApiError(response.status, body.error);
    return new DocexApiError(response.status, {
      type: 'api_error',
      code: response.status === 429 ? 'RATE_LIMITED' : response.status >= 500 ? 'INTERNAL_ERROR' : 'INVALID_REQUEST',
      message: `HTTP ${response.status} without an error envelope`,
      requestId: response.headers.get('x-request-id') ?? 'req_unknown',
    });
  }
}

function isEnvelope(body: unknown): body is { error: ErrorBody } {
  if (!body || typeof body !== 'object' || !('error' in body)) return false;
  const error = body.error;
  return !!error && typeof error === 'object' && 'code' in error && typeof error.code === 'string';
}
