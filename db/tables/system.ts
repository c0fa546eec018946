import type { Generated } from 'kysely';

export interface ProbesTable {
  id: string;
  requested_by: string;
  created_at: Generated<Date>;
}

export interface SystemTables {
  probes: ProbesTable;
}
