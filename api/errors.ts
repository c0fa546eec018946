/**
 * The closed vocabulary of API errors: every code with its status and coarse type. Handlers throw
 * `new ApiError(code, message)`; the error middleware renders the envelope in one place.
 */
export const ERROR_CATALOG = {
  INVALID_REQUEST: { status: 400, type: 'invalid_request_error' },
  MISSING_FIELD: { status: 400, type: 'validation_error' },
  INVALID_ENUM: { status: 400, type: 'validation_error' },
  INVALID_VAT_FORMAT: { status: 400, type: 'validation_error' },
  INVALID_IBAN: { status: 400, type: 'validation_error' },
  INVALID_CURRENCY: { status: 400, type: 'validation_error' },
  INVALID_DATE: { status: 400, type: 'validation_error' },
  MISSING_AUTH: { status: 401, type: 'authentication_error' },
  INVALID_TOKEN: { status: 401, type: 'authentication_error' },
  EXPIRED_TOKEN: { status: 401, type: 'authentication_error' },
  REVOKED_KEY: { status: 401, type: 'authentication_error' },
  INSUFFICIENT_SCOPE: { status: 403, type: 'permission_error' },
  COMPANY_FORBIDDEN: { status: 403, type: 'permission_error' },
  ORGANIZATION_FORBIDDEN: { status: 403, type: 'permission_error' },
  KEY_TYPE_FORBIDDEN: { status: 403, type: 'permission_error' },
  SANDBOX_ONLY: { status: 403, type: 'permission_error' },
  RESOURCE_NOT_FOUND: { status: 404, type: 'invalid_request_error' },
  COMPANY_NOT_FOUND: { status: 404, type: 'invalid_request_error' },
  DOCUMENT_NOT_FOUND: { status: 404, type: 'invalid_request_error' },
  PARTNER_NOT_FOUND: { status: 404, type: 'invalid_request_error' },
  METHOD_NOT_ALLOWED: { status: 405, type: 'invalid_request_error' },
  COMPANY_EXISTS: { status: 409, type: 'conflict' },
  PARTICIPANT_REGISTERED_ELSEWHERE: { status: 409, type: 'conflict' },
  PARTNER_EXISTS: { status: 409, type: 'conflict' },
  DOMAIN_TAKEN: { status: 409, type: 'conflict' },
  DOCUMENT_EXISTS: { status: 409, type: 'conflict' },
  TAG_EXISTS: { status: 409, type: 'conflict' },
  IDEMPOTENCY_IN_PROGRESS: { status: 409, type: 'conflict' },
  IDEMPOTENCY_BODY_MISMATCH: { status: 409, type: 'conflict' },
  INVALID_TRANSITION: { status: 409, type: 'conflict' },
  PAYLOAD_TOO_LARGE: { status: 413, type: 'invalid_request_error' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, type: 'invalid_request_error' },
  VAT_NOT_FOUND: { status: 422, type: 'invalid_request_error' },
  PEPPOL_ID_REQUIRED: { status: 422, type: 'invalid_request_error' },
  COMPANY_INACTIVE: { status: 422, type: 'invalid_request_error' },
  VAT_INACTIVE: { status: 422, type: 'invalid_request_error' },
  RECIPIENT_NOT_FOUND: { status: 422, type: 'delivery_error' },
  RECIPIENT_CANNOT_RECEIVE: { status: 422, type: 'delivery_error' },
  UBL_VALIDATION_FAILED: { status: 422, type: 'validation_error' },
  OVERPAYMENT: { status: 422, type: 'invalid_request_error' },
  AMOUNT_MISMATCH: { status: 422, type: 'invalid_request_error' },
  AMOUNT_OUT_OF_RANGE: { status: 422, type: 'invalid_request_error' },
  DOCUMENT_NOT_PAYABLE: { status: 422, type: 'invalid_request_error' },
  WEBHOOK_TEST_FAILED: { status: 422, type: 'invalid_request_error' },
  SMP_MIGRATION_FAILED: { status: 422, type: 'invalid_request_error' },
  RATE_LIMITED: { status: 429, type: 'rate_limit_error' },
  QUOTA_EXCEEDED: { status: 429, type: 'rate_limit_error' },
  INTERNAL_ERROR: { status: 500, type: 'api_error' },
  UPSTREAM_UNAVAILABLE: { status: 503, type: 'upstream_error' },
  UPSTREAM_TIMEOUT: { status: 504, type: 'upstream_error' },
} as const satisfies Record<string, { status: number; type: string }>;

export type ErrorCode = keyof typeof ERROR_CATALOG;

export interface ErrorDetail {
  field?: string;
  rule?: string;
  message?: string;
  [key: string]: unknown;
}

export interface ApiErrorOptions {
  details?: ErrorDetail[];
  /** Response headers that belong to this error (Retry-After, Allow ...). */
  headers?: Record<string, string>;
  /** Overrides the catalog type where one code serves two categories (schema vs. syntax failures). */
  type?: string;
  /** Extra top-level members of the error object (e.g. `allowedTransitions`). */
  extra?: Record<string, unknown>;
  cause?: unknown;
}

export class ApiError extends Error {
  readonly status: number;
  readonly type: string;
  readonly details: ErrorDetail[] | undefined;
  readonly headers: Record<string, string>;
  readonly extra: Record<string, unknown> | undefined;

  constructor(
    readonly code: ErrorCode,
    message: string,
    options: ApiErrorOptions = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ApiError';
    this.status = ERROR_CATALOG[code].status;
    this.type = options.type ?? ERROR_CATALOG[code].type;
    this.details = options.details;
    this.headers = options.headers ?? {};
    this.extra = options.extra;
  }
}

export function notFound(what = 'resource'): ApiError {
  return new ApiError('RESOURCE_NOT_FOUND', `No such ${what}.`);
}
