/** The event catalog of part 6.1; `*` subscribes to all of them. */
export const EVENT_TYPES = [
  'document.received',
  'document.sent',
  'document.delivered',
  'document.failed',
  'document.updated',
  'lifecycle.updated',
  'company.smp_registered',
  'compliance.reported',
  // Additive (part 9): the owner notice of a pause, and the signed probe sent before a re-activation.
  'webhook.paused',
  'webhook.test',
  // Additive: a supplier's PunchOut catalogue returned a cart, now a draft purchase order.
  'punchout.cart',
  // Additive: a flow of the AFNOR facade kept as a record (a CDAR lifecycle message, an FRR report).
  'flow.stored',
  // Additive: the listing check of a company's publication found something to act on (SML, SMP, Directory).
  'company.network_problem',
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

/** The `apiVersion` every webhook envelope carries (part 6.2): the date the event shape was fixed. */
export const EVENTS_API_VERSION = '2026-11-21';
