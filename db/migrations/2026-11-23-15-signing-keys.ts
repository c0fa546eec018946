import { type Kysely, sql } from 'kysely';

// Frozen once shipped: depends on nothing in the application.
//
// The service's own keys for signing what it serves (the XML download). The highest generation
// signs; every generation stays published in /.well-known/jwks.json so earlier signatures still
// verify. The generation is the primary key, so two processes creating the first key at once (or
// rotating at once) cannot both win: the loser's insert does nothing and it reads the winner's key.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('signing_keys')
    .addColumn('generation', 'integer', (c) => c.primaryKey())
    .addColumn('kid', 'text', (c) => c.notNull().unique())
    .addColumn('public_jwk', 'jsonb', (c) => c.notNull())
    .addColumn('private_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz(3)', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('signing_keys').execute();
}
