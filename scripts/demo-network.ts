import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { NativeConnection } from '@temporalio/worker';
import { createApp } from '../api/app.ts';
import { participantIdDirectory } from '../api/documents/parties.ts';
import { loadConfig, PROJECT_ROOT } from '../core/config.ts';
import { ensureDatabase, startEmbeddedPostgres } from '../core/embedded-postgres.ts';
import { createEventDispatcher } from '../core/event-dispatcher.ts';
import { newId, randomToken, transmissionId } from '../core/ids.ts';
import { createLogger, useLogger } from '../core/log.ts';
import { freePort } from '../core/ports.ts';
import { connectTemporal, installClientRuntime } from '../core/temporal-client.ts';
import { startTemporalDevServer } from '../core/temporal-dev-server.ts';
import { insertCompany } from '../db/companies.ts';
import { createDb } from '../db/database.ts';
import { findDocumentById } from '../db/documents.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { createUpstreams } from '../upstreams/index.ts';
import { createWorkers, runWorkers } from '../workers/create-workers.ts';
import {
  gatewayUnavailable,
  identityOf,
  startGateway,
  writeLoopbackEndpointTable,
  type RunningGateway,
} from './network/gateway.ts';
import { makeTestPki } from './network/pki.ts';

/**
 * `npm run demo:network`: one installation of the service in live mode, two organizations, each
 * company behind its own phase4 access point (gateway/) with a certificate of a test PKI made for the
 * run, and a live invoice from one to the other over AS4 on 127.0.0.1. Prints what happened, then
 * stops everything and removes what it made. Nothing leaves this machine.
 */

const say = (line = '') => process.stdout.write(`${line}\n`);
const step = (text: string) => say(`\n▸ ${text}`);
const ms = (since: number) => `${Date.now() - since} ms`;

/** Two Belgian enterprises with valid KBO numbers: their Peppol ids are 0208 + the number. */
const COMPANIES = [
  { name: 'Alpha Consulting BV', number: '0202239951', city: 'Brussels', postalCode: '1000' },
  { name: 'Beta Retail NV', number: '0403170701', city: 'Antwerp', postalCode: '2000' },
] as const;

async function main(): Promise<void> {
  const unavailable = gatewayUnavailable();
  if (unavailable) {
    say(`demo:network needs the phase4 access point: ${unavailable}.`);
    say('Install a JDK 17+ and Maven, then run `node scripts/gateway.mjs`.');
    process.exitCode = 1;
    return;
  }
  useLogger(createLogger({ level: process.env.LOG_LEVEL ?? 'error' }));
  const dir = mkdtempSync(path.join(os.tmpdir(), 'docex-demo-network-'));
  // The embedded server runs as the postgres user when this runs as root.
  chmodSync(dir, 0o755);
  const cleanup: Array<() => Promise<unknown>> = [];
  const started = Date.now();
  try {
    say('A live invoice across the Peppol network of this machine');

    step('Postgres, Temporal and the schema');
    const postgres = await startEmbeddedPostgres({ dataDir: path.join(dir, 'postgres'), port: await freePort() });
    cleanup.push(() => postgres.stop());
    await ensureDatabase(postgres.serverUrl, 'docex');
    const databaseUrl = postgres.databaseUrl('docex');
    const db = createDb(databaseUrl, { max: 10, applicationName: 'docex-demo' });
    cleanup.push(() => db.destroy());
    await migrateToLatest(db);
    const temporalServer = await startTemporalDevServer({
      port: await freePort(),
      uiPort: 0,
      namespace: 'default',
      headless: true,
    });
    cleanup.push(() => temporalServer.stop());
    say(`  Postgres ${postgres.serverUrl.replace(/\/\/[^@]*@/, '//')}, Temporal ${temporalServer.address}`);

    step('Two live organizations, made with `npm run admin -- create-organization`');
    const organizations = COMPANIES.map((company) => {
      const out = execFileSync(
        process.execPath,
        ['--import', 'tsx', path.join(PROJECT_ROOT, 'scripts', 'admin.ts'), 'create-organization', '--name', company.name, '--plan', 'pro', '--country', 'BE', '--json'], // prettier-ignore
        { env: { ...process.env, DATABASE_URL: databaseUrl }, encoding: 'utf8' },
      );
      const created = JSON.parse(out) as { organization: { id: string }; apiKey: { key: string } };
      return { ...company, organizationId: created.organization.id, key: created.apiKey.key };
    });
    const parties = [];
    for (const org of organizations) {
      // Onboarding through POST /v1/companies checks the VAT number in VIES and registers the company in
      // an SMP, neither of which this machine reaches: the companies are written as onboarding leaves them.
      const company = await insertCompany(db, {
        id: newId('comp'),
        organizationId: org.organizationId,
        livemode: true,
        name: org.name,
        legalName: org.name,
        vatNumber: `BE${org.number}`,
        country: 'BE',
        peppolId: `0208:${org.number}`,
        address: { street: 'Rue de la Loi 16', city: org.city, postalCode: org.postalCode, country: 'BE' },
        capabilities: { send: ['invoice', 'credit-note'], receive: ['invoice', 'credit-note'] },
      });
      parties.push({ ...org, companyId: company.id, peppolId: `0208:${org.number}` });
      say(`  ${org.name}: ${org.organizationId}, company ${company.id}, Peppol id 0208:${org.number}`);
    }
    const [alpha, beta] = parties as [(typeof parties)[number], (typeof parties)[number]];

    step('A test PKI and two access points (gateway/, phase4)');
    const pki = makeTestPki(dir);
    const apiToken = randomToken(24);
    const forwardToken = randomToken(24);
    const ports = { a: await freePort(), b: await freePort(), api: await freePort() };
    const apiUrl = `http://127.0.0.1:${ports.api}`;
    const endpointsFile = path.join(dir, 'endpoints.json');
    writeLoopbackEndpointTable(endpointsFile, pki, ports, { [alpha.peppolId]: 'a', [beta.peppolId]: 'b' });
    const gateway = (name: 'a' | 'b'): Promise<RunningGateway> =>
      startGateway(
        {
          ...identityOf(pki, name),
          endpointsFile,
          forwardUrl: `${apiUrl}/internal/access-point/inbound`,
          forwardToken,
          token: apiToken,
          dataDir: path.join(dir, `gateway-${name}`),
        },
        ports[name],
      );
    const gatewayStart = Date.now();
    const [a, b] = await Promise.all([gateway('a'), gateway('b')]);
    cleanup.push(() => Promise.all([a.stop(), b.stop()]));
    say(`  CA "Interop Test AP CA"; access point A (seat ${pki.a.seatId}) ${a.url} for ${alpha.name}`);
    say(`  access point B (seat ${pki.b.seatId}) ${b.url} for ${beta.name}; both up in ${ms(gatewayStart)}`);

    step('The service: API and worker in live mode, speaking phoss-ap to access point A');
    const config = loadConfig({
      ...process.env,
      DATABASE_URL: databaseUrl,
      TEMPORAL_ADDRESS: temporalServer.address,
      ACCESS_POINT_URL: a.url,
      ACCESS_POINT_TOKEN: apiToken,
      ACCESS_POINT_FORWARD_TOKEN: forwardToken,
      PUBLIC_BASE_URL: apiUrl,
    });
    installClientRuntime({ debug: false });
    const temporal = await connectTemporal(temporalServer.address, 'default');
    cleanup.push(() => temporal.close());
    const upstreams = createUpstreams(config, db);
    const app = createApp({
      db,
      upstreams,
      temporal: temporal.client,
      accessPoint: { forwardToken: config.accessPointForwardToken },
      publicBaseUrl: apiUrl,
      appUrl: apiUrl,
      jwt: { jwksUrl: undefined, audience: config.jwtAudience, issuer: undefined },
      // The SML and SMPs of the real network are out of reach: a recipient is looked up by the access
      // point, in its endpoint table.
      recipients: participantIdDirectory,
    });
    const server: Server = app.listen(ports.api, '127.0.0.1');
    await new Promise<void>((resolve) => server.once('listening', resolve));
    cleanup.push(
      () =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    );
    const connection = await NativeConnection.connect({ address: temporalServer.address });
    const workers = await createWorkers({
      connection,
      namespace: 'default',
      db,
      events: createEventDispatcher(temporal.client, db),
      upstreams,
    });
    const stopWorkers = new AbortController();
    const running = runWorkers(workers, stopWorkers.signal);
    cleanup.push(async () => {
      stopWorkers.abort();
      await running;
      await connection.close();
    });
    say(`  API ${apiUrl}, worker polling every task queue`);

    step(`${alpha.name} sends an invoice to ${beta.peppolId} with its live key`);
    const sendStart = Date.now();
    const res = await fetch(`${apiUrl}/v1/documents/send`, {
      method: 'POST',
      headers: { authorization: `Bearer ${alpha.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        type: 'invoice',
        from: alpha.companyId,
        to: beta.peppolId,
        document: {
          number: 'INV-2026-0001',
          issueDate: new Date().toISOString().slice(0, 10),
          buyerReference: 'PO-4711',
          // Live, a recipient's name and address come from its Directory business card, which this
          // machine cannot read: the invoice says them.
          buyer: {
            name: beta.name,
            address: { street: 'Meir 1', city: beta.city, postalCode: beta.postalCode, country: 'BE' },
          },
          lines: [{ description: 'Consulting, November', quantity: 10, unitPrice: 120, vatRate: 21 }],
        },
      }),
    });
    const sent = (await res.json()) as { id: string; number: string; grossAmount: number; error?: unknown };
    if (res.status !== 201) throw new Error(`the send answered ${res.status}: ${JSON.stringify(sent)}`);
    const instanceId = transmissionId(sent.id);
    say(`  201 ${sent.id} (${sent.number}, EUR ${sent.grossAmount}), SBDH InstanceIdentifier ${instanceId}`);

    const deadline = Date.now() + 120_000;
    let row = await findDocumentById(db, sent.id);
    while (row?.delivery_status === 'pending' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      row = await findDocumentById(db, sent.id);
    }
    const copy = await db
      .selectFrom('documents')
      .selectAll()
      .where('company_id', '=', beta.companyId)
      .where('transport_message_id', '=', instanceId)
      .executeTakeFirst();

    step('What happened');
    say(`  A handed the SBD to access point A at ${row?.sent_at?.toISOString() ?? '—'}`);
    if (copy) {
      const shown = (await (
        await fetch(`${apiUrl}/v1/documents/${copy.id}`, { headers: { authorization: `Bearer ${beta.key}` } })
      ).json()) as { number: string; grossAmount: number; sender: { name: string; peppolId: string } };
      say(`  ${beta.name} received ${copy.id}: ${shown.number}, EUR ${shown.grossAmount}, from ${shown.sender.name}`);
      say(`    (${shown.sender.peppolId}), under the same InstanceIdentifier ${copy.transport_message_id}`);
    } else {
      say(`  ${beta.name} received nothing`);
    }
    say(
      `  ${alpha.name}'s invoice is ${row?.delivery_status ?? 'missing'}` +
        (row?.mls ? `, Message Level Status ${row.mls.code} from access point B` : '') +
        (row?.error_code ? ` (${row.error_code}: ${row.error_message})` : '') +
        `, ${ms(sendStart)} after the send`,
    );
    const events = await db
      .selectFrom('events')
      .select(['organization_id', 'type'])
      .where('organization_id', 'in', [alpha.organizationId, beta.organizationId])
      .orderBy('created_at')
      .execute();
    for (const org of [alpha, beta])
      say(
        `  events of ${org.name}: ${events
          .filter((e) => e.organization_id === org.organizationId)
          .map((e) => e.type)
          .join(', ')}`,
      );
    if (row?.delivery_status !== 'delivered' || !copy) process.exitCode = 1;
    say(`\n${process.exitCode ? 'The invoice did not arrive.' : 'Delivered.'} (${ms(started)} in all)`);
  } finally {
    for (const stop of cleanup.reverse()) await stop().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`demo:network failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exitCode = 1;
});
