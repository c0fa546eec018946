import type { WebhookRow } from '../../db/webhooks.ts';
import type { AttemptRow, DeliveryRow } from '../../db/deliveries.ts';

/** The one JSON shape of a webhook (part 2.7); the secret is added only on create and rotate. */
export function toWebhook(row: WebhookRow) {
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    status: row.status,
    companyId: row.company_id,
    livemode: row.livemode,
    failureCount: row.failure_count,
    lastDeliveredAt: row.last_delivered_at?.toISOString() ?? null,
    pausedAt: row.paused_at?.toISOString() ?? null,
    pausedReason: row.paused_reason,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export function toDelivery(row: DeliveryRow & { event_type: string; attempts: AttemptRow[] }) {
  return {
    id: row.id,
    webhookId: row.webhook_id,
    eventId: row.event_id,
    eventType: row.event_type,
    replay: row.replay,
    status: row.status,
    attemptCount: row.attempt_count,
    nextAttemptAt: row.next_attempt_at?.toISOString() ?? null,
    completedAt: row.completed_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
    attempts: row.attempts.map((a) => ({
      attempt: a.attempt,
      outcome: a.outcome,
      statusCode: a.status_code,
      durationMs: a.duration_ms,
      error: a.error,
      startedAt: a.started_at.toISOString(),
      finishedAt: a.finished_at?.toISOString() ?? null,
    })),
  };
}
