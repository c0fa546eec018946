import { ScheduleAlreadyRunning, ScheduleOverlapPolicy, type Client } from '@temporalio/client';
import { TASK_QUEUES, workflowIds } from '../core/temporal.ts';

/** Every recurring job, as a Temporal Schedule; created once, left alone when it exists. */
export async function ensureSchedules(client: Client): Promise<void> {
  try {
    await client.schedule.create({
      scheduleId: workflowIds.maintenance(),
      spec: { intervals: [{ every: '5 minutes' }] },
      policies: { overlap: ScheduleOverlapPolicy.SKIP },
      action: { type: 'startWorkflow', workflowType: 'maintenanceWorkflow', taskQueue: TASK_QUEUES.system, args: [] },
    });
  } catch (err) {
    if (!(err instanceof ScheduleAlreadyRunning)) throw err;
  }
}
