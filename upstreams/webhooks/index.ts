import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../../core/config.ts';
import type { PerMode } from '../modes.ts';
import { createHttpWebhookSender } from './http.ts';
import { createSimulatedWebhookSender } from './simulator.ts';
import type { WebhookSender } from './types.ts';

export type { WebhookAnswer, WebhookRequest, WebhookSender } from './types.ts';

const VERSION = (JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version: string })
  .version;
export const WEBHOOK_USER_AGENT = `docex-webhooks/${VERSION}`;

/** Part 6.4 / 8: an answer slower than this is a failed attempt. */
export const WEBHOOK_TIMEOUT_MS = 20_000;

export interface WebhookSenderOptions {
  /** Lets sandbox webhooks reach the host's loopback (`WEBHOOK_ALLOW_LOOPBACK`). */
  allowLoopback?: boolean;
  /** Lets live webhooks reach private addresses: for tests against 127.0.0.1 only. */
  allowPrivateTargets?: boolean;
  timeoutMs?: number;
}

/** Live webhooks are posted to public addresses only; sandbox ones reach the simulated receivers, or the developer's own machine when allowed. */
export function createWebhookSenders({
  allowLoopback = false,
  allowPrivateTargets = false,
  timeoutMs = WEBHOOK_TIMEOUT_MS,
}: WebhookSenderOptions = {}): PerMode<WebhookSender> {
  return {
    live: createHttpWebhookSender({ policy: { livemode: true, allowPrivateTargets }, timeoutMs }),
    sandbox: createSimulatedWebhookSender(
      createHttpWebhookSender({ policy: { livemode: false, allowLoopback, allowPrivateTargets }, timeoutMs }),
      timeoutMs,
    ),
  };
}
