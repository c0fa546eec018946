import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { CircuitState } from './circuit-breaker.ts';

/**
 * The Prometheus metrics of one process (API or worker), served by core/metrics-server.ts on a
 * listener of its own. Business facts are counted where they happen, through the `count…`
 * functions below, so each call site is one line and the label sets live here.
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: 'docex_' });

const httpDuration = new Histogram({
  name: 'docex_http_request_duration_seconds',
  help: 'API request duration by contract route, method and status.',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

const documents = new Counter({
  name: 'docex_documents_total',
  help: 'Outgoing documents by outcome (accepted by the API, handed_off, delivered, failed, rejected), type and livemode.',
  labelNames: ['outcome', 'type', 'livemode'] as const,
  registers: [registry],
});

const deliveryLatency = new Histogram({
  name: 'docex_document_delivery_seconds',
  help: 'Time from acceptance to confirmed delivery of an outgoing document.',
  labelNames: ['type', 'livemode'] as const,
  buckets: [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900, 3600, 21600, 86400],
  registers: [registry],
});

const deliveryAttempts = new Counter({
  name: 'docex_delivery_attempts_total',
  help: 'Hand-offs of a document to the access point by outcome (handed_off, or the failure type).',
  labelNames: ['outcome', 'livemode'] as const,
  registers: [registry],
});

const infrastructureFailures = new Counter({
  name: 'docex_infrastructure_failures_total',
  help: 'Activity attempts failed by our own side (database, network, worker), retried without limit: any increase is worth an alert.',
  labelNames: ['activity'] as const,
  registers: [registry],
});

const webhookAttempts = new Counter({
  name: 'docex_webhook_deliveries_total',
  help: 'Webhook delivery attempts by outcome (succeeded, failed) and attempt number (1 to 8).',
  labelNames: ['outcome', 'attempt'] as const,
  registers: [registry],
});

const lifecycleTransitions = new Counter({
  name: 'docex_lifecycle_transitions_total',
  help: 'Lifecycle moves by the status reached (implied intermediate steps included).',
  labelNames: ['status'] as const,
  registers: [registry],
});

const complianceReports = new Counter({
  name: 'docex_compliance_reports_total',
  help: 'Compliance reports decided by a tax platform, by platform and outcome.',
  labelNames: ['platform', 'outcome'] as const,
  registers: [registry],
});

const idempotentReplays = new Counter({
  name: 'docex_idempotent_replays_total',
  help: 'Requests answered from a stored idempotent response, by contract route.',
  labelNames: ['route'] as const,
  registers: [registry],
});

const rateLimited = new Counter({
  name: 'docex_rate_limited_requests_total',
  help: 'Requests refused with 429, by contract route.',
  labelNames: ['route'] as const,
  registers: [registry],
});

/** Pools and breakers report at scrape time; weak references let a closed pool or test app go. */
const pools = new Map<string, WeakRef<PoolStats>>();
const breakers = new Map<string, WeakRef<{ snapshot(): { state: CircuitState } }>>();

export interface PoolStats {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

new Gauge({
  name: 'docex_db_pool_connections',
  help: 'Postgres pool connections by pool and state (total, idle, waiting clients).',
  labelNames: ['pool', 'state'] as const,
  registers: [registry],
  collect() {
    this.reset();
    for (const [name, ref] of pools) {
      const pool = ref.deref();
      if (!pool) {
        pools.delete(name);
        continue;
      }
      this.set({ pool: name, state: 'total' }, pool.totalCount);
      this.set({ pool: name, state: 'idle' }, pool.idleCount);
      this.set({ pool: name, state: 'waiting' }, pool.waitingCount);
    }
  },
});

const CIRCUIT_VALUE: Record<CircuitState, number> = { closed: 0, half_open: 1, open: 2 };

new Gauge({
  name: 'docex_circuit_state',
  help: 'Circuit breaker state per dependency: 0 closed, 1 half open, 2 open.',
  labelNames: ['circuit'] as const,
  registers: [registry],
  collect() {
    this.reset();
    for (const [name, ref] of breakers) {
      const breaker = ref.deref();
      if (!breaker) {
        breakers.delete(name);
        continue;
      }
      this.set({ circuit: name }, CIRCUIT_VALUE[breaker.snapshot().state]);
    }
  },
});

/** A pg Pool to report; the latest pool of a name wins (one pool per name in a real process). */
export function watchPool(name: string, pool: PoolStats): void {
  pools.set(name, new WeakRef(pool));
}

export function watchCircuit(breaker: { name: string; snapshot(): { state: CircuitState } }): void {
  breakers.set(breaker.name, new WeakRef(breaker));
}

export function observeHttpRequest(method: string, route: string, status: number, seconds: number): void {
  httpDuration.observe({ method, route, status: String(status) }, seconds);
}

export function countIdempotentReplay(route: string): void {
  idempotentReplays.inc({ route });
}

export function countRateLimited(route: string): void {
  rateLimited.inc({ route });
}

interface DocumentFacts {
  type: string;
  livemode: boolean;
  created_at?: Date;
}

export function countDocumentAccepted(document: DocumentFacts): void {
  documents.inc({ outcome: 'accepted', type: document.type, livemode: String(document.livemode) });
}

/** A delivery move that happened (not a repeat); a delivery also records its latency since acceptance. */
export function countDocumentMove(document: DocumentFacts, to: string, at: Date): void {
  const labels = { type: document.type, livemode: String(document.livemode) };
  documents.inc({ ...labels, outcome: to });
  if (to === 'delivered' && document.created_at)
    deliveryLatency.observe(labels, Math.max(0, (at.getTime() - document.created_at.getTime()) / 1000));
}

/** Runs one hand-off and counts it by outcome: `handed_off`, or the failure's `type`. */
export async function countDeliveryAttempt<T>(livemode: boolean, handOff: () => Promise<T>): Promise<T> {
  try {
    const result = await handOff();
    deliveryAttempts.inc({ outcome: 'handed_off', livemode: String(livemode) });
    return result;
  } catch (err) {
    deliveryAttempts.inc({ outcome: (err as { type?: string }).type ?? 'error', livemode: String(livemode) });
    throw err;
  }
}

/** An attempt that failed for no reason of the upstream's: Temporal retries it; this makes it visible. */
export function countInfrastructureFailure(activity: string): void {
  infrastructureFailures.inc({ activity });
}

export function countWebhookAttempt(outcome: 'succeeded' | 'failed', attempt: number): void {
  webhookAttempts.inc({ outcome, attempt: String(attempt) });
}

export function countLifecycleTransitions(steps: ReadonlyArray<{ to: string }>): void {
  for (const step of steps) lifecycleTransitions.inc({ status: step.to });
}

export function countComplianceReport(platform: string, outcome: string): void {
  complianceReports.inc({ platform, outcome });
}
