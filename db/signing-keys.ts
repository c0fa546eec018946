import type { Db } from './database.ts';

export interface NewSigningKey {
  generation: number;
  kid: string;
  publicJwk: Record<string, unknown>;
  privateKeyPem: string;
}

/** Every key, newest generation first: the first one signs, all of them are published. */
export async function findSigningKeys(db: Db) {
  return db.selectFrom('signing_keys').selectAll().orderBy('generation', 'desc').execute();
}

/** Adds the key unless its generation exists already; true when this call added it. */
export async function insertSigningKey(db: Db, key: NewSigningKey): Promise<boolean> {
  const result = await db
    .insertInto('signing_keys')
    .values({
      generation: key.generation,
      kid: key.kid,
      public_jwk: JSON.stringify(key.publicJwk),
      private_key: key.privateKeyPem,
    })
    .onConflict((oc) => oc.column('generation').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}
