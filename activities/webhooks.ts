import { createHmac } from 'node:crypto';
import { Context } from '@temporalio/activity';
import { toFlow } from '../core/afnor-flows.ts';
import { findFlowById } from '../db/flows.ts';
import type { AfnorSubscription } from '../db/schema.ts';
import type { Db } from '../db/database.ts';
import { closeDelivery, finishAttempt, lastAttemptError, loadDeliveryContext, startAttempt } from '../db/deliveries.ts';
import { pauseWebhook } from '../db/webhooks.ts';
import type { EventDispatcher } from '../core/event-dispatcher.ts';
import { log } from '../core/log.ts';
import { countWebhookAttempt } from '../core/metrics.ts';
import { signStandardWebhook, signWebhookPayload, webhookSigningKey } from '../core/webhook-signature.ts';
import { forMode, type PerMode } from '../upstreams/modes.ts';
import { WEBHOOK_USER_AGENT, type WebhookAnswer, type WebhookSender } from '../upstreams/webhooks/index.ts';

export { WEBHOOK_USER_AGENT };

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
  /** How long after the activity started the receiver's answer (or its failure) came, in ms. */
  answeredAfterMs?: number;
}

export interface WebhookActivities {
  attemptDelivery(input: AttemptInput): Promise<AttemptOutcome>;
  exhaustDelivery(input: { deliveryId: string }): Promise<{ paused: boolean }>;
}

export interface WebhookActivityOptions {
  db: Db;
  /** The receivers' door per mode: real HTTP live, the simulated receivers in the sandbox. */
  senders: PerMode<WebhookSender>;
  /** Schedules the fan-out of the `webhook.paused` notice; without it the sweeper does. */
  events?: EventDispatcher;
}

/**
 * One attempt is one signed POST. A receiver's failure is a result, not an exception: only
 * infrastructure trouble (a dead worker, Postgres down) makes Temporal retry the activity, which
 * then repeats the same attempt with the same event id.
 */
export function createWebhookActivities({ db, senders, events }: WebhookActivityOptions): WebhookActivities {
  return {
    async attemptDelivery({ deliveryId, attempt, nextDelayMs, clockOffsetMs }) {
      const began = performance.now();
      const ctx = await loadDeliveryContext(db, deliveryId);
      if (!ctx)
        return { outcome: 'cancelled', statusCode: null, error: 'the delivery or its webhook no longer exists' };
      if (ctx.delivery_status === 'succeeded') return { outcome: 'succeeded', statusCode: null, error: null };
      if (ctx.delivery_status !== 'pending')
        return { outcome: 'cancelled', statusCode: null, error: `the delivery is ${ctx.delivery_status}` };
      if (ctx.webhook_status !== 'active') {
        await closeDelivery(db, deliveryId, 'cancelled');
        return { outcome: 'cancelled', statusCode: null, error: 'the webhook is paused' };
      }

      await startAttempt(db, deliveryId, attempt);
      const afnor = ctx.afnor ? await afnorRequest(db, ctx.afnor, ctx.data, deliveryId, attempt) : undefined;
      if (ctx.afnor && !afnor) {
        await closeDelivery(db, deliveryId, 'cancelled');
        return { outcome: 'cancelled', statusCode: null, error: 'the flow no longer exists' };
      }
      const body =
        afnor?.body ??
        JSON.stringify({
          id: ctx.event_id,
          type: ctx.event_type,
          livemode: ctx.livemode,
          createdAt: ctx.event_created_at.toISOString(),
          apiVersion: ctx.api_version,
          data: ctx.data,
        });
      // The key as the webhook's secret gives it: decoded `whsec_` bytes, or (issued earlier) its text.
      const key = webhookSigningKey(ctx.secret, ctx.secret_format);
      const { header, timestamp } = signWebhookPayload({ payload: body, secret: key });
      const headers = afnor?.headers ?? {
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
        'user-agent': WEBHOOK_USER_AGENT,
        'x-service-signature': header,
        'x-service-event': ctx.event_type,
        'x-service-event-id': ctx.event_id,
        'x-service-delivery': deliveryId,
        'x-service-attempt': String(attempt),
        // Standard Webhooks, for receivers that verify with its libraries; same instant as above.
        ...signStandardWebhook({ id: ctx.event_id, payload: body, secret: key, timestamp }),
      };
      const cancellation = activityCancellation();
      const started = performance.now();
      const stopHeartbeat = heartbeatEvery(2_000);
      let answer: WebhookAnswer;
      try {
        answer = await forMode(senders, ctx.livemode).send({
          url: ctx.url,
          body,
          headers,
          attempt,
          signal: cancellation,
        });
      } finally {
        stopHeartbeat();
      }
      // Stopped by the worker (shutdown, lost heartbeat): not the receiver's fault, so the attempt
      // stays open and Temporal runs it again.
      if (cancellation?.aborted) throw cancellation.reason ?? new Error('attempt cancelled');

      const durationMs = Math.round(performance.now() - started);
      const ok = answer.statusCode !== null && answer.statusCode >= 200 && answer.statusCode < 300;
      const nextAttemptAt = !ok && nextDelayMs !== null ? new Date(Date.now() + clockOffsetMs + nextDelayMs) : null;
      await finishAttempt(
        db,
        { deliveryId, webhookId: ctx.webhook_id, attempt },
        {
          outcome: ok ? 'succeeded' : 'failed',
          statusCode: answer.statusCode,
          durationMs,
          error: ok ? null : answer.error,
        },
        nextAttemptAt,
      );
      countWebhookAttempt(ok ? 'succeeded' : 'failed', attempt);
      return {
        outcome: ok ? 'succeeded' : 'failed',
        statusCode: answer.statusCode,
        error: ok ? null : answer.error,
        answeredAfterMs: Math.round(performance.now() - began),
      };
    },

    async exhaustDelivery({ deliveryId }) {
      const ctx = await loadDeliveryContext(db, deliveryId);
      if (!ctx) return { paused: false };
      await closeDelivery(db, deliveryId, 'failed');
      const lastError = await lastAttemptError(db, deliveryId);
      const reason = `Paused after 8 failed attempts of delivery ${deliveryId} (event ${ctx.event_id}, ${ctx.event_type}); last error: ${lastError ?? 'unknown'}. Fix the endpoint, then set status to active.`;
      const notice = await pauseWebhook(db, ctx.webhook_id, reason, { deliveryId, eventId: ctx.event_id });
      if (!notice) return { paused: false };
      log.warn('webhook paused', {
        webhookId: ctx.webhook_id,
        deliveryId,
        eventId: ctx.event_id,
        noticeEventId: notice.id,
      });
      // A failed dispatch is not retried here: the maintenance sweeper dispatches stranded events.
      await events
        ?.dispatch([notice])
        .catch((err: unknown) =>
          log.warn('event dispatch failed; the sweeper will retry', { eventId: notice.id, error: String(err) }),
        );
      return { paused: true };
    },
  };
}

/**
 * The AFNOR callback: the `Flow` itself as the body, the subscriber's own headers, its Basic
 * credentials, and a base64 `Signature` of the body when it asked for one (HS256, keyed with its
 * base64 key). Undefined when the flow is gone.
 */
async function afnorRequest(
  db: Db,
  subscription: AfnorSubscription,
  data: unknown,
  deliveryId: string,
  attempt: number,
): Promise<{ body: string; headers: Record<string, string> } | undefined> {
  const documentId = (data as { documentId?: unknown } | null)?.documentId;
  const flow = typeof documentId === 'string' ? await findFlowById(db, documentId) : undefined;
  if (!flow) return undefined;
  const body = JSON.stringify(toFlow(flow));
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(body)),
    'user-agent': WEBHOOK_USER_AGENT,
    'x-service-delivery': deliveryId,
    'x-service-attempt': String(attempt),
  };
  for (const { headerName, headerValue } of subscription.headers) headers[headerName.toLowerCase()] = headerValue;
  if (subscription.authentication?.authType === 'BASIC') {
    const { userId, userPassword } = subscription.authentication;
    headers.authorization = `Basic ${Buffer.from(`${userId}:${userPassword}`).toString('base64')}`;
  }
  if (subscription.signature)
    headers.signature = createHmac('sha256', Buffer.from(subscription.signature.key, 'base64'))
      .update(body)
      .digest('base64');
  return { body, headers };
}

function activityCancellation(): AbortSignal | undefined {
  try {
    return Context.current().cancellationSignal;
  } catch {
    return undefined; // called outside an activity (unit tests, scripts)
  }
}

/**
 * Keeps the heartbeat going while a request is in flight, so a dead worker is noticed in seconds. A
 * local attempt has none: its workflow task's timeout notices a dead worker.
 */
function heartbeatEvery(ms: number): () => void {
  let context: Context;
  try {
    context = Context.current();
  } catch {
    return () => undefined;
  }
  if (context.info.isLocal) return () => undefined;
  context.heartbeat();
  const timer = setInterval(() => context.heartbeat(), ms);
  return () => clearInterval(timer);
}
