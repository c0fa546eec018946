import { loadConfig } from '../../core/config.ts';
import type { Db } from '../../db/database.ts';
import { createUpstreams, type Upstreams } from '../../upstreams/index.ts';
import { createWebhookSenders } from '../../upstreams/webhooks/index.ts';
import { testServers } from './servers.ts';

/**
 * The adapters of a test process, built as the entry points build them: from configuration, whose
 * live base URLs global.ts points at a closed loopback port. Suites replace the ones they exercise.
 */
export function testUpstreams(overrides: Partial<Upstreams> = {}, db: Db = testServers().db): Upstreams {
  return { ...createUpstreams(loadConfig(), db), ...overrides };
}

/** Webhook doors that reach receivers on 127.0.0.1, as the service does with `WEBHOOK_ALLOW_LOOPBACK=true`. */
export function loopbackWebhookSenders(): Upstreams['webhooks'] {
  return createWebhookSenders({ allowLoopback: true });
}
