import { proxyActivities } from '@temporalio/workflow';
import type { EventActivities } from '../../activities/events.ts';
import { ACTIVITY_PRESETS } from '../activity-options.ts';

const { fanOutEvent } = proxyActivities<EventActivities>(ACTIVITY_PRESETS.database);

export interface EventInput {
  eventId: string;
}

export interface EventResult {
  eventId: string;
  deliveryIds: string[];
}

/** Fans one committed event out to every matching webhook subscription (`event:<evt_id>`). */
export async function eventWorkflow(input: EventInput): Promise<EventResult> {
  const { deliveryIds } = await fanOutEvent(input);
  return { eventId: input.eventId, deliveryIds };
}
