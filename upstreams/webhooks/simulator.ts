import { sandboxWebhookAnswer } from '../../core/sandbox-scenarios.ts';
import type { WebhookSender } from './types.ts';

/**
 * The sandbox's receivers: the scenario hosts of core/sandbox-scenarios.ts answer in-process, as a
 * receiver on the network would; every other URL is really posted to through `network`.
 */
export function createSimulatedWebhookSender(network: WebhookSender, timeoutMs: number): WebhookSender {
  return {
    policy: network.policy,
    async send(request) {
      return sandboxWebhookAnswer(request.url, request.attempt, timeoutMs) ?? network.send(request);
    },
  };
}
