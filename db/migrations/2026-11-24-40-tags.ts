import { sql, type Kysely } from 'kysely';

// Frozen once shipped: depends on nothing in the application.
//
// Tags become resources: groups, tags, and one assignment table for every kind of object. The
// `tags text[]` columns of documents and partners stay as the names of the assigned tags, rewritten
// with every assignment change, so a document or partner row still carries its tags for display and
// for the field diff of `document.updated`. The free text stored there until now becomes ungrouped
// tags of the row's organization and mode, assigned in the order the text listed them.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('tag_groups')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('livemode', 'boolean', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('exclusive', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`date_trunc('milliseconds', now())`))
    .execute();
  await sql`create unique index tag_groups_name on tag_groups (organization_id, livemode, lower(name))`.execute(db);
  await sql`create index tag_groups_by_owner on tag_groups (organization_id, livemode, created_at, id)`.execute(db);

  await db.schema
    .createTable('tags')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('livemode', 'boolean', (c) => c.notNull())
    .addColumn('group_id', 'text', (c) => c.references('tag_groups.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('color', 'text')
    .addColumn('description', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`date_trunc('milliseconds', now())`))
    .execute();
  // Ungrouped tags share one namespace per organization and mode: '' stands for "no group".
  await sql`create unique index tags_name on tags (organization_id, livemode, coalesce(group_id, ''), lower(name))`.execute(
    db,
  );
  await sql`create index tags_by_group on tags (organization_id, livemode, group_id, created_at, id)`.execute(db);

  await db.schema
    .createTable('tag_assignments')
    .addColumn('object_id', 'text', (c) => c.notNull())
    .addColumn('tag_id', 'text', (c) => c.notNull().references('tags.id').onDelete('cascade'))
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('livemode', 'boolean', (c) => c.notNull())
    .addColumn('object_type', 'text', (c) => c.notNull())
    // Set only for a tag of an exclusive group: the unique index below holds "one per group".
    .addColumn('exclusive_group_id', 'text')
    .addColumn('position', 'bigint', (c) => c.notNull().generatedAlwaysAsIdentity())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`date_trunc('milliseconds', now())`))
    .addPrimaryKeyConstraint('tag_assignments_pkey', ['object_id', 'tag_id'])
    .execute();
  await sql`create unique index tag_assignments_exclusive on tag_assignments (object_id, exclusive_group_id) where exclusive_group_id is not null`.execute(
    db,
  );
  await sql`create index tag_assignments_by_tag on tag_assignments (tag_id, object_id)`.execute(db);

  // Assignment changes not yet learned by the organization's recommender (an outbox, drained by
  // the `tag-model:` workflow), and what it learned: per object and tag the features it counted,
  // so that removing the tag takes back exactly what was added.
  await db.schema
    .createTable('tag_model_updates')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('livemode', 'boolean', (c) => c.notNull())
    .addColumn('object_type', 'text', (c) => c.notNull())
    .addColumn('object_id', 'text', (c) => c.notNull())
    .addColumn('tag_id', 'text', (c) => c.notNull())
    .addColumn('assigned', 'boolean', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`date_trunc('milliseconds', now())`))
    .execute();
  await sql`create index tag_model_updates_by_owner on tag_model_updates (organization_id, livemode, id)`.execute(db);

  await db.schema
    .createTable('tag_model_examples')
    .addColumn('object_id', 'text', (c) => c.notNull())
    .addColumn('tag_id', 'text', (c) => c.notNull())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('livemode', 'boolean', (c) => c.notNull())
    .addColumn('features', 'jsonb', (c) => c.notNull())
    .addPrimaryKeyConstraint('tag_model_examples_pkey', ['object_id', 'tag_id'])
    .execute();
  // Feature counts per tag; the tag '' holds the counts over distinct tagged objects, from which
  // each tag's complement ("objects without it") is derived.
  await db.schema
    .createTable('tag_model_counts')
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('livemode', 'boolean', (c) => c.notNull())
    .addColumn('tag_id', 'text', (c) => c.notNull())
    .addColumn('feature', 'text', (c) => c.notNull())
    .addColumn('count', 'double precision', (c) => c.notNull())
    .addPrimaryKeyConstraint('tag_model_counts_pkey', ['organization_id', 'livemode', 'tag_id', 'feature'])
    .execute();
  // Bumped by every learning step: API processes cache a model until its version moves.
  await db.schema
    .createTable('tag_models')
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('livemode', 'boolean', (c) => c.notNull())
    .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('tag_models_pkey', ['organization_id', 'livemode'])
    .execute();

  // Free-text tags of today, one ungrouped tag per distinct name (case-insensitively) and tenant.
  await sql`
    with used as (
      select organization_id, livemode, btrim(t.name) as name, d.created_at, 'document' as object_type, d.id as object_id, t.ord
      from documents d, unnest(d.tags) with ordinality as t(name, ord)
      union all
      select organization_id, livemode, btrim(t.name), p.created_at, 'partner', p.id, t.ord
      from partners p, unnest(p.tags) with ordinality as t(name, ord)
    ), named as (
      select organization_id, livemode, lower(name) as key, min(name) as name, min(created_at) as created_at
      from used where name <> '' group by organization_id, livemode, lower(name)
    ), created as (
      insert into tags (id, organization_id, livemode, name, created_at)
      select 'tag_' || substr(md5(random()::text || clock_timestamp()::text || key), 1, 20), organization_id, livemode, name, created_at
      from named
      returning id, organization_id, livemode, lower(name) as key
    )
    insert into tag_assignments (object_id, tag_id, organization_id, livemode, object_type, created_at)
    select u.object_id, c.id, u.organization_id, u.livemode, u.object_type, u.created_at
    from (select distinct on (object_id, lower(name)) * from used where name <> '' order by object_id, lower(name), ord) u
    join created c on c.organization_id = u.organization_id and c.livemode = u.livemode and c.key = lower(u.name)
    order by u.object_id, u.ord
  `.execute(db);
  for (const table of ['documents', 'partners']) {
    await sql`
      update ${sql.table(table)} o set tags = coalesce((
        select array_agg(t.name order by a.position) from tag_assignments a join tags t on t.id = a.tag_id
        where a.object_id = o.id), '{}')
      where cardinality(o.tags) > 0
    `.execute(db);
  }
  // The migrated assignments are the organizations' history: the recommender learns them first.
  await sql`
    insert into tag_model_updates (organization_id, livemode, object_type, object_id, tag_id, assigned)
    select organization_id, livemode, object_type, object_id, tag_id, true from tag_assignments order by position
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['tag_models', 'tag_model_counts', 'tag_model_examples', 'tag_model_updates', 'tag_assignments'])
    await db.schema.dropTable(table).ifExists().execute();
  await db.schema.dropTable('tags').ifExists().execute();
  await db.schema.dropTable('tag_groups').ifExists().execute();
}
