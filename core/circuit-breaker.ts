import { watchCircuit } from './metrics.ts';

export type CircuitState = 'closed' | 'open' | 'half_open';

export interface CircuitSnapshot {
  state: CircuitState;
  failures: number;
}

/**
 * Counts consecutive failures of one dependency. After `threshold` of them the circuit opens and
 * calls fail fast for `cooldownMs`; then one trial call decides between closing and reopening.
 */
export class CircuitBreaker {
  private consecutiveFailures = 0;
  private openedAt = 0;
  private state: CircuitState = 'closed';

  constructor(
    readonly name: string,
    private readonly threshold = 3,
    private readonly cooldownMs = 10_000,
    private readonly now: () => number = Date.now,
  ) {
    watchCircuit(this);
  }

  snapshot(): CircuitSnapshot {
    this.refresh();
    return { state: this.state, failures: this.consecutiveFailures };
  }

  /** True while calls should not be attempted; the caller answers 503 with {@link retryAfterSeconds}. */
  isOpen(): boolean {
    this.refresh();
    return this.state === 'open';
  }

  retryAfterSeconds(): number {
    if (this.state !== 'open') return 1;
    return Math.max(1, Math.ceil((this.openedAt + this.cooldownMs - this.now()) / 1000));
  }

  recordSuccess(): void {
    this.consecutiveFailures = 0;
    this.state = 'closed';
  }

  recordFailure(): void {
    this.consecutiveFailures += 1;
    if (this.state === 'half_open' || this.consecutiveFailures >= this.threshold) {
      this.state = 'open';
      this.openedAt = this.now();
    }
  }

  async run<T>(call: () => Promise<T>): Promise<T> {
    try {
      const result = await call();
      this.recordSuccess();
      return result;
    } catch (err) {
      this.recordFailure();
      throw err;
    }
  }

  private refresh(): void {
    if (this.state === 'open' && this.now() - this.openedAt >= this.cooldownMs) this.state = 'half_open';
  }
}
