import type { Insertable, Selectable, Updateable } from 'kysely';
import type { ApiKeysTable } from './tables/access.ts';
import type { CompaniesTable } from './tables/companies.ts';
import type { DocumentsTable } from './tables/documents.ts';
import type { EventsTable } from './tables/events.ts';
import type { JoinRequestsTable } from './tables/join-requests.ts';
import type { AccessTables } from './tables/access.ts';
import type { CompanyTables } from './tables/companies.ts';
import type { DirectoryTables } from './tables/directory.ts';
import type { DocumentTables } from './tables/documents.ts';
import type { LifecycleTables } from './tables/lifecycle.ts';
import type { PartnerTables } from './tables/partners.ts';
import type { PlatformTables } from './tables/platform.ts';
import type { EventTables } from './tables/events.ts';
import type { FlowTables } from './tables/flows.ts';
import type { JoinRequestTables } from './tables/join-requests.ts';
import type { SystemTables } from './tables/system.ts';
import type { StatisticsTables } from './tables/statistics.ts';
import type { TagTables } from './tables/tags.ts';
import type { WebhookTables } from './tables/webhooks.ts';

export type * from './tables/access.ts';
export type * from './tables/companies.ts';
export type * from './tables/directory.ts';
export type * from './tables/documents.ts';
export type * from './tables/lifecycle.ts';
export type * from './tables/partners.ts';
export type * from './tables/platform.ts';
export type * from './tables/events.ts';
export type * from './tables/flows.ts';
export type * from './tables/join-requests.ts';
export type * from './tables/system.ts';
export type * from './tables/statistics.ts';
export type * from './tables/tags.ts';
export type * from './tables/webhooks.ts';

/**
 * Every table as Kysely sees it: snake_case columns, mapped to camelCase JSON in one mapper per
 * resource. Each domain keeps its tables in `tables/<domain>.ts`; add its map here.
 */
export interface Database
  extends
    SystemTables,
    AccessTables,
    CompanyTables,
    EventTables,
    JoinRequestTables,
    WebhookTables,
    DirectoryTables,
    PartnerTables,
    DocumentTables,
    FlowTables,
    LifecycleTables,
    StatisticsTables,
    PlatformTables,
    TagTables {}

// Row shapes the layers above the repositories name, so that no layer above db/ imports Kysely.
export type EventRow = Selectable<EventsTable>;
export type ApiKeyRow = Selectable<ApiKeysTable>;
export type CompanyRow = Selectable<CompaniesTable>;
export type JoinRequestRow = Selectable<JoinRequestsTable>;
export type NewDocumentRow = Insertable<DocumentsTable>;
export type DocumentChanges = Updateable<DocumentsTable>;
