import type { Db } from './database.ts';
import { newId, randomToken } from '../core/ids.ts';
import { slugify } from '../core/slug.ts';

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

/**
 * Inserts with the slug of `name` if it is free, else with a random suffix (`sandbox-quickstart-k3x9qa`):
 * many organizations share a name, and counting through them would grow with each. A clash is skipped
 * by the insert (`on conflict do nothing`, which leaves a surrounding transaction usable) and tried again.
 */
async function withFreeSlug<T>(name: string, id: string, insert: (slug: string) => Promise<T | undefined>) {
  const base = slugify(name) || slugify(id) || 'org';
  for (let attempt = 1; attempt <= 5; attempt++) {
    const row = await insert(attempt === 1 ? base : `${base}-${randomToken(6).toLowerCase()}`);
    if (row) return row;
  }
  throw new Error(`no free slug for organization ${id}`);
}

export async function insertOrganization(db: Db, org: NewOrganization) {
  const id = org.id ?? newId('org');
  return withFreeSlug(org.name, id, (slug) =>
    db
      .insertInto('organizations')
      .values({
        id,
        name: org.name,
        slug,
        plan: org.plan,
        country: org.country ?? null,
        vat_number: null,
        parent_organization_id: null,
        sandbox: org.sandbox ?? false,
        forced_rate_limit_until: null,
        settings: '{}',
      })
      .onConflict((oc) => oc.doNothing())
      .returningAll()
      .executeTakeFirst(),
  );
}

/**
 * Organizations granted by the identity provider exist here from the first token that names them;
 * a concurrent first request for the same organization is harmless.
 */
export async function ensureOrganization(db: Db, id: string): Promise<void> {
  const exists = () => db.selectFrom('organizations').select('id').where('id', '=', id).executeTakeFirst();
  if (await exists()) return;
  await withFreeSlug(id, id, async (slug) => {
    await db
      .insertInto('organizations')
      .values({
        id,
        name: id,
        slug,
        plan: 'free',
        country: null,
        vat_number: null,
        parent_organization_id: null,
        forced_rate_limit_until: null,
        settings: '{}',
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
    // Present now whether this insert or a concurrent one for the same id won; absent after a slug clash.
    return exists();
  });
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
