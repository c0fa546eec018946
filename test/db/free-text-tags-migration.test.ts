import { expect } from 'chai';
import { sql, type Kysely, type Migrator } from 'kysely';
import { createMigrationDatabase, migrationBefore } from '../support/migrations.ts';

const TAGS_MIGRATION = '2026-11-24-40-tags';

/**
 * Inserts a row giving `values` and a plain value for every other NOT NULL column without a default,
 * so the test names only what the migration reads and stays valid as the table grows.
 */
async function insertRow(db: Kysely<any>, table: string, values: Record<string, unknown>): Promise<void> {
  const { rows } = await sql<{ column_name: string; data_type: string }>`
    select column_name, data_type from information_schema.columns
    where table_schema = 'public' and table_name = ${table} and is_nullable = 'NO' and column_default is null
      and is_generated = 'NEVER' and is_identity = 'NO'`.execute(db);
  const row: Record<string, unknown> = {};
  for (const { column_name, data_type } of rows) {
    row[column_name] =
      data_type === 'boolean'
        ? false
        : data_type === 'jsonb' || data_type === 'json'
          ? JSON.stringify({})
          : data_type === 'ARRAY'
            ? []
            : /int|numeric|double|real/.test(data_type)
              ? 0
              : /timestamp|date/.test(data_type)
                ? new Date('2026-01-01T00:00:00Z')
                : `${column_name}-${table}`;
  }
  await db
    .insertInto(table)
    .values({ ...row, ...values })
    .execute();
}

describe('migration 2026-11-24-40-tags: free-text tags become tags', () => {
  let db: Kysely<any>;

  before(async () => {
    let migrator: Migrator;
    ({ db, migrator } = await createMigrationDatabase('tags_migration'));
    const { error } = await migrator.migrateTo(migrationBefore(TAGS_MIGRATION));
    if (error) throw error;

    await insertRow(db, 'organizations', { id: 'org_a', name: 'A' });
    await insertRow(db, 'organizations', { id: 'org_b', name: 'B' });
    await insertRow(db, 'companies', { id: 'comp_a', organization_id: 'org_a', livemode: false });
    const document = { direction: 'outgoing', status: 'sent', delivery_status: 'stored', lifecycle_status: 'issued' };
    await insertRow(db, 'documents', {
      ...document,
      id: 'doc_1',
      organization_id: 'org_a',
      company_id: 'comp_a',
      livemode: false,
      tags: ['Travel', ' travel', 'IT', ''],
      created_at: new Date('2026-01-01T00:00:00Z'),
    });
    await insertRow(db, 'documents', {
      ...document,
      id: 'doc_2',
      organization_id: 'org_a',
      company_id: 'comp_a',
      livemode: true,
      tags: ['IT'],
      created_at: new Date('2026-01-02T00:00:00Z'),
    });
    const partner = { role: 'both', peppol_status: 'unknown' };
    await insertRow(db, 'partners', {
      ...partner,
      id: 'part_1',
      organization_id: 'org_a',
      livemode: false,
      peppol_id: '0208:0000000001',
      tags: ['it', 'Hardware'],
    });
    await insertRow(db, 'partners', {
      ...partner,
      id: 'part_2',
      organization_id: 'org_b',
      livemode: false,
      peppol_id: '0208:0000000002',
      tags: ['IT'],
    });

    const result = await migrator.migrateToLatest();
    if (result.error) throw result.error;
  });

  after(async () => {
    await db?.destroy();
  });

  const tagsOf = async (organizationId: string, livemode: boolean) =>
    (
      await db
        .selectFrom('tags')
        .select(['name', 'group_id'])
        .where('organization_id', '=', organizationId)
        .where('livemode', '=', livemode)
        .orderBy('name')
        .execute()
    ).map((t) => ({ name: t.name as string, group: t.group_id as string | null }));

  const assigned = async (objectId: string) =>
    (
      await db
        .selectFrom('tag_assignments as a')
        .innerJoin('tags as t', 't.id', 'a.tag_id')
        .select(['t.name', 'a.object_type'])
        .where('a.object_id', '=', objectId)
        .orderBy('a.position')
        .execute()
    ).map((a) => `${a.object_type}:${a.name}`);

  it('makes one ungrouped tag per name (case and spaces ignored) for each organization and mode', async () => {
    expect(await tagsOf('org_a', false)).to.deep.equal([
      { name: 'Hardware', group: null },
      { name: 'IT', group: null },
      { name: 'Travel', group: null },
    ]);
    expect(await tagsOf('org_a', true)).to.deep.equal([{ name: 'IT', group: null }]);
    expect(await tagsOf('org_b', false)).to.deep.equal([{ name: 'IT', group: null }]);
  });

  it('assigns them to the documents and partners that listed them, in the order listed, once each', async () => {
    expect(await assigned('doc_1')).to.deep.equal(['document:Travel', 'document:IT']);
    expect(await assigned('doc_2')).to.deep.equal(['document:IT']);
    expect(await assigned('part_1')).to.deep.equal(['partner:IT', 'partner:Hardware']);
    expect(await assigned('part_2')).to.deep.equal(['partner:IT']);
  });

  it("rewrites the rows' tags as the assigned names and queues them for the recommender", async () => {
    const doc = await db.selectFrom('documents').select('tags').where('id', '=', 'doc_1').executeTakeFirstOrThrow();
    expect(doc.tags).to.deep.equal(['Travel', 'IT']);
    const partner = await db.selectFrom('partners').select('tags').where('id', '=', 'part_1').executeTakeFirstOrThrow();
    expect(partner.tags).to.deep.equal(['IT', 'Hardware']);
    const queued = await db
      .selectFrom('tag_model_updates')
      .select(({ fn }) => fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(queued.n)).to.equal(6);
  });
});
