import type { Db } from './database.ts';
import { newId } from '../core/ids.ts';

export async function findOrganization(db: Db, id: string) {
  return db.selectFrom('organizations').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findOrganizations(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('organizations').selectAll().where('id', 'in', ids).execute();
}

export interface NewOrganization {
  id?: string;
  name: string;
  plan: string;
  country?: string | null;
  sandbox?: boolean;
}

export async function insertOrganization(db: Db, org: NewOrganization) {
  return db
    .insertInto('organizations')
    .values({
      id: org.id ?? newId('org'),
      name: org.name,
      plan: org.plan,
      country: org.country ?? null,
      vat_number: null,
      parent_organization_id: null,
      sandbox: org.sandbox ?? false,
      forced_rate_limit_until: null,
      settings: '{}',
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Organizations granted by the identity provider exist here from the first token that names them;
 * a concurrent first request for the same organization is harmless.
 */
export async function ensureOrganization(db: Db, id: string): Promise<void> {
  await db
    .insertInto('organizations')
    .values({
      id,
      name: id,
      plan: 'free',
      country: null,
      vat_number: null,
      parent_organization_id: null,
      forced_rate_limit_until: null,
      settings: '{}',
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/** Upserts the user behind a JWT subject and records which organizations the token grants. */
export async function ensureUser(
  db: Db,
  externalId: string,
  email: string | undefined,
  memberships: Array<{ organizationId: string; role: string }>,
): Promise<string> {
  const user = await db
    .insertInto('users')
    .values({ id: newId('usr'), external_id: externalId, email: email ?? null, name: null })
    .onConflict((oc) =>
      oc
        .column('external_id')
        .doUpdateSet((eb) => ({ email: eb.fn.coalesce(eb.val(email ?? null), eb.ref('users.email')) })),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const m of memberships) {
    await db
      .insertInto('memberships')
      .values({ organization_id: m.organizationId, user_id: user.id, role: m.role })
      .onConflict((oc) => oc.columns(['organization_id', 'user_id']).doUpdateSet({ role: m.role }))
      .execute();
  }
  return user.id;
}

export async function setForcedRateLimit(db: Db, organizationId: string, until: Date | null): Promise<void> {
  await db
    .updateTable('organizations')
    .set({ forced_rate_limit_until: until, updated_at: new Date() })
    .where('id', '=', organizationId)
    .execute();
}

/** The role a user holds in an organization, if any. */
export async function findMembershipRole(db: Db, organizationId: string, userId: string): Promise<string | undefined> {
  const membership = await db
    .selectFrom('memberships')
    .select('role')
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return membership?.role;
}
