import { log } from './log.ts';

/** A dependency that could not be started or reached at boot: one clear log line, then exit 1. */
export class StartupError extends Error {
  constructor(
    readonly dependency: string,
    readonly problem: string,
    readonly fix: string,
    cause?: unknown,
  ) {
    super(`${dependency}: ${problem}`, cause === undefined ? undefined : { cause });
    this.name = 'StartupError';
  }

  render(): string {
    return `Cannot start: ${this.dependency} — ${this.problem}. How to fix: ${this.fix}.`;
  }
}

/**
 * Writes why a process could not start as one JSON log line: a StartupError with its dependency and
 * fix as fields (the message alone reads well in a terminal), anything else with its stack.
 */
export function logStartupFailure(what: string, err: unknown): void {
  if (err instanceof StartupError)
    log.error(err.render(), { process: what, dependency: err.dependency, problem: err.problem, fix: err.fix });
  else log.error(`${what} failed to start`, { error: err instanceof Error ? err.stack : String(err) });
}

/**
 * The Postgres and Temporal addresses an API or worker process cannot start without; `npm start`
 * provides both, a process run alone must be given them.
 */
export function requireServers(config: { databaseUrl?: string | undefined; temporalAddress?: string | undefined }): {
  databaseUrl: string;
  temporalAddress: string;
} {
  if (!config.databaseUrl)
    throw new StartupError(
      'postgres',
      'DATABASE_URL is not set',
      'set DATABASE_URL, or use `npm start` which provides one',
    );
  if (!config.temporalAddress)
    throw new StartupError(
      'temporal',
      'TEMPORAL_ADDRESS is not set',
      'set TEMPORAL_ADDRESS, or use `npm start` which provides one',
    );
  return { databaseUrl: config.databaseUrl, temporalAddress: config.temporalAddress };
}
