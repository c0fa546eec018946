import { useClock, type ClockInput } from '../clock.ts';

export interface TimedWaitInput extends ClockInput {
  waitMs: number;
  /** Further waits after the first, one after the other. */
  thenMs?: number[];
}

export interface TimedWaitResult {
  /** The company's time when the last wait ended. */
  wokeAt: number;
  /** How many waits completed. */
  waits: number;
}

/** Waits on a company's clock: operators use it to check a namespace's timers and the clock signal. */
export async function timedWaitWorkflow(input: TimedWaitInput): Promise<TimedWaitResult> {
  const clock = useClock(input);
  const waits = [input.waitMs, ...(input.thenMs ?? [])];
  for (const ms of waits) await clock.sleep(ms);
  return { wokeAt: clock.now(), waits: waits.length };
}
