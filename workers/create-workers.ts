import { type NativeConnection, Worker } from '@temporalio/worker';
import { createActivities, type ActivityDeps } from '../activities/index.ts';
import { TASK_QUEUES } from '../core/temporal.ts';
import { workflowBundle } from './bundle.ts';
import type { Tracing } from '../core/telemetry.ts';

export interface WorkerDeps extends ActivityDeps {
  connection: NativeConnection;
  namespace: string;
  /** Defaults to every queue; a deployment may run one queue per process to scale it alone. */
  taskQueues?: string[];
  /** Traces workflows and activities (see core/telemetry.ts); off when undefined. */
  tracing?: Tracing;
}

/** One worker per task queue, all sharing one bundle and one set of activities. */
export async function createWorkers(deps: WorkerDeps): Promise<Worker[]> {
  const bundle = await workflowBundle({ tracing: deps.tracing !== undefined });
  const activities = createActivities(deps);
  const queues = deps.taskQueues ?? Object.values(TASK_QUEUES);
  return Promise.all(
    queues.map((taskQueue) =>
      Worker.create({
        connection: deps.connection,
        namespace: deps.namespace,
        taskQueue,
        workflowBundle: bundle,
        activities,
        maxConcurrentWorkflowTaskExecutions: 100,
        maxConcurrentActivityTaskExecutions: 200,
        maxConcurrentWorkflowTaskPolls: 8,
        maxConcurrentActivityTaskPolls: 8,
        // Documents carry most workflow tasks: a second thread runs their activations beside the first.
        workflowThreadPoolSize: taskQueue === TASK_QUEUES.documents ? 2 : 1,
        ...deps.tracing?.workerOptions(),
      }),
    ),
  );
}

/** Runs the workers until `signal` aborts (or one fails), then drains them. */
export async function runWorkers(workers: Worker[], signal: AbortSignal): Promise<void> {
  const onAbort = () =>
    workers.forEach((w) => {
      if (w.getState() === 'RUNNING') w.shutdown();
    });
  signal.addEventListener('abort', onAbort, { once: true });
  try {
    await Promise.all(workers.map((w) => w.run()));
  } finally {
    signal.removeEventListener('abort', onAbort);
    onAbort();
  }
}
