import type { TargetPolicy } from '../../core/webhook-targets.ts';

/** One signed delivery attempt of an event to a webhook URL. */
export interface WebhookRequest {
  url: string;
  body: string;
  headers: Record<string, string>;
  /** 1 to 8; the sandbox's flaky receivers fail a number of first attempts. */
  attempt: number;
  /** Aborts the request when the worker stops the activity. */
  signal?: AbortSignal | undefined;
}

/** The receiver's status, or why there is none; `error` is null exactly for a 2xx. */
export interface WebhookAnswer {
  statusCode: number | null;
  error: string | null;
}

/** The door to a webhook receiver: the receiver's failure is an answer, never an exception. */
export interface WebhookSender {
  /** Where this door may post; a URL is checked against the same policy when it is saved. */
  readonly policy: TargetPolicy;
  send(request: WebhookRequest): Promise<WebhookAnswer>;
}
