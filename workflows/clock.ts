import { condition, setHandler, sleep } from '@temporalio/workflow';
import { clockChangedSignal } from '../core/workflow-messages.ts';

export { clockChangedSignal, type ClockChange } from '../core/workflow-messages.ts';

export interface ClockInput {
  /** Live companies wait on real timers; sandbox ones on their virtual clock. */
  livemode: boolean;
  /** The company's clock offset when the workflow started. */
  offsetMs?: number;
}

export interface WorkflowClock {
  /** The company's current time as this workflow sees it (epoch milliseconds). */
  now(): number;
  /** Waits `ms` of the company's time. */
  sleep(ms: number): Promise<void>;
  /** Waits until the company's time reaches `epochMs`. */
  sleepUntil(epochMs: number): Promise<void>;
  /** Waits for `predicate` or `ms` of the company's time, whichever comes first; true if the predicate held. */
  condition(predicate: () => boolean, ms: number): Promise<boolean>;
  /**
   * The same clock for a sequence of waits running beside others in one workflow: each lane plays
   * out a jump of the clock through its own waits (see `lateByMs`), so parallel sequences do not
   * take each other's lateness.
   */
  lane(): WorkflowClock;
}

/**
 * The one way a workflow waits. Live: a durable Temporal timer. Sandbox: a timer on the
 * company's virtual time, re-armed whenever {@link clockChangedSignal} moves that time, so an
 * advance of the clock wakes every wait that is now due.
 */
export function useClock(input: ClockInput): WorkflowClock {
  let offsetMs = input.offsetMs ?? 0;
  let changes = 0;
  setHandler(clockChangedSignal, (change) => {
    offsetMs = change.offsetMs;
    changes += 1;
  });
  const now = () => Date.now() + offsetMs;
  const lane = (): WorkflowClock => {
    /**
     * Sandbox: how late the last wait woke. A clock advance that jumps past several waits in a row
     * must play them out as if time had flowed through them — each next wait counts from when the
     * previous one was due, not from when the jump woke it — so that, say, webhook attempts 2 to 4
     * all happen after one advance of an hour. A wait that woke on time (within a second) changes
     * nothing; any other kind of wait clears it.
     */
    let lateByMs = 0;

    const sleepUntil = async (epochMs: number): Promise<void> => {
      if (input.livemode) {
        const ms = epochMs - Date.now();
        if (ms > 0) await sleep(ms);
        return;
      }
      while (now() < epochMs) {
        const seen = changes;
        await condition(() => changes !== seen, epochMs - now());
      }
      const late = now() - epochMs;
      lateByMs = late > 1000 ? late : 0;
    };

    const sleepFor = (ms: number): Promise<void> => sleepUntil(now() - (input.livemode ? 0 : lateByMs) + ms);

    const waitFor = async (predicate: () => boolean, ms: number): Promise<boolean> => {
      lateByMs = 0;
      if (input.livemode) return condition(predicate, ms);
      const deadline = now() + ms;
      while (!predicate() && now() < deadline) {
        const seen = changes;
        await condition(() => predicate() || changes !== seen, deadline - now());
      }
      return predicate();
    };

    return { now, sleep: sleepFor, sleepUntil, condition: waitFor, lane };
  };
  return lane();
}
