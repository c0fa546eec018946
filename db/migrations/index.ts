import type { Migration } from 'kysely';
import * as m20261121_01_backbone from './2026-11-21-01-backbone.ts';
import * as m20261121_02_access from './2026-11-21-02-access.ts';
import * as m20261121_03_events from './2026-11-21-03-events.ts';

/**
 * Every migration, by name. Names sort by date; a shipped migration is never edited — a change is a
 * new file appended here.
 */
export const migrations: Record<string, Migration> = {
  '2026-11-21-01-backbone': m20261121_01_backbone,
  '2026-11-21-02-access': m20261121_02_access,
  '2026-11-21-03-events': m20261121_03_events,
};
