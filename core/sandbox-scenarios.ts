/**
 * The deterministic sandbox catalogue: identifiers that make the simulators produce each outcome
 * the specification names. The README's sandbox section lists the same table. DUNS-scheme (0060)
 * ids carry no check digit, so each one is a syntactically valid participant id.
 */
export const SANDBOX_RECIPIENTS = {
  apRejected: '0060:999000001',
  transportFlaky: '0060:999000002',
  transportDown: '0060:999000003',
  sbdhError: '0060:999000004',
  slowDelivery: '0060:999000005',
  /** Not registered in the SMP for anything: 422 RECIPIENT_NOT_FOUND. */
  notRegistered: '0060:999000010',
  /** Registered, but for orders only: invoices get 422 RECIPIENT_CANNOT_RECEIVE. */
  ordersOnly: '0060:999000011',
} as const;

/** How long the simulated access point takes to confirm a delivery (virtual time). */
export const SANDBOX_CONFIRMATION_MS = 5_000;
export const SANDBOX_SLOW_CONFIRMATION_MS = 6 * 3_600_000;
/** Failed hand-offs of the flaky recipient before it accepts. */
export const SANDBOX_FLAKY_FAILURES = 2;

/**
 * Sandbox webhook URLs on the reserved `.test` domain answer without any network traffic, so a test
 * suite can drive every delivery outcome: `ok.webhook.test` (200), `fail.webhook.test` (500 on
 * every attempt), `fail-<n>.webhook.test` (500 for the first n attempts, then 200),
 * `timeout.webhook.test` (no answer within the time limit) and `redirect.webhook.test` (302).
 */
export const SANDBOX_WEBHOOK_DOMAIN = 'webhook.test';

export function isSandboxWebhookHost(host: string): boolean {
  return host === SANDBOX_WEBHOOK_DOMAIN || host.endsWith(`.${SANDBOX_WEBHOOK_DOMAIN}`);
}

/** The simulated receiver's answer to attempt `attempt`, or undefined for a host it does not serve. */
export function sandboxWebhookAnswer(
  rawUrl: string,
  attempt: number,
  timeoutMs: number,
): { statusCode: number | null; error: string | null } | undefined {
  let host: string;
  try {
    host = new URL(rawUrl).hostname.toLowerCase();
  } catch {
    return undefined;
  }
  if (!isSandboxWebhookHost(host)) return undefined;
  const label = host.slice(0, -(SANDBOX_WEBHOOK_DOMAIN.length + 1));
  const failFirst = /^fail-(\d{1,2})$/.exec(label);
  if (label === 'fail' || (failFirst && attempt <= Number(failFirst[1]))) return { statusCode: 500, error: 'HTTP 500' };
  if (label === 'timeout') return { statusCode: null, error: `no answer within ${timeoutMs / 1000} s` };
  if (label === 'redirect')
    return {
      statusCode: 302,
      error: 'redirect to https://elsewhere.webhook.test/ not followed: answer with a 2xx at the webhook URL itself',
    };
  return { statusCode: 200, error: null };
}

/**
 * Sandbox recipients that answer a delivered invoice with a Peppol Invoice Response, one per code,
 * a minute (company clock) after delivery; the answer moves the invoice's lifecycle with history
 * source `recipient` (AB acknowledges and moves nothing).
 */
export const SANDBOX_RESPONDERS: Record<
  string,
  {
    code: 'AB' | 'IP' | 'UQ' | 'CA' | 'RE' | 'AP' | 'PD';
    status: 'under_review' | 'disputed' | 'approved' | 'rejected' | 'paid' | null;
  }
> = {
  '0060:999000101': { code: 'AB', status: null },
  '0060:999000102': { code: 'IP', status: 'under_review' },
  '0060:999000103': { code: 'UQ', status: 'disputed' },
  '0060:999000104': { code: 'CA', status: 'approved' },
  '0060:999000105': { code: 'RE', status: 'rejected' },
  '0060:999000106': { code: 'AP', status: 'approved' },
  '0060:999000107': { code: 'PD', status: 'paid' },
};

/** How long after delivery a sandbox responder answers (company clock). */
export const SANDBOX_RESPONSE_DELAY_MS = 60_000;
