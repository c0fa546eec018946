import { CircuitBreaker } from '../../core/circuit-breaker.ts';
import { UpstreamError } from '../directory/types.ts';

/** Calls to a failing upstream are suspended; the API answers 503 with Retry-After. */
export class CircuitOpenError extends UpstreamError {
  constructor(
    upstream: string,
    readonly retryAfterSeconds: number,
    what: string,
  ) {
    super(upstream, 'unavailable', `${what} failed repeatedly; calls are suspended for ${retryAfterSeconds} s.`);
    this.name = 'CircuitOpenError';
  }
}

/**
 * Runs `call` through `breaker`. Only availability failures (timeouts, refusals, 5xx) that
 * `counts` accepts open the circuit; any other outcome shows the upstream answers and closes it.
 * Errors that are not upstream failures leave the circuit as it is.
 */
export async function throughBreaker<T>(
  breaker: CircuitBreaker,
  what: string,
  call: () => Promise<T>,
  counts: (err: UpstreamError) => boolean = () => true,
): Promise<T> {
  if (breaker.isOpen()) throw new CircuitOpenError(breaker.name, breaker.retryAfterSeconds(), what);
  try {
    const result = await call();
    breaker.recordSuccess();
    return result;
  } catch (err) {
    if (err instanceof CircuitOpenError) throw err;
    if (err instanceof UpstreamError) {
      if (err.kind !== 'malformed' && counts(err)) breaker.recordFailure();
      else breaker.recordSuccess();
    }
    throw err;
  }
}

export interface BreakerSettings {
  threshold: number;
  cooldownMs: number;
  now?: () => number;
}

export const DEFAULT_BREAKER: BreakerSettings = { threshold: 5, cooldownMs: 30_000 };

/** One circuit per SMP host, so one SMP that is down does not suspend lookups at every other. */
export function perHostBreakers(
  settings: BreakerSettings = DEFAULT_BREAKER,
  maxHosts = 1000,
): (host: string) => CircuitBreaker {
  const breakers = new Map<string, CircuitBreaker>();
  return (host) => {
    let breaker = breakers.get(host);
    if (!breaker) {
      // Bounded: forgetting the states of rarely used hosts only costs a few failed calls.
      if (breakers.size >= maxHosts) breakers.clear();
      breaker = new CircuitBreaker('smp', settings.threshold, settings.cooldownMs, settings.now);
      breakers.set(host, breaker);
    }
    return breaker;
  };
}
