import { useClock, type ClockInput } from '../clock.ts';

export interface TimedWaitInput extends ClockInput {
  waitMs: number;
}

export interface TimedWaitResult {
  /** The company's time when the wait ended. */
  wokeAt: number;
}

/** A bare wait on a company's clock: operators use it to check a namespace's timers and the clock signal. */
export async function timedWaitWorkflow(input: TimedWaitInput): Promise<TimedWaitResult> {
  const clock = useClock(input);
  await clock.sleep(input.waitMs);
  return { wokeAt: clock.now() };
}
