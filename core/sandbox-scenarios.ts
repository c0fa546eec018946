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
