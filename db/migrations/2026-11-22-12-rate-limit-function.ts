import { sql, type Kysely } from 'kysely';

// Frozen once shipped: depends on nothing in the application.
//
// The sliding-window check ran as a client-side transaction of six round trips, all holding the
// bucket's advisory lock, so one busy key queued its requests behind network latency. As a function
// it is one statement: the lock is held only while the server runs it.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function consume_rate_limit(p_bucket text, p_limit integer, p_now timestamptz, p_window_start timestamptz)
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

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function consume_rate_limit(text, integer, timestamptz, timestamptz)`.execute(db);
}
