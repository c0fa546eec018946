import { sql, type Kysely } from 'kysely';

// Frozen once shipped: depends on nothing in the application.
//
// `consume_rate_limit` counted the bucket's hits of the window on every request: a key sending
// 30 requests a second had Postgres visit 1,800 rows for each. Each hit now carries its number in
// its bucket (`seq`, one more than the last hit's), and hits are recorded in time order, so those
// of the window are the numbers from the oldest one's to the newest one's: two index look-ups
// instead of a count, and the same exact count. A hit is recorded at the API's time, or at the
// bucket's last hit's when that is later (API processes whose clocks differ by a few milliseconds),
// so that the window's hits stay in number order as old ones leave it.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table rate_limit_hits add column seq bigint not null default 0`.execute(db);
  await sql`
    update rate_limit_hits h set seq = numbered.n
      from (select ctid, row_number() over (partition by bucket order by hit_at) as n from rate_limit_hits) as numbered
     where h.ctid = numbered.ctid
  `.execute(db);
  await sql`create index rate_limit_hits_bucket_order on rate_limit_hits (bucket, hit_at, seq)`.execute(db);
  await sql`drop index rate_limit_hits_bucket`.execute(db);
  await sql`
    create or replace function consume_rate_limit(p_bucket text, p_limit integer, p_now timestamptz, p_window_start timestamptz)
    returns table (allowed boolean, used bigint, oldest timestamptz)
    language plpgsql as $$
    declare
      first_seq bigint;
      last_seq bigint;
      last_at timestamptz;
    begin
      perform set_config('synchronous_commit', 'off', true);
      perform pg_advisory_xact_lock(hashtextextended(p_bucket, 0));
      delete from rate_limit_hits h where h.bucket = p_bucket and h.hit_at <= p_window_start;
      select h.seq, h.hit_at into first_seq, oldest
        from rate_limit_hits h where h.bucket = p_bucket order by h.hit_at, h.seq limit 1;
      select h.seq, h.hit_at into last_seq, last_at
        from rate_limit_hits h where h.bucket = p_bucket order by h.hit_at desc, h.seq desc limit 1;
      used := coalesce(last_seq - first_seq + 1, 0);
      allowed := used < p_limit;
      if allowed then
        insert into rate_limit_hits (bucket, hit_at, seq)
        values (p_bucket, greatest(p_now, last_at), coalesce(last_seq, 0) + 1);
      end if;
      return next;
    end $$;
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    create or replace function consume_rate_limit(p_bucket text, p_limit integer, p_now timestamptz, p_window_start timestamptz)
    returns table (allowed boolean, used bigint, oldest timestamptz)
    language plpgsql as $$
    begin
      perform set_config('synchronous_commit', 'off', true);
      perform pg_advisory_xact_lock(hashtextextended(p_bucket, 0));
      delete from rate_limit_hits where bucket = p_bucket and hit_at <= p_window_start;
      select count(*), min(hit_at) into used, oldest from rate_limit_hits where bucket = p_bucket;
      allowed := used < p_limit;
      if allowed then
        insert into rate_limit_hits (bucket, hit_at) values (p_bucket, p_now);
      end if;
      return next;
    end $$;
  `.execute(db);
  await sql`create index rate_limit_hits_bucket on rate_limit_hits (bucket, hit_at)`.execute(db);
  await sql`drop index rate_limit_hits_bucket_order`.execute(db);
  await sql`alter table rate_limit_hits drop column seq`.execute(db);
}
