import { sql, type Kysely } from 'kysely';

// Frozen once shipped: depends on nothing in the application.
//
// The document counts trigger ran one upsert per count row it moved: two for a new document, four
// for each change of delivery state, each a statement of its own inside the trigger. One upsert
// now moves them all: the old and the new row's counts, per day and per month, summed by key (so
// a change within one row's key nets out instead of touching the row twice) and taken in the order
// (grain, delivery state), as before, so two opposite moves cannot deadlock.
//
// And every document of a company on a day counted into the same few rows, whose locks each
// transaction held until its commit: concurrent sends and deliveries of one company queued behind
// each other's commits. The counts are now spread over shards (by server process, so the
// connections of a pool rarely meet on a row); readers sum over them as they already sum over days.
// A shard's count may go below zero (a document counted pending in one shard, delivered in
// another); only the sums mean anything.
const SHARDS = 8;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table document_counts add column shard smallint not null default 0`.execute(db);
  await sql`alter table document_counts drop constraint document_counts_pkey`.execute(db);
  await sql`alter table document_counts add primary key
    (organization_id, livemode, grain, period_start, company_id, type, direction, delivery_status, shard)`.execute(db);
  await sql`create or replace function documents_counted() returns trigger language plpgsql as $$
  begin
    if tg_op = 'UPDATE' and (old.organization_id, old.livemode, old.company_id, old.created_at, old.type, old.direction, old.delivery_status)
      is not distinct from (new.organization_id, new.livemode, new.company_id, new.created_at, new.type, new.direction, new.delivery_status) then
      return null;
    end if;
    insert into document_counts (organization_id, livemode, company_id, grain, period_start, type, direction, delivery_status, shard, n)
    select c.organization_id, c.livemode, c.company_id, g.grain, date_trunc(g.grain, c.created_at at time zone 'UTC')::date,
      c.type, c.direction, c.delivery_status, pg_backend_pid() % ${sql.lit(SHARDS)}, sum(c.delta)
    from (
      select old.organization_id, old.livemode, old.company_id, old.created_at, old.type, old.direction, old.delivery_status, -1 as delta
      where tg_op <> 'INSERT'
      union all
      select new.organization_id, new.livemode, new.company_id, new.created_at, new.type, new.direction, new.delivery_status, 1
      where tg_op <> 'DELETE'
    ) c cross join (values ('day'), ('month')) as g (grain)
    group by 1, 2, 3, 4, 5, 6, 7, 8
    order by 4, 8
    on conflict (organization_id, livemode, grain, period_start, company_id, type, direction, delivery_status, shard)
    do update set n = document_counts.n + excluded.n;
    return null;
  end $$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`create table document_counts_unsharded as
    select organization_id, livemode, company_id, grain, period_start, type, direction, delivery_status, sum(n)::bigint as n
    from document_counts group by 1, 2, 3, 4, 5, 6, 7, 8`.execute(db);
  await sql`truncate document_counts`.execute(db);
  await sql`alter table document_counts drop constraint document_counts_pkey`.execute(db);
  await sql`alter table document_counts drop column shard`.execute(db);
  await sql`alter table document_counts add primary key
    (organization_id, livemode, grain, period_start, company_id, type, direction, delivery_status)`.execute(db);
  await sql`insert into document_counts select * from document_counts_unsharded`.execute(db);
  await sql`drop table document_counts_unsharded`.execute(db);
  await sql`create or replace function documents_counted() returns trigger language plpgsql as $$
  begin
    if tg_op = 'INSERT' then
      perform count_document(new, 'day', 1);
      perform count_document(new, 'month', 1);
    elsif tg_op = 'DELETE' then
      perform count_document(old, 'day', -1);
      perform count_document(old, 'month', -1);
    elsif (old.organization_id, old.livemode, old.company_id, old.created_at, old.type, old.direction, old.delivery_status)
      is distinct from (new.organization_id, new.livemode, new.company_id, new.created_at, new.type, new.direction, new.delivery_status) then
      if old.delivery_status <= new.delivery_status then
        perform count_document(old, 'day', -1);
        perform count_document(new, 'day', 1);
        perform count_document(old, 'month', -1);
        perform count_document(new, 'month', 1);
      else
        perform count_document(new, 'day', 1);
        perform count_document(old, 'day', -1);
        perform count_document(new, 'month', 1);
        perform count_document(old, 'month', -1);
      end if;
    end if;
    return null;
  end $$`.execute(db);
}
