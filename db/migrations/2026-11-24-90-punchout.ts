import { sql, type Kysely } from 'kysely';

// Frozen once shipped: depends on nothing in the application.
//
// Organizations get a URL slug (the PunchOut return redirects to `{app_url}/{org_slug}/…`), unique
// across the service. Existing organizations get one derived from their name here, `-2`, `-3` … on
// a clash, in creation order so the oldest keeps the plain form.
//
// Partners get their cXML PunchOut credentials: the identity and domain the supplier's cXML names
// itself by, and a hash of the shared secret (never the secret itself).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table organizations add column slug text`.execute(db);
  const rows = await sql<{
    id: string;
    name: string;
  }>`select id, name from organizations order by created_at, id`.execute(db);
  const taken = new Set<string>();
  const assigned: Array<{ id: string; slug: string }> = [];
  for (const row of rows.rows) {
    const base = slugify(row.name) || slugify(row.id) || 'org';
    let slug = base;
    for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
    taken.add(slug);
    assigned.push({ id: row.id, slug });
  }
  for (let i = 0; i < assigned.length; i += 1000) {
    const batch = assigned.slice(i, i + 1000);
    const values = sql.join(batch.map((a) => sql`(${a.id}, ${a.slug})`));
    await sql`update organizations o set slug = v.slug from (values ${values}) as v(id, slug) where o.id = v.id`.execute(
      db,
    );
  }
  await sql`alter table organizations alter column slug set not null`.execute(db);
  await sql`alter table organizations add constraint organizations_slug_key unique (slug)`.execute(db);
  await sql`alter table organizations add constraint organizations_slug_shape check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$')`.execute(
    db,
  );

  await sql`alter table partners
    add column punchout_identity text,
    add column punchout_domain text,
    add column punchout_secret_hash text,
    add constraint partners_punchout_complete check ((punchout_identity is null) = (punchout_secret_hash is null))`.execute(
    db,
  );
  await sql`create index partners_punchout_identity on partners (organization_id, lower(punchout_identity)) where punchout_identity is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists partners_punchout_identity`.execute(db);
  await sql`alter table partners
    drop constraint if exists partners_punchout_complete,
    drop column if exists punchout_identity,
    drop column if exists punchout_domain,
    drop column if exists punchout_secret_hash`.execute(db);
  await sql`alter table organizations drop column if exists slug`.execute(db);
}

function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48)
    .replace(/-+$/, '');
}
