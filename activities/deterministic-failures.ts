import { ApplicationFailure } from '@temporalio/common';
import { failure } from '../core/failures.ts';

/**
 * Postgres data exceptions (SQLSTATE class 22: a numeric overflow, an invalid value for its type)
 * fail again on every attempt with the same input: retrying them only wedges the workflow behind
 * them. They become the non-retryable INVALID_INPUT; everything else keeps its retry policy.
 */
export function asDeterministicFailure(err: unknown): unknown {
  const code = (err as { code?: unknown } | null)?.code;
  if (err instanceof ApplicationFailure || typeof code !== 'string' || !code.startsWith('22')) return err;
  return failure('INVALID_INPUT', `${(err as Error).message} (SQLSTATE ${code})`);
}

type ActivityFunction = (...args: any[]) => Promise<unknown>;

/** Every activity of `activities`, with its deterministic database failures made non-retryable. */
export function failingDeterministically<T extends Record<string, ActivityFunction>>(activities: T): T {
  return Object.fromEntries(
    Object.entries(activities).map(([name, activity]) => [
      name,
      async (...args: unknown[]) => {
        try {
          return await activity(...args);
        } catch (err) {
          throw asDeterministicFailure(err);
        }
      },
    ]),
  ) as T;
}
