import { createHash } from 'node:crypto';
import { failure } from '../../core/failures.ts';
import {
  SANDBOX_CONFIRMATION_MS,
  SANDBOX_FLAKY_FAILURES,
  SANDBOX_RECIPIENTS,
  SANDBOX_SLOW_CONFIRMATION_MS,
} from '../../core/sandbox-scenarios.ts';
import type { HandOff, HandOffResult, PeppolTransport } from './types.ts';

/** The sandbox access point: deterministic outcomes by recipient (core/sandbox-scenarios.ts). */
export function createSimulatedTransport(): PeppolTransport {
  return {
    async handOff(input: HandOff): Promise<HandOffResult> {
      if (!input.sbd.includes('StandardBusinessDocumentHeader'))
        throw failure('SBDH_ERROR', 'the business document header is missing');
      switch (input.receiverId) {
        case SANDBOX_RECIPIENTS.apRejected:
          throw failure('AP_REJECTED', 'the recipient access point rejected the message (sandbox scenario)');
        case SANDBOX_RECIPIENTS.sbdhError:
          throw failure('SBDH_ERROR', 'the business document header was refused as malformed (sandbox scenario)');
        case SANDBOX_RECIPIENTS.transportDown:
          throw failure('TRANSPORT_FAILURE', 'the recipient access point is unreachable (sandbox scenario)');
        case SANDBOX_RECIPIENTS.transportFlaky:
          if (input.attempt <= SANDBOX_FLAKY_FAILURES)
            throw failure(
              'TRANSPORT_FAILURE',
              `temporary transport failure ${input.attempt} of ${SANDBOX_FLAKY_FAILURES} (sandbox scenario)`,
            );
          break;
        default:
          break;
      }
      const messageId = `sim-${createHash('sha256').update(`${input.documentId}:${input.attempt}`).digest('hex').slice(0, 24)}`;
      const confirmAfterMs =
        input.receiverId === SANDBOX_RECIPIENTS.slowDelivery ? SANDBOX_SLOW_CONFIRMATION_MS : SANDBOX_CONFIRMATION_MS;
      return { messageId, confirmAfterMs };
    },
    // The simulated access point confirms by itself after `confirmAfterMs`; it forwards no MLS.
    async transmission() {
      return { mls: 'not_expected' as const };
    },
    async probe() {
      return 'simulator';
    },
  };
}
