import { newId } from '../../core/ids.ts';
import { EVENTS_API_VERSION } from '../../core/events.ts';
import { forMode, type PerMode } from '../../upstreams/modes.ts';
import {
  WEBHOOK_TIMEOUT_MS,
  WEBHOOK_USER_AGENT,
  type WebhookAnswer,
  type WebhookSender,
} from '../../upstreams/webhooks/index.ts';
import {
  signStandardWebhook,
  signWebhookPayload,
  webhookSigningKey,
  type WebhookSecretFormat,
} from '../../core/webhook-signature.ts';
import { ApiError } from '../errors.ts';

export interface TestTarget {
  webhookId: string;
  url: string;
  secret: string;
  secretFormat: WebhookSecretFormat;
  livemode: boolean;
}

/**
 * Sends one signed `webhook.test` event, shaped and signed like every delivery (part 6.2, 6.3),
 * and waits for the answer as a delivery attempt would (20 s). The event is a probe: it is not
 * stored, so the events API never lists it.
 */
export async function sendTestEvent(
  senders: PerMode<WebhookSender>,
  target: TestTarget,
): Promise<WebhookAnswer & { eventId: string }> {
  const eventId = newId('evt');
  const body = JSON.stringify({
    id: eventId,
    type: 'webhook.test',
    livemode: target.livemode,
    createdAt: new Date().toISOString(),
    apiVersion: EVENTS_API_VERSION,
    data: { webhookId: target.webhookId, reason: 'reactivation' },
  });
  const key = webhookSigningKey(target.secret, target.secretFormat);
  const { header, timestamp } = signWebhookPayload({ payload: body, secret: key });
  const headers = {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(body)),
    'user-agent': WEBHOOK_USER_AGENT,
    'x-service-signature': header,
    'x-service-event': 'webhook.test',
    'x-service-event-id': eventId,
    'x-service-delivery': newId('dlv'),
    'x-service-attempt': '1',
    ...signStandardWebhook({ id: eventId, payload: body, secret: key, timestamp }),
  };
  // The same door as a delivery attempt: the sandbox's simulated receivers, or real HTTP.
  const answer = await forMode(senders, target.livemode).send({ url: target.url, body, headers, attempt: 1 });
  return { ...answer, eventId };
}

/**
 * A paused webhook is re-activated only once its endpoint answers: otherwise the next event would
 * start another 8 failed attempts and pause it again. 422 WEBHOOK_TEST_FAILED with the receiver's
 * answer when the test event gets no 2xx in time.
 */
export async function assertEndpointAnswers(senders: PerMode<WebhookSender>, target: TestTarget): Promise<void> {
  const answer = await sendTestEvent(senders, target);
  const ok = answer.statusCode !== null && answer.statusCode >= 200 && answer.statusCode < 300;
  if (ok) return;
  const seen = answer.error ?? `HTTP ${answer.statusCode}`;
  throw new ApiError(
    'WEBHOOK_TEST_FAILED',
    `The webhook stays paused: the test event ${answer.eventId} to ${target.url} got no 2xx answer within ${WEBHOOK_TIMEOUT_MS / 1000} s (${seen}). Fix the endpoint, then set status to active again.`,
    {
      details: [{ field: 'status', rule: 'endpoint_answers', message: seen }],
      extra: { receiver: { statusCode: answer.statusCode, error: seen, eventId: answer.eventId } },
    },
  );
}
