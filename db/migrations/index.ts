import type { Migration } from 'kysely';
import * as m20261121_01_backbone from './2026-11-21-01-backbone.ts';
import * as m20261121_02_access from './2026-11-21-02-access.ts';
import * as m20261121_03_events from './2026-11-21-03-events.ts';
import * as m20261121_04_webhooks from './2026-11-21-04-webhooks.ts';
import * as m20261121_05_companies from './2026-11-21-05-companies.ts';
import * as m20261121_06_partners_directory from './2026-11-21-06-partners-directory.ts';
import * as m20261121_07_documents from './2026-11-21-07-documents.ts';
import * as m20261121_09_inbound from './2026-11-21-09-inbound.ts';
import * as m20261121_10_lifecycle from './2026-11-21-10-lifecycle.ts';
import * as m20261121_11_millisecond_timestamps from './2026-11-21-11-millisecond-timestamps.ts';
import * as m20261122_12_rate_limit_function from './2026-11-22-12-rate-limit-function.ts';
import * as m20261123_13_request_log_company from './2026-11-23-13-request-log-company.ts';
import * as m20261123_14_events_in_creation_order from './2026-11-23-14-events-in-creation-order.ts';
import * as m20261123_15_signing_keys from './2026-11-23-15-signing-keys.ts';
import * as m20261124_16_document_counts from './2026-11-24-16-document-counts.ts';
import * as m20261124_17_events_by_owner from './2026-11-24-17-events-by-owner.ts';
import * as m20261124_20_platform_settings from './2026-11-24-20-platform-settings.ts';
import * as m20261124_30_document_flows from './2026-11-24-30-document-flows.ts';
import * as m20261124_35_afnor_lifecycle_webhooks from './2026-11-24-35-afnor-lifecycle-webhooks.ts';
import * as m20261124_36_afnor_flow_stored from './2026-11-24-36-afnor-flow-stored.ts';
import * as m20261124_40_tags from './2026-11-24-40-tags.ts';
import * as m20261124_50_acceptance_outbox from './2026-11-24-50-acceptance-outbox.ts';
import * as m20261124_85_claim_document_number from './2026-11-24-85-claim-document-number.ts';
import * as m20261124_90_punchout from './2026-11-24-90-punchout.ts';
import * as m20261124_91_document_counts_spread from './2026-11-24-91-document-counts-spread.ts';
import * as m20261124_92_documents_hot_updates from './2026-11-24-92-documents-hot-updates.ts';
import * as m20261124_95_rate_limit_async_commit from './2026-11-24-95-rate-limit-async-commit.ts';
import * as m20261124_96_rate_limit_sequence from './2026-11-24-96-rate-limit-sequence.ts';
import * as m20261129_01_document_mls from './2026-11-29-01-document-mls.ts';
import * as m20261129_14_network_presence from './2026-11-29-14-network-presence.ts';
import * as m20261129_17_webhook_secret_format from './2026-11-29-17-webhook-secret-format.ts';
import * as m20261129_18_sandbox_transmissions from './2026-11-29-18-sandbox-transmissions.ts';

/**
 * Every migration, by name. Names sort by date; a shipped migration is never edited — a change is a
 * new file appended here.
 */
export const migrations: Record<string, Migration> = {
  '2026-11-21-01-backbone': m20261121_01_backbone,
  '2026-11-21-02-access': m20261121_02_access,
  '2026-11-21-03-events': m20261121_03_events,
  '2026-11-21-04-webhooks': m20261121_04_webhooks,
  '2026-11-21-05-companies': m20261121_05_companies,
  '2026-11-21-06-partners-directory': m20261121_06_partners_directory,
  '2026-11-21-07-documents': m20261121_07_documents,
  '2026-11-21-09-inbound': m20261121_09_inbound,
  '2026-11-21-10-lifecycle': m20261121_10_lifecycle,
  '2026-11-21-11-millisecond-timestamps': m20261121_11_millisecond_timestamps,
  '2026-11-22-12-rate-limit-function': m20261122_12_rate_limit_function,
  '2026-11-23-13-request-log-company': m20261123_13_request_log_company,
  '2026-11-23-14-events-in-creation-order': m20261123_14_events_in_creation_order,
  '2026-11-23-15-signing-keys': m20261123_15_signing_keys,
  '2026-11-24-16-document-counts': m20261124_16_document_counts,
  '2026-11-24-17-events-by-owner': m20261124_17_events_by_owner,
  '2026-11-24-20-platform-settings': m20261124_20_platform_settings,
  '2026-11-24-30-document-flows': m20261124_30_document_flows,
  '2026-11-24-35-afnor-lifecycle-webhooks': m20261124_35_afnor_lifecycle_webhooks,
  '2026-11-24-36-afnor-flow-stored': m20261124_36_afnor_flow_stored,
  '2026-11-24-40-tags': m20261124_40_tags,
  '2026-11-24-50-acceptance-outbox': m20261124_50_acceptance_outbox,
  '2026-11-24-85-claim-document-number': m20261124_85_claim_document_number,
  '2026-11-24-90-punchout': m20261124_90_punchout,
  '2026-11-24-91-document-counts-spread': m20261124_91_document_counts_spread,
  '2026-11-24-92-documents-hot-updates': m20261124_92_documents_hot_updates,
  '2026-11-24-95-rate-limit-async-commit': m20261124_95_rate_limit_async_commit,
  '2026-11-24-96-rate-limit-sequence': m20261124_96_rate_limit_sequence,
  '2026-11-29-01-document-mls': m20261129_01_document_mls,
  '2026-11-29-14-network-presence': m20261129_14_network_presence,
  '2026-11-29-17-webhook-secret-format': m20261129_17_webhook_secret_format,
  '2026-11-29-18-sandbox-transmissions': m20261129_18_sandbox_transmissions,
};
