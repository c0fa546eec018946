import createClient, { type Client } from 'openapi-fetch';
import { DocexApiError } from './errors.ts';
import type { paths } from './schema.ts';

export interface DocexClientOptions {
  /** An API key (`svc_test_…` in the sandbox, `svc_live_…`) or a JWT. */
  apiKey: string;
  /** Where the API is served, e.g. `http://localhost:3000`. */
  baseUrl: string;
  /**
   * Further attempts after a lost connection, a 429, a 409 `IDEMPOTENCY_IN_PROGRESS`, a 500 or a
   * 502/503/504; default 3, 0 turns retries off.
   */
  maxRetries?: number;
  /** First backoff delay when the answer has no Retry-After; doubles each attempt, jittered. Default 250 ms. */
  initialDelayMs?: number;
  /** A Retry-After longer than this is not waited for (a spent monthly quota); the error is thrown. Default 60 s. */
  maxDelayMs?: number;
  /** The fetch to send with; defaults to the global one. */
  fetch?: (request: Request) => Promise<Response>;
}

export type DocexClient = Client<paths>;

/** Answers after which the request did not take effect, or may be sent again as it is. */
const RETRIED = new Set([429, 500, 502, 503, 504]);

/**
 * Whether an attempt is sent again: a lost connection (a thrown fetch) or a 500 may have been
 * applied, so they are retried where sending twice changes nothing: a POST (its Idempotency-Key
 * answers the first result), GET, PUT, DELETE; a PATCH (say, a secret rotation) only where the
 * service said it did nothing.
 */
async function shouldRetry(request: Request, answer: Response | { thrown: unknown }): Promise<boolean> {
  const replayable = request.method !== 'PATCH';
  if (!(answer instanceof Response)) return replayable && !request.signal?.aborted;
  if (answer.status === 500) return replayable;
  if (RETRIED.has(answer.status)) return true;
  if (answer.status !== 409) return false;
  // The first request with this key still runs: the same key again answers what it answers.
  const body = (await answer
    .clone()
    .json()
    .catch(() => undefined)) as { error?: { code?: unknown } } | undefined;
  return body?.error?.code === 'IDEMPOTENCY_IN_PROGRESS';
}

/**
 * A client typed by the contract (openapi-fetch): every path, parameter, body and answer is checked
 * by the compiler. Each request carries the bearer key; each POST an `Idempotency-Key` (one per
 * call, kept across its retries, unless you set your own). A lost connection, 429, 409
 * `IDEMPOTENCY_IN_PROGRESS`, 500 and 502–504 are retried with that same key, after `Retry-After`,
 * else after a jittered exponential delay from 250 ms.
 */
export function createDocexClient(options: DocexClientOptions): DocexClient {
  const send = options.fetch ?? ((request: Request) => fetch(request));
  const maxRetries = options.maxRetries ?? 3;
  const initialDelay = options.initialDelayMs ?? 250;
  const maxDelay = options.maxDelayMs ?? 60_000;

  const retrying = async (request: Request): Promise<Response> => {
    request.headers.set('authorization', `Bearer ${options.apiKey}`);
    if (request.method === 'POST' && !request.headers.has('idempotency-key'))
      request.headers.set('idempotency-key', crypto.randomUUID());
    for (let attempt = 0; ; attempt++) {
      let response: Response;
      try {
        response = await send(request.clone());
      } catch (thrown) {
        if (attempt >= maxRetries || !(await shouldRetry(request, { thrown }))) throw thrown;
        await sleep(retryDelay(null, attempt, initialDelay));
        continue;
      }
      if (attempt >= maxRetries || !(await shouldRetry(request, response))) return response;
      const delay = retryDelay(response.headers.get('retry-after'), attempt, initialDelay);
      if (delay > maxDelay) return response;
      await response.body?.cancel();
      await sleep(delay);
    }
  };

  return createClient<paths>({ baseUrl: options.baseUrl.replace(/\/$/, ''), fetch: retrying });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `Retry-After` in seconds (or an HTTP date), else 250 ms × 2^attempt with full jitter. */
export function retryDelay(retryAfter: string | null, attempt: number, initialDelayMs = 250): number {
  if (retryAfter) {
    const seconds = Number(retryAfter);
    if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
    const date = Date.parse(retryAfter);
    if (!Number.isNaN(date)) return Math.max(0, date - Date.now());
  }
  const ceiling = initialDelayMs * 2 ** attempt;
  return ceiling / 2 + Math.random() * (ceiling / 2);
}

/** What every openapi-fetch call resolves to: the parsed body or the error body, and the response. */
export interface Answer {
  data?: unknown;
  error?: unknown;
  response: Response;
}

/**
 * The body of a successful answer, or a `DocexApiError` with the error's `code` and `requestId`.
 * `const doc = await ok(docex.GET('/v1/documents/{document_id}', { params: { path: { document_id } } }))`
 */
export async function ok<R extends Answer>(answer: Promise<R>): Promise<NonNullable<R['data']>> {
  const result = await answer;
  if (result.error !== undefined || !result.response.ok)
    throw DocexApiError.fromResponse(result.response, result.error);
  return result.data as NonNullable<R['data']>;
}

/** A page of a list operation: items, whether more follow, and the cursor of the next page. */
export interface Page<T> {
  data: T[];
  hasMore: boolean;
  cursor?: string | null;
}

/**
 * Every item of a list, page after page: `fetchPage` is called with the cursor of the previous page
 * (undefined first) until a page says `hasMore: false`.
 * `for await (const event of paginate((cursor) => docex.GET('/v1/events', { params: { query: { cursor } } })))`
 */
export async function* paginate<T>(
  fetchPage: (cursor: string | undefined) => Promise<Answer & { data?: Page<T> }>,
): AsyncGenerator<T, void, undefined> {
  let cursor: string | undefined;
  for (;;) {
    const page: Page<T> = await ok(fetchPage(cursor));
    yield* page.data;
    if (!page.hasMore || !page.cursor) return;
    cursor = page.cursor;
  }
}
