import { proxyActivities } from '@temporalio/workflow';
import type { SandboxAccessPointActivities } from '../../activities/sandbox-access-point.ts';
import { ACTIVITY_PRESETS } from '../activity-options.ts';
import { useClock } from '../clock.ts';

const { forwardTransmission, returnMessageLevelStatus, answerAsRecipient, releaseTransmission } =
  proxyActivities<SandboxAccessPointActivities>(ACTIVITY_PRESETS.database);

/** One transmission handed to the sandbox access point, as the simulator (upstreams/transport/simulator.ts) starts it. */
export interface SandboxTransmission {
  /** The SBDH InstanceIdentifier. */
  instanceId: string;
  /** The sending company: its organization is the sandbox network the message travels in, its clock the one waited on. */
  organizationId: string;
  companyId: string;
  /** The sending company's clock offset at the hand-off. */
  offsetMs: number;
  /**
   * The instant the transmission counts from (company clock, epoch ms): the document's acceptance
   * for a first hand-off, the hand-off's own moment for a re-send. A clock advance made before the
   * run started still counts.
   */
  acceptedAt: number;
  /** When the receiving side takes the message and answers with its MLS, after `acceptedAt` (company clock). */
  answerAfterMs: number;
  /** A responder recipient's Invoice Response, sent this long after its MLS (company clock). */
  response: { code: string; afterMs: number } | null;
}

/**
 * `sandboxAccessPoint:<InstanceIdentifier>`: the receiving side of a sandbox transmission, as a
 * remote access point and its recipient act. After the recipient's delay it forwards the message to
 * the service's inbound door when a company of the sending organization receives it there, answers
 * the sending side with a Message Level Status through the same door (RE when the door refused the
 * message), and a responder recipient then answers an invoice with its Invoice Response, again
 * through the door. Every wait is on the sending company's clock, counted from the transmission's
 * acceptance. The message as handed off (`sandbox_transmissions`) goes when the run ends.
 */
export async function sandboxAccessPointWorkflow(input: SandboxTransmission): Promise<void> {
  const clock = useClock({ livemode: false, offsetMs: input.offsetMs });
  const network = { organizationId: input.organizationId };
  try {
    // Played out as if time had flowed from the acceptance: the response's wait counts from when the MLS was due.
    if (input.answerAfterMs > 0) await clock.sleepUntil(input.acceptedAt + input.answerAfterMs);
    const mls = await forwardTransmission({ ...network, instanceId: input.instanceId });
    await returnMessageLevelStatus({ ...network, instanceId: input.instanceId, mls, at: clock.now() });
    if (!input.response || mls.code === 'RE') return;
    await clock.sleep(input.response.afterMs);
    await answerAsRecipient({
      ...network,
      instanceId: input.instanceId,
      code: input.response.code,
      date: new Date(clock.now()).toISOString().slice(0, 10),
    });
  } finally {
    await releaseTransmission({ ...network, instanceId: input.instanceId });
  }
}
