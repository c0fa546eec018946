import { sql, type Kysely } from 'kysely';

// Frozen once shipped: depends on nothing in the application.
//
// Statistics and platform usage count a period's documents by company, type, direction and delivery
// state. Counting the rows themselves costs a scan of the whole period (over 100 ms for a year of
// 100,000 documents), so a trigger keeps the counts per UTC day in the same transaction as every
// insert, delete and change of those columns, per UTC day and per calendar month: a day or a week is a
// sum over at most 7 day rows of each group, a month or a year over at most 12 month rows, and the
// figures stay exact.
//
// A change of delivery state moves one count between rows of the same day and month; the rows are
// taken in the order (grain, delivery state), so two opposite moves cannot deadlock.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table document_counts (
    organization_id text not null,
    livemode boolean not null,
    company_id text not null,
    grain text not null check (grain in ('day', 'month')),
    period_start date not null,
    type text not null,
    direction text not null,
    delivery_status text not null,
    n bigint not null,
    primary key (organization_id, livemode, grain, period_start, company_id, type, direction, delivery_status)
  )`.execute(db);

  await sql`create function count_document(d documents, g text, delta integer) returns void language sql as $$
    insert into document_counts (organization_id, livemode, company_id, grain, period_start, type, direction, delivery_status, n)
    values (d.organization_id, d.livemode, d.company_id, g, date_trunc(g, d.created_at at time zone 'UTC')::date, d.type, d.direction, d.delivery_status, delta)
    on conflict (organization_id, livemode, grain, period_start, company_id, type, direction, delivery_status)
    do update set n = document_counts.n + excluded.n
  $$`.execute(db);

  await sql`create function documents_counted() returns trigger language plpgsql as $$
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

  await sql`create trigger documents_counted after insert or delete or update of organization_id, livemode, company_id, created_at, type, direction, delivery_status
    on documents for each row execute function documents_counted()`.execute(db);

  await sql`insert into document_counts (organization_id, livemode, company_id, grain, period_start, type, direction, delivery_status, n)
    select organization_id, livemode, company_id, grain, date_trunc(grain, created_at at time zone 'UTC')::date, type, direction, delivery_status, count(*)
    from documents cross join (values ('day'), ('month')) as grains (grain)
    group by 1, 2, 3, 4, 5, 6, 7, 8`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists documents_counted on documents`.execute(db);
  await sql`drop function if exists documents_counted()`.execute(db);
  await sql`drop function if exists count_document(documents, text, integer)`.execute(db);
  await sql`drop table if exists document_counts`.execute(db);
}
