/**
 * One adapter per mode (DESIGN.md §3): live talks to the real system, sandbox to its in-process
 * simulator. Callers pick by the object's own mode, so code that uses an upstream reads the same
 * in both.
 */
export interface PerMode<T> {
  live: T;
  sandbox: T;
}

export function forMode<T>(adapters: PerMode<T>, livemode: boolean): T {
  return livemode ? adapters.live : adapters.sandbox;
}
