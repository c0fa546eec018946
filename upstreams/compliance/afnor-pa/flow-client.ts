import { createHash } from 'node:crypto';
import { failure } from '../../../core/failures.ts';
import { bearerTokenSource, type ClientCredentials } from '../../bearer-token.ts';

/**
 * A client of a partner platform's (PA) AFNOR XP Z12-013 Flow Service, Annex A: `POST /flows`
 * (multipart `flowInfo` + `file`, 202 `FullFlowInfo`), `POST /flows/search`, `GET /flows/{flowId}`.
 * Security as the standard declares it: a bearer token, or OAuth2 client credentials whose
 * short-lived tokens are fetched from the token URL and renewed a minute before they expire.
 */
export interface FlowServiceOptions {
  /**
   * The Flow Service root with its version, e.g. `https://api.flow.pa.example/flow-service/v1`.
   * Unset: every call is a temporary failure, so what waits for it stays queued until it is configured.
   */
  baseUrl: string | undefined;
  timeoutMs: number;
  /** A fixed bearer token (BearerAuth). */
  token?: string | undefined;
  /** OAuth2 client credentials (the standard's `OAuth2` scheme); used when set. */
  oauth?: ClientCredentials | undefined;
  /** The standard's `Organization-Id` header, when the PA serves us under a delegation. */
  organizationId?: string | undefined;
  now?: () => number;
}

export type FlowSyntax = 'CII' | 'UBL' | 'Factur-X' | 'CDAR' | 'FRR';

export interface FlowInfo {
  name: string;
  flowSyntax: FlowSyntax;
  flowProfile?: 'Basic' | 'CIUS' | 'Extended-CTC-FR';
  processingRule?: string;
  trackingId?: string;
  sha256?: string;
}

export interface FlowAckDetail {
  level?: 'Error' | 'Warning';
  item?: string;
  reasonCode?: string;
  reasonMessage?: string;
}

/** The standard's `Flow`: what a search, a metadata read and a webhook return. */
export interface Flow {
  flowId: string;
  submittedAt?: string;
  updatedAt?: string;
  name?: string;
  flowSyntax?: FlowSyntax;
  flowType?: string;
  flowDirection?: 'In' | 'Out';
  processingRule?: string;
  trackingId?: string;
  acknowledgement?: { status: 'Pending' | 'Ok' | 'Error'; details?: FlowAckDetail[] };
}

export interface FlowSearchFilters {
  updatedAfter?: string;
  updatedBefore?: string;
  processingRule?: string[];
  flowType?: string[];
  flowDirection?: Array<'In' | 'Out'>;
  trackingId?: string;
  ackStatus?: 'Pending' | 'Ok' | 'Error';
}

/** A 4xx refusal of the PA: the standard's `Error` envelope, kept whole. */
export class FlowRefused extends Error {
  constructor(
    readonly status: number,
    readonly body: { errorCode?: string; errorMessage?: string; details?: unknown } & Record<string, unknown>,
  ) {
    super(`the partner platform refused the flow (${status} ${body.errorCode ?? ''}): ${body.errorMessage ?? ''}`);
  }

  /** The standard's `AlreadyExistingFlow`, however the PA spells where it says it. */
  get alreadyExists(): boolean {
    return JSON.stringify(this.body).includes('AlreadyExistingFlow');
  }
}

export interface FlowServiceClient {
  submit(info: FlowInfo, file: { bytes: Buffer; filename: string; contentType: string }): Promise<Flow>;
  get(flowId: string): Promise<Flow | undefined>;
  search(where: FlowSearchFilters, limit?: number): Promise<Flow[]>;
}

const unavailable = (message: string) => failure('UPSTREAM_UNAVAILABLE', `partner platform: ${message}`);

export function createFlowServiceClient(options: FlowServiceOptions): FlowServiceClient {
  const token = bearerTokenSource(options, (problem) => unavailable(`token endpoint ${problem}`));

  /** One call; a refused connection, a timeout, 401/403 (credentials being renewed), 408, 429 and 5xx are temporary. */
  async function call(path: string, init: RequestInit & { headers?: Record<string, string> }): Promise<Response> {
    if (!options.baseUrl) throw unavailable('FRENCH_PA_FLOW_SERVICE_URL is not configured');
    const bearer = await token.current();
    let res: Response;
    try {
      res = await fetch(`${options.baseUrl}${path}`, {
        ...init,
        headers: {
          accept: 'application/json',
          ...init.headers,
          ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
          ...(options.organizationId ? { 'organization-id': options.organizationId } : {}),
        },
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (err) {
      throw unavailable(`unreachable: ${(err as Error).message}`);
    }
    if (res.status === 401) token.forget();
    if (res.status >= 500 || [401, 403, 408, 429].includes(res.status)) {
      await res.body?.cancel();
      throw unavailable(`answered HTTP ${res.status} to ${init.method ?? 'GET'} ${path}`);
    }
    return res;
  }

  async function json<T>(res: Response): Promise<T> {
    const text = await res.text();
    try {
      return JSON.parse(text) as T;
    } catch {
      throw unavailable(`answered HTTP ${res.status} without JSON`);
    }
  }

  async function refusal(res: Response): Promise<FlowRefused> {
    const body = await res
      .json()
      .catch(() => undefined)
      .then((b: unknown) => (b && typeof b === 'object' ? (b as Record<string, unknown>) : {}));
    return new FlowRefused(res.status, body);
  }

  return {
    async submit(info, file) {
      const sha256 = createHash('sha256').update(file.bytes).digest('hex');
      const form = new FormData();
      form.append('flowInfo', new Blob([JSON.stringify({ ...info, sha256 })], { type: 'application/json' }));
      form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.contentType }), file.filename);
      const res = await call('/flows', { method: 'POST', body: form });
      if (res.status >= 400) throw await refusal(res);
      return json<Flow>(res);
    },
    async get(flowId) {
      const res = await call(`/flows/${encodeURIComponent(flowId)}`, { method: 'GET' });
      if (res.status === 404) {
        await res.body?.cancel();
        return undefined;
      }
      if (res.status >= 400) throw await refusal(res);
      return json<Flow>(res);
    },
    async search(where, limit = 25) {
      const res = await call('/flows/search', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ where, limit }),
      });
      if (res.status >= 400) throw await refusal(res);
      return (await json<{ results?: Flow[] }>(res)).results ?? [];
    },
  };
}
