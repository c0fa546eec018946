import { expect } from 'chai';
import { sql, type Kysely, type Migrator } from 'kysely';
import type { Db } from '../../db/database.ts';
import { newId } from '../../core/ids.ts';
import { testServers } from '../support/servers.ts';
import { createMigrationDatabase, migrationBefore } from '../support/migrations.ts';

const SEQUENCE_MIGRATION = '2026-11-24-96-rate-limit-sequence';
const t0 = Date.parse('2026-11-24T12:00:00Z');
const at = (ms: number) => new Date(t0 + ms);

async function consume(db: Kysely<any>, bucket: string, limit: number, nowMs: number, windowMs: number) {
  const { rows } = await sql<{ allowed: boolean; used: number; oldest: Date | null }>`
    select allowed, used, oldest from consume_rate_limit(${bucket}, ${limit}, ${at(nowMs)}, ${at(nowMs - windowMs)})`.execute(
    db,
  );
  return rows[0];
}

const hitsOf = async (db: Kysely<any>, bucket: string) =>
  (
    await db
      .selectFrom('rate_limit_hits')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('bucket', '=', bucket)
      .executeTakeFirstOrThrow()
  ).n;

describe('the rate-limit window (consume_rate_limit)', () => {
  it('counts exactly the hits of the window as they leave it, with API clocks a little apart', async () => {
    const db: Db = testServers().db;
    const bucket = `window-test:${newId('key')}`;
    const windowMs = 2_000;
    let now = 0;
    // Deterministic, irregular arrivals from processes whose clocks differ by up to 40 ms.
    for (let i = 0; i < 300; i++) {
      now += (i * 37) % 23;
      const skew = ((i * 53) % 81) - 40;
      const { allowed, used } = await consume(db, bucket, 25, now + skew, windowMs);
      const after = await hitsOf(db, bucket);
      // Every hit left in the log is in the window, and the answer counted exactly those before this one.
      expect(after).to.equal(used + (allowed ? 1 : 0));
      expect(allowed).to.equal(used < 25);
    }
  });

  it('answers the oldest hit of the window and frees its slot once it leaves', async () => {
    const db: Db = testServers().db;
    const bucket = `window-test:${newId('key')}`;
    expect(await consume(db, bucket, 2, 0, 60_000)).to.deep.include({ allowed: true, used: 0, oldest: null });
    expect(await consume(db, bucket, 2, 10_000, 60_000)).to.deep.include({ allowed: true, used: 1, oldest: at(0) });
    expect(await consume(db, bucket, 2, 20_000, 60_000)).to.deep.include({ allowed: false, used: 2, oldest: at(0) });
    // At 60 s the first hit is out (a window is (now - 60 s, now]); the refused one was never recorded.
    expect(await consume(db, bucket, 2, 60_000, 60_000)).to.deep.include({
      allowed: true,
      used: 1,
      oldest: at(10_000),
    });
    expect(await consume(db, bucket, 2, 200_000, 60_000)).to.deep.include({ allowed: true, used: 0, oldest: null });
  });
});

describe(`migration ${SEQUENCE_MIGRATION}: hits numbered in their buckets`, () => {
  let db: Kysely<any>;
  let migrator: Migrator;

  before(async () => ({ db, migrator } = await createMigrationDatabase('rate_limit_migration')));

  after(async () => {
    await db?.destroy();
  });

  it('numbers the hits of the window in time order, so the count goes on exactly; and migrates down', async () => {
    const previous = migrationBefore(SEQUENCE_MIGRATION);
    expect((await migrator.migrateTo(previous)).error).to.equal(undefined);
    // Written out of time order, in two buckets.
    for (const [bucket, ms] of [
      ['a', 30_000],
      ['b', 5_000],
      ['a', 10_000],
      ['a', 20_000],
    ] as const)
      await db
        .insertInto('rate_limit_hits')
        .values({ bucket, hit_at: at(ms) })
        .execute();

    expect((await migrator.migrateToLatest()).error).to.equal(undefined);
    // Window (15 s, 75 s]: 20 s and 30 s are in it, 10 s leaves it.
    expect(await consume(db, 'a', 10, 75_000, 60_000)).to.deep.include({ allowed: true, used: 2, oldest: at(20_000) });
    expect(await consume(db, 'a', 10, 76_000, 60_000)).to.deep.include({ used: 3, oldest: at(20_000) });
    expect(await consume(db, 'b', 10, 64_000, 60_000)).to.deep.include({ used: 1, oldest: at(5_000) });

    expect((await migrator.migrateTo(previous)).error).to.equal(undefined);
    expect(await consume(db, 'a', 10, 77_000, 60_000)).to.deep.include({ used: 4, oldest: at(20_000) });
    expect((await migrator.migrateToLatest()).error).to.equal(undefined);
  });
});
