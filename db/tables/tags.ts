import type { ColumnType, Generated } from 'kysely';
import type { Json, Timestamp } from './columns.ts';

/** The kinds of object a tag is assigned to (the `objectType` of the API). */
export type TaggedObjectType = 'document' | 'partner' | 'company';

export interface TagGroupsTable {
  id: string;
  organization_id: string;
  livemode: boolean;
  name: string;
  description: string | null;
  /** At most one tag of the group per object. */
  exclusive: boolean;
  created_at: Timestamp;
}

export interface TagsTable {
  id: string;
  organization_id: string;
  livemode: boolean;
  /** null: an ungrouped tag. */
  group_id: string | null;
  name: string;
  color: string | null;
  description: string | null;
  created_at: Timestamp;
}

export interface TagAssignmentsTable {
  object_id: string;
  tag_id: string;
  organization_id: string;
  livemode: boolean;
  object_type: TaggedObjectType;
  exclusive_group_id: string | null;
  /** Assignment order: the order of the object's `tags` names. */
  position: Generated<number>;
  created_at: Timestamp;
}

export interface TagModelUpdatesTable {
  id: Generated<number>;
  organization_id: string;
  livemode: boolean;
  object_type: TaggedObjectType;
  object_id: string;
  tag_id: string;
  /** true: the tag was assigned; false: removed. */
  assigned: boolean;
  created_at: Timestamp;
}

export interface TagModelExamplesTable {
  object_id: string;
  tag_id: string;
  organization_id: string;
  livemode: boolean;
  features: Json<Record<string, number>>;
}

export interface TagModelCountsTable {
  organization_id: string;
  livemode: boolean;
  /** '' : the counts over every distinct tagged object. */
  tag_id: string;
  feature: string;
  count: number;
}

export interface TagModelsTable {
  organization_id: string;
  livemode: boolean;
  version: ColumnType<number, number | undefined, number>;
  updated_at: Timestamp;
}

export interface TagTables {
  tag_groups: TagGroupsTable;
  tags: TagsTable;
  tag_assignments: TagAssignmentsTable;
  tag_model_updates: TagModelUpdatesTable;
  tag_model_examples: TagModelExamplesTable;
  tag_model_counts: TagModelCountsTable;
  tag_models: TagModelsTable;
}
