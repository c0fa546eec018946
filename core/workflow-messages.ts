import { defineSignal, defineUpdate } from '@temporalio/workflow';
import type { LifecycleCommand, LifecycleOutcome } from './lifecycle.ts';
import type { MessageLevelStatus } from '../peppol/index.ts';

/*
 * The signals and updates the service sends its workflows, defined once: the workflows set their
 * handlers for them, and the API, the activities and the upstream simulators send them by the same
 * definition. Pure values (a name and its argument types), no I/O.
 */

export interface ClockChange {
  /** Virtual time minus wall-clock time, in milliseconds. */
  offsetMs: number;
}

/** Sent to a sandbox company's waiting workflows when its virtual clock moves. */
export const clockChangedSignal = defineSignal<[ClockChange]>('clockChanged');

/**
 * The receiving access point's Message Level Status for a handed-off document, as the access point
 * forwards it (an MLS arrives through the inbound door like any Peppol message).
 */
export const messageLevelStatusSignal = defineSignal<[MessageLevelStatus]>('messageLevelStatus');

/** One lifecycle command for a document's workflow; its validator refuses a move the table forbids. */
export const lifecycleUpdate = defineUpdate<LifecycleOutcome, [LifecycleCommand]>('lifecycle');
