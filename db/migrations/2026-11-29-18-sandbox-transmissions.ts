import { sql, type Kysely } from 'kysely';

// Frozen once shipped: depends on nothing in the application.
//
// The message a sandbox transmission carries, as handed off, while the sandbox access point's run
// of that transmission works on it: the network's copy, not a file of the sending organization.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sandbox_transmissions')
    .addColumn('instance_id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('sbd', 'bytea', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`date_trunc('milliseconds', now())`))
    .execute();
  await db.schema
    .createIndex('sandbox_transmissions_organization')
    .on('sandbox_transmissions')
    .column('organization_id')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sandbox_transmissions').execute();
}
