import http from 'node:http';
import { sandboxWebhookAnswer } from '../core/sandbox-scenarios.ts';
import https from 'node:https';
import net from 'node:net';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Context } from '@temporalio/activity';
import type { Db } from '../db/database.ts';
import { closeDelivery, finishAttempt, loadDeliveryContext, startAttempt } from '../db/deliveries.ts';
import { pauseWebhook } from '../db/webhooks.ts';
import { PROJECT_ROOT } from '../core/config.ts';
import { log } from '../core/log.ts';
import { countWebhookAttempt } from '../core/metrics.ts';
import { signWebhookPayload } from '../core/webhook-signature.ts';
import { classifyAddress, guardedLookup, isAllowedAddress, type TargetPolicy } from '../core/webhook-targets.ts';

/** Part 6.4 / 8: an answer slower than this is a failed attempt. */
export const WEBHOOK_TIMEOUT_MS = 20_000;

const VERSION = (JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
export const WEBHOOK_USER_AGENT = `docex-webhooks/${VERSION}`;

export interface AttemptInput {
  deliveryId: string;
  /** 1 to 8, sent as X-Service-Attempt. */
  attempt: number;
  /** Delay before the next attempt if this one fails (null after the last). */
  nextDelayMs: number | null;
  /** The company's clock offset, so `nextAttemptAt` is shown in the company's time. */
  clockOffsetMs: number;
}

export interface AttemptOutcome {
  /** `cancelled`: the delivery, its webhook or its event is gone, or the webhook is paused. */
  outcome: 'succeeded' | 'failed' | 'cancelled';
  statusCode: number | null;
  error: string | null;
}

export interface WebhookActivities {
  attemptDelivery(input: AttemptInput): Promise<AttemptOutcome>;
  exhaustDelivery(input: { deliveryId: string }): Promise<{ paused: boolean }>;
}

export interface WebhookActivityOptions {
  db: Db;
  /** Lets live webhooks reach private addresses: for tests against 127.0.0.1 only. */
  allowPrivateTargets?: boolean;
  timeoutMs?: number;
}

/**
 * One attempt is one signed POST. A receiver's failure is a result, not an exception: only
 * infrastructure trouble (a dead worker, Postgres down) makes Temporal retry the activity, which
 * then repeats the same attempt with the same event id.
 */
export function createWebhookActivities({ db, allowPrivateTargets = false, timeoutMs = WEBHOOK_TIMEOUT_MS }: WebhookActivityOptions): WebhookActivities {
  return {
    async attemptDelivery({ deliveryId, attempt, nextDelayMs, clockOffsetMs }) {
      const ctx = await loadDeliveryContext(db, deliveryId);
      if (!ctx) return { outcome: 'cancelled', statusCode: null, error: 'the delivery or its webhook no longer exists' };
      if (ctx.delivery_status === 'succeeded') return { outcome: 'succeeded', statusCode: null, error: null };
      if (ctx.delivery_status !== 'pending') return { outcome: 'cancelled', statusCode: null, error: `the delivery is ${ctx.delivery_status}` };
      if (ctx.webhook_status !== 'active') {
        await closeDelivery(db, deliveryId, 'cancelled');
        return { outcome: 'cancelled', statusCode: null, error: 'the webhook is paused' };
      }

      await startAttempt(db, deliveryId, attempt);
      const body = JSON.stringify({ id: ctx.event_id, type: ctx.event_type, livemode: ctx.livemode, createdAt: ctx.event_created_at.toISOString(), apiVersion: ctx.api_version, data: ctx.data });
      const { header } = signWebhookPayload({ payload: body, secret: ctx.secret });
      const headers = {
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
        'user-agent': WEBHOOK_USER_AGENT,
        'x-service-signature': header,
        'x-service-event': ctx.event_type,
        'x-service-event-id': ctx.event_id,
        'x-service-delivery': deliveryId,
        'x-service-attempt': String(attempt),
      };
      const cancellation = activityCancellation();
      const started = performance.now();
      const stopHeartbeat = heartbeatEvery(2_000);
      let answer: { statusCode: number | null; error: string | null };
      try {
        // Sandbox scenario hosts answer in-process (core/sandbox-scenarios.ts); everything else is real HTTP.
        answer = (!ctx.livemode ? sandboxWebhookAnswer(ctx.url, attempt, timeoutMs) : undefined) ?? (await post(ctx.url, body, headers, { livemode: ctx.livemode, allowPrivateTargets }, timeoutMs, cancellation));
      } finally {
        stopHeartbeat();
      }
      // Stopped by the worker (shutdown, lost heartbeat): not the receiver's fault, so the attempt
      // stays open and Temporal runs it again.
      if (cancellation?.aborted) throw cancellation.reason ?? new Error('attempt cancelled');

      const durationMs = Math.round(performance.now() - started);
      const ok = answer.statusCode !== null && answer.statusCode >= 200 && answer.statusCode < 300;
      const nextAttemptAt = !ok && nextDelayMs !== null ? new Date(Date.now() + clockOffsetMs + nextDelayMs) : null;
      await finishAttempt(db, { deliveryId, webhookId: ctx.webhook_id, attempt }, { outcome: ok ? 'succeeded' : 'failed', statusCode: answer.statusCode, durationMs, error: ok ? null : answer.error }, nextAttemptAt);
      countWebhookAttempt(ok ? 'succeeded' : 'failed', attempt);
      return { outcome: ok ? 'succeeded' : 'failed', statusCode: answer.statusCode, error: ok ? null : answer.error };
    },

    async exhaustDelivery({ deliveryId }) {
      const ctx = await loadDeliveryContext(db, deliveryId);
      if (!ctx) return { paused: false };
      await closeDelivery(db, deliveryId, 'failed');
      const last = await db.selectFrom('webhook_delivery_attempts').select(['error']).where('delivery_id', '=', deliveryId).orderBy('attempt', 'desc').executeTakeFirst();
      const reason = `Paused after 8 failed attempts of delivery ${deliveryId} (event ${ctx.event_id}, ${ctx.event_type}); last error: ${last?.error ?? 'unknown'}. Fix the endpoint, then set status to active.`;
      const paused = await pauseWebhook(db, ctx.webhook_id, reason);
      if (paused) log.warn('webhook paused', { webhookId: ctx.webhook_id, deliveryId, eventId: ctx.event_id });
      return { paused };
    },
  };
}

function activityCancellation(): AbortSignal | undefined {
  try {
    return Context.current().cancellationSignal;
  } catch {
    return undefined; // called outside an activity (unit tests, scripts)
  }
}

/** Keeps the heartbeat going while a request is in flight, so a dead worker is noticed in seconds. */
function heartbeatEvery(ms: number): () => void {
  let context: Context;
  try {
    context = Context.current();
  } catch {
    return () => undefined;
  }
  context.heartbeat();
  const timer = setInterval(() => context.heartbeat(), ms);
  return () => clearInterval(timer);
}

/**
 * POSTs without following redirects. The address is checked where the connection is made (IP
 * literal here, names in the lookup), which defeats DNS rebinding between save and delivery.
 */
function post(rawUrl: string, body: string, headers: Record<string, string>, policy: TargetPolicy, timeoutMs: number, cancellation: AbortSignal | undefined): Promise<{ statusCode: number | null; error: string | null }> {
  return new Promise((resolve) => {
    let url: URL;
    try {
      url = new URL(rawUrl);
    } catch {
      return resolve({ statusCode: null, error: 'the webhook URL is not valid' });
    }
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (net.isIP(host) && !isAllowedAddress(host, policy)) {
      return resolve({ statusCode: null, error: `refused: ${host} is a ${classifyAddress(host)} address` });
    }
    let settled = false;
    const finish = (result: { statusCode: number | null; error: string | null }) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      cancellation?.removeEventListener('abort', onAbort);
      resolve(result);
    };
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(url, { method: 'POST', headers, agent: false, lookup: guardedLookup(policy) as never }, (res) => {
      const status = res.statusCode ?? 0;
      res.resume();
      res.on('error', () => undefined);
      if (status >= 300 && status < 400) {
        finish({ statusCode: status, error: `redirect to ${res.headers.location ?? '(no Location)'} not followed: answer with a 2xx at the webhook URL itself` });
      } else if (status >= 200 && status < 300) {
        finish({ statusCode: status, error: null });
      } else {
        finish({ statusCode: status, error: `HTTP ${status}` });
      }
    });
    const timer = setTimeout(() => {
      req.destroy();
      finish({ statusCode: null, error: `no answer within ${timeoutMs / 1000} s` });
    }, timeoutMs);
    const onAbort = () => {
      req.destroy();
      finish({ statusCode: null, error: 'attempt cancelled' });
    };
    cancellation?.addEventListener('abort', onAbort, { once: true });
    req.on('error', (err: NodeJS.ErrnoException) => {
      finish({ statusCode: null, error: err.code === 'EBLOCKEDADDRESS' ? err.message : `${err.code ?? 'ERROR'}: ${err.message}` });
    });
    req.end(body);
  });
}
