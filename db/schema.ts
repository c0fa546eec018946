import type { Generated } from 'kysely';

/** Table row types as Kysely sees them; snake_case columns, mapped to camelCase JSON in one mapper per resource. */
export interface ProbesTable {
  id: string;
  requested_by: string;
  created_at: Generated<Date>;
}

export interface Database {
  probes: ProbesTable;
}
