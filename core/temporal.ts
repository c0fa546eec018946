/**
 * Names shared by the API (which starts and signals workflows) and the worker (which runs them).
 * Imported by workflow code too, so this file must stay free of Node and I/O imports.
 */

/** Task queues, one per kind of work so each can be scaled and rate-limited on its own. */
export const TASK_QUEUES = {
  /** Documents: delivery, lifecycle, inbound, compliance. */
  documents: 'documents',
  /** Companies: enrichment and SMP registration. */
  companies: 'companies',
  /** Webhook deliveries: many short HTTP calls. */
  webhooks: 'webhooks',
  /** Probes and maintenance. */
  system: 'system',
} as const;

export type TaskQueue = (typeof TASK_QUEUES)[keyof typeof TASK_QUEUES];

/** Custom search attributes registered on the namespace (dev server flags, compose setup job). */
export const SEARCH_ATTRIBUTES = {
  OrganizationId: 'Keyword',
  CompanyId: 'Keyword',
  DocumentId: 'Keyword',
  Livemode: 'Bool',
} as const;

/** Workflow ids carry the business key, so a retried start lands on the same run. */
export const workflowIds = {
  document: (documentId: string) => `document:${documentId}`,
  company: (companyId: string) => `company:${companyId}`,
  /** The listing check of a company's publication (a child of `company:<id>`, one at a time). */
  companyListing: (companyId: string) => `company-listing:${companyId}`,
  delivery: (deliveryId: string) => `delivery:${deliveryId}`,
  inbound: (documentId: string) => `inbound:${documentId}`,
  compliance: (documentId: string, country: string) => `compliance:${documentId}:${country}`,
  /** The simulated receiving access point's handling of one sandbox transmission, by its InstanceIdentifier. */
  sandboxAccessPoint: (instanceId: string) => `sandboxAccessPoint:${instanceId}`,
  probe: (probeId: string) => `probe:${probeId}`,
  event: (eventId: string) => `event:${eventId}`,
  eventDeliveries: (eventId: string) => `deliveries:${eventId}`,
  maintenance: () => 'maintenance',
  tagModel: (organizationId: string, livemode: boolean) => `tag-model:${organizationId}:${livemode ? 'live' : 'test'}`,
};
