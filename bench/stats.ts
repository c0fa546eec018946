import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { newId } from '../core/ids.ts';
import { currentPeriod, type PeriodKind } from '../core/periods.ts';
import { createScope } from '../core/scope.ts';
import { insertCompany } from '../db/companies.ts';
import { createDb } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { insertOrganization } from '../db/organizations.ts';
import { countDocumentsByGroup, countPartners } from '../db/stats.ts';
import { percentile, startBenchDatabase } from './support.ts';

/**
 * `GET /v1/stats` queries on 100,000 documents of one organization (spread over the last year, three
 * companies, every type, direction and delivery state) beside 20,000 of another, inserted through the
 * table so the counting trigger runs for each: p50/p95 per period of the two queries the route runs.
 * Target: ≤ 50 ms. Uses DATABASE_URL (a fresh database on that
 * server) or an embedded server in a temp folder. `npm run bench:stats [documents] [runs]`.
 */
const DOCUMENTS = Math.max(1_000, Number(process.argv[2] ?? 100_000));
const RUNS = Math.max(10, Number(process.argv[3] ?? 50));
const TARGET_MS = 50;

const bench = await startBenchDatabase('stats');
const db = createDb(bench.databaseUrl, { max: 4, applicationName: 'docex-bench' });

async function seed(organizationId: string, count: number): Promise<void> {
  const companies: string[] = [];
  for (const country of ['BE', 'FR', 'IT']) {
    const number = String(1_000_000_000 + companies.length + Math.floor(Math.random() * 1e8)).slice(0, 10);
    const row = await insertCompany(db, {
      id: newId('comp'),
      organizationId,
      livemode: true,
      name: `Bench ${country}`,
      legalName: `Bench ${country}`,
      vatNumber: `${country}${number}`,
      country,
      peppolId: `0208:${number}`,
      address: { country },
      capabilities: { send: ['invoice'], receive: ['invoice'] },
    });
    companies.push(row.id);
  }
  const companyList = sql.join(companies.map((c) => sql.lit(c)));
  for (let offset = 0; offset < count; offset += 10_000) {
    const batch = Math.min(10_000, count - offset);
    await sql`
      insert into documents (id, organization_id, livemode, company_id, partner_id, type, direction, sender, status, delivery_status, source_format, created_at)
      select 'doc_bench' || ${offset} + g || ${organizationId}, ${organizationId}, true, (array[${companyList}])[1 + g % 3],
        case when g % 4 = 0 then null else 'part_bench' || g % 200 end,
        (array['invoice','invoice','invoice','credit-note','purchase-order','sales-order','quote'])[1 + g % 7],
        case when g % 5 = 0 then 'incoming' else 'outgoing' end, '{}'::jsonb, 'sent',
        case when g % 5 = 0 then 'stored' else (array['delivered','delivered','delivered','pending','failed','rejected'])[1 + g % 6] end,
        'json', now() - (random() * interval '365 days')
      from generate_series(1, ${batch}) g`.execute(db);
  }
}

try {
  await migrateToLatest(db);
  const org = await insertOrganization(db, { name: 'Bench', plan: 'pro', country: 'BE' });
  const noise = await insertOrganization(db, { name: 'Noise', plan: 'pro', country: 'BE' });
  const seedStart = performance.now();
  await seed(org.id, DOCUMENTS);
  await seed(noise.id, Math.round(DOCUMENTS / 5));
  // What autovacuum does on a live table after such a load.
  await sql`vacuum analyze documents, document_counts`.execute(db);
  console.log(
    `seeded ${DOCUMENTS} + ${Math.round(DOCUMENTS / 5)} documents in ${(performance.now() - seedStart).toFixed(0)} ms`,
  );

  const scope = createScope({ organizationId: org.id, livemode: true, callerKind: 'personal' });
  let worst = 0;
  for (const kind of ['day', 'week', 'month', 'year'] as PeriodKind[]) {
    const period = currentPeriod(kind);
    const times: number[] = [];
    let total = 0;
    for (let i = 0; i < RUNS + 3; i++) {
      const start = performance.now();
      const [groups] = await Promise.all([
        countDocumentsByGroup(db, scope, { period }),
        countPartners(db, scope, { period }),
      ]);
      if (i >= 3) times.push(performance.now() - start);
      total = groups.reduce((n, g) => n + g.n, 0);
    }
    times.sort((a, b) => a - b);
    const p95 = percentile(times, 95);
    worst = Math.max(worst, p95);
    console.log(
      `period=${kind.padEnd(5)} ${String(total).padStart(6)} documents  p50 ${percentile(times, 50).toFixed(1)} ms  p95 ${p95.toFixed(1)} ms`,
    );
  }
  console.log(
    `worst p95 ${worst.toFixed(1)} ms against the target of ≤ ${TARGET_MS} ms: ${worst <= TARGET_MS ? 'met' : 'NOT met'}`,
  );
} finally {
  await db.destroy();
  await bench.stop();
}
