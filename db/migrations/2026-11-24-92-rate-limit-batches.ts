import { sql, type Kysely } from 'kysely';

// Frozen once shipped: depends on nothing in the application.
//
// Every request of a key took the key's advisory lock for one statement and its commit, so a busy
// key's concurrent requests queued one commit at a time. A process now counts the requests of a
// key that arrive while its previous count runs in one call: `consume_rate_limit_hits` admits as
// many of them as the window still allows and logs them as one row with their number (`hits`).
// The window stays exact: at most `p_limit` hits in any window. The one-hit function sums `hits`
// too, so processes of the previous version count correctly beside this one.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table rate_limit_hits add column hits integer not null default 1`.execute(db);
  await sql`
    create function consume_rate_limit_hits(p_bucket text, p_limit integer, p_count integer, p_now timestamptz, p_window_start timestamptz)
    returns table (admitted integer, used bigint, oldest timestamptz)
    language plpgsql as $$
    begin
      perform pg_advisory_xact_lock(hashtextextended(p_bucket, 0));
      delete from rate_limit_hits where bucket = p_bucket and hit_at <= p_window_start;
      select coalesce(sum(hits), 0), min(hit_at) into used, oldest from rate_limit_hits where bucket = p_bucket;
      admitted := least(p_count, greatest(p_limit - used, 0));
      if admitted > 0 then
        insert into rate_limit_hits (bucket, hit_at, hits) values (p_bucket, p_now, admitted);
      end if;
      return next;
    end $$;
  `.execute(db);
  await sql`
    create or replace function consume_rate_limit(p_bucket text, p_limit integer, p_now timestamptz, p_window_start timestamptz)
    returns table (allowed boolean, used bigint, oldest timestamptz)
    language sql as $$
      select admitted = 1, used, oldest from consume_rate_limit_hits(p_bucket, p_limit, 1, p_now, p_window_start)
    $$;
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    create or replace function consume_rate_limit(p_bucket text, p_limit integer, p_now timestamptz, p_window_start timestamptz)
    returns table (allowed boolean, used bigint, oldest timestamptz)
    language plpgsql as $$
    begin
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
  await sql`drop function consume_rate_limit_hits(text, integer, integer, timestamptz, timestamptz)`.execute(db);
  // A row of several hits becomes that many rows, so the window keeps counting them.
  await sql`insert into rate_limit_hits (bucket, hit_at, hits)
    select bucket, hit_at, 1 from rate_limit_hits, generate_series(2, hits) where hits > 1`.execute(db);
  await sql`alter table rate_limit_hits drop column hits`.execute(db);
}
