import type { Client } from '@temporalio/client';
import { withTimeout } from './probes.ts';

/** A poller counts while it polled this recently: an idle long poll is renewed about every minute. */
export const POLLER_FRESH_MS = 75_000;

export interface TaskQueuePollers {
  status: 'ok' | 'waiting' | 'starved' | 'unknown';
  pollers: number;
  lastPollerSeenAt?: string;
}

export interface TaskQueueWatchOptions {
  namespace: string;
  /** The queues the API starts work on. */
  taskQueues: readonly string[];
  /** How long a queue may have no poller before readiness fails (a worker restarting stays ready). */
  graceMs: number;
  now?: () => number;
}

// Temporal's enums, by number (the proto package is not a direct dependency).
const KIND_NORMAL = 1;
const TYPE_WORKFLOW = 1;
const TYPE_ACTIVITY = 2;

/**
 * Asks Temporal (DescribeTaskQueue) who polls each queue the API feeds, and remembers per queue when
 * this process last saw a poller there. A queue without one for longer than the grace is `starved`.
 * The grace starts with the process, so an API started before its workers is not failed at once.
 */
export function taskQueueWatch(temporal: Client, options: TaskQueueWatchOptions) {
  const now = options.now ?? Date.now;
  const startedAt = now();
  const lastSeen = new Map<string, number>();

  async function pollersOf(queue: string): Promise<number> {
    const identities = new Set<string>();
    for (const type of [TYPE_WORKFLOW, TYPE_ACTIVITY] as const) {
      const res = await withTimeout(
        temporal.workflowService.describeTaskQueue({
          namespace: options.namespace,
          taskQueue: { name: queue, kind: KIND_NORMAL },
          taskQueueType: type,
        }),
        2000,
        'temporal',
      );
      for (const poller of res.pollers ?? []) {
        const seconds = Number(poller.lastAccessTime?.seconds ?? 0);
        if (now() - seconds * 1000 <= POLLER_FRESH_MS) identities.add(poller.identity ?? '');
      }
    }
    return identities.size;
  }

  return {
    async check(): Promise<{ ready: boolean; taskQueues: Record<string, TaskQueuePollers> }> {
      const entries = await Promise.all(
        options.taskQueues.map(async (queue): Promise<[string, TaskQueuePollers]> => {
          const pollers = await pollersOf(queue).catch(() => undefined);
          const at = now();
          if (pollers) lastSeen.set(queue, at);
          const seen = lastSeen.get(queue);
          const since = at - (seen ?? startedAt);
          const status =
            pollers === undefined ? 'unknown' : pollers > 0 ? 'ok' : since > options.graceMs ? 'starved' : 'waiting';
          return [
            queue,
            {
              status,
              pollers: pollers ?? 0,
              ...(seen !== undefined ? { lastPollerSeenAt: new Date(seen).toISOString() } : {}),
            },
          ];
        }),
      );
      const taskQueues = Object.fromEntries(entries);
      return { ready: entries.every(([, q]) => q.status !== 'starved'), taskQueues };
    },
  };
}
