import { proxyActivities } from '@temporalio/workflow';
import type { InboundActivities, InboundResult } from '../../activities/inbound.ts';
import type { InboundMessage } from '../../core/inbound-message.ts';
import { ACTIVITY_PRESETS } from '../activity-options.ts';

const { receiveInboundDocument } = proxyActivities<InboundActivities>(ACTIVITY_PRESETS.database);

export type InboundInput = InboundMessage;

/**
 * `inbound:<doc_id>`: a document received from the Peppol network (the AS4 gateway) or simulated
 * in the sandbox. Reading, persisting and the `document.received` event happen in one idempotent
 * activity; a payload that cannot be read is still persisted as a stored file.
 */
export async function inboundWorkflow(input: InboundInput): Promise<InboundResult> {
  return receiveInboundDocument(input);
}
