import { sql, type Kysely } from 'kysely';

// Frozen once shipped: depends on nothing in the application.
//
// The bucket's advisory lock is held until the statement's transaction commits, and the commit
// waited for its WAL flush: every request of one key queued behind the previous one's flush. The
// hits are a window of the last minute, not a record: the commit no longer waits for the flush
// (synchronous_commit off for this transaction only). The hit is visible to the next request as
// soon as it commits, so the count stays exact; only a crash of the server could forget the hits of
// its last moments (at most three times wal_writer_delay), which lets a key a few requests more.
export async function up(db: Kysely<any>): Promise<void> {
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
}
