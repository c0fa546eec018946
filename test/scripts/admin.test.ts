import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { loadConfig, PROJECT_ROOT } from '../../core/config.ts';
import { freePort } from '../../core/ports.ts';
import { companyUpstreamsFromConfig } from '../../upstreams/companies.ts';
import { createViesRegistry } from '../../upstreams/registry/index.ts';
import { bearer, createTenant, jsonHeaders } from '../support/access.ts';
import { errorBody, startTestApp, type TestApp } from '../support/app.ts';
import { testServers } from '../support/servers.ts';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `npm run admin -- …` as an operator runs it, against the test database (or `env`'s). */
function admin(args: string[], env: NodeJS.ProcessEnv = {}): Promise<Run> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(PROJECT_ROOT, 'scripts', 'admin.ts'), ...args], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, DATABASE_URL: testServers().databaseUrl, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c) => (stdout += c));
  child.stderr.on('data', (c) => (stderr += c));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

interface Created {
  organization: { id: string; name: string; slug: string; plan: string; country: string | null };
  user: { id: string; email: string; role: string } | null;
  apiKey: { id: string; key: string; keyPrefix: string; keyType: string; livemode: boolean; scopes: string[] };
}

async function createOrganization(args: string[]): Promise<Created> {
  const run = await admin(['create-organization', ...args, '--json']);
  expect(run.code, run.stderr).to.equal(0);
  expect(run.stderr).to.equal('');
  return JSON.parse(run.stdout) as Created;
}

/** A VIES stand-in that knows one Belgian company. */
async function startVies() {
  const server = http.createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    if (req.url === '/ms/BE/vat/0777777771') {
      res.end(
        JSON.stringify({ isValid: true, name: 'GENT LOGISTICS NV', address: 'Kortrijksesteenweg 88\n9000 Gent' }),
      );
    } else {
      res.statusCode = 503;
      res.end('{}');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('npm run admin (scripts/admin.ts)', function () {
  this.timeout(120_000);
  let app: TestApp;
  let vies: Awaited<ReturnType<typeof startVies>>;
  const get = (key: string, route: string) => fetch(`${app.url}${route}`, { headers: bearer(key) });
  const post = (key: string, route: string, body: unknown) =>
    fetch(`${app.url}${route}`, { method: 'POST', headers: jsonHeaders(key), body: JSON.stringify(body) });

  before(async () => {
    vies = await startVies();
    const upstreams = companyUpstreamsFromConfig(loadConfig({}), testServers().db);
    upstreams.registry.live = createViesRegistry({ baseUrl: vies.url, timeoutMs: 2000 });
    // Other suites of a run bootstrap sandbox keys from the same address too.
    app = await startTestApp({ upstreams: { companies: upstreams }, bootstrapPerHour: 1000 });
  });
  after(async () => {
    await app.close();
    await vies.close();
  });

  describe('create-organization', () => {
    it('creates a live organization whose printed key works on the live API like any live key', async () => {
      const created = await createOrganization(['--name', 'Acme BV']);
      expect(created.organization).to.include({ name: 'Acme BV', plan: 'free', country: null });
      expect(created.organization.id).to.match(/^org_/);
      const { key } = created.apiKey;
      expect(key).to.match(/^svc_live_[0-9A-Za-z]{32}$/);
      expect(created.apiKey).to.include({ keyType: 'personal', livemode: true, keyPrefix: key.slice(0, 15) });
      expect(created.apiKey.scopes).to.deep.equal(['*']);

      const me = await get(key, '/v1/me');
      expect(me.status).to.equal(200);
      expect(await me.json()).to.include({
        authMethod: 'api_key',
        organizationId: created.organization.id,
        keyId: created.apiKey.id,
        isTestMode: false,
      });

      const empty = await get(key, '/v1/companies');
      expect(empty.status).to.equal(200);
      expect(empty.headers.get('x-ratelimit-limit')).to.equal('60');
      expect(await empty.json()).to.deep.equal({ data: [], hasMore: false, cursor: null });

      // A live company is onboarded through the live registry (VIES), as for any live key.
      const company = await post(key, '/v1/companies', { vatNumber: 'BE0777777771' });
      const body = await company.json();
      expect(company.status, JSON.stringify(body)).to.equal(201);
      expect(body).to.include({ legalName: 'GENT LOGISTICS NV', peppolId: '0208:0777777771' });
      const listed = await (await get(key, '/v1/companies')).json();
      expect(listed.data.map((c: { id: string }) => c.id)).to.deep.equal([body.id]);

      // It mints further keys of its own mode through the API too.
      const minted = await post(key, '/v1/api-keys', { name: 'ci' });
      expect(minted.status).to.equal(201);
      expect((await minted.json()).key).to.match(/^svc_live_/);
    });

    it('the key reaches only its own organization', async () => {
      const created = await createOrganization(['--name', 'Isolated BV']);
      const other = await createTenant({ livemode: true });
      const { key } = created.apiKey;

      expect((await (await get(key, '/v1/companies')).json()).data).to.deep.equal([]);
      const foreign = await get(key, `/v1/companies/${other.companyId}`);
      expect(foreign.status).to.equal(404);
      expect((await errorBody(foreign)).code).to.equal('COMPANY_NOT_FOUND');
      // The other organization does not see the new one's companies either.
      const own = await (await post(key, '/v1/companies', { vatNumber: 'BE0777777771' })).json();
      expect((await get(other.key, `/v1/companies/${own.id}`)).status).to.equal(404);
      // Naming another organization does not switch to it.
      const switched = await fetch(`${app.url}/v1/companies`, {
        headers: bearer(key, { 'x-service-organization-id': other.organizationId }),
      });
      expect((await switched.json()).data.map((c: { id: string }) => c.id)).to.deep.equal([own.id]);
    });

    it('stores the key only as its hash', async () => {
      const created = await createOrganization(['--name', 'Hashed BV']);
      const { key } = created.apiKey;
      const rows = await testServers()
        .db.selectFrom('api_keys')
        .selectAll()
        .where('organization_id', '=', created.organization.id)
        .execute();
      expect(rows).to.have.length(1);
      expect(rows[0]).to.include({
        id: created.apiKey.id,
        livemode: true,
        key_type: 'personal',
        key_prefix: key.slice(0, 15),
        key_hash: createHash('sha256').update(key).digest('hex'),
        revoked_at: null,
        expires_at: null,
      });
      const stored = JSON.stringify(rows[0]);
      expect(stored).not.to.include(key);
      expect(stored).not.to.include(key.slice(15));
    });

    it('prints the key once, with the admin e-mail, and a second run makes a second organization', async () => {
      const first = await admin(['create-organization', '--name', 'Twice BV', '--email', 'Ops@Acme.example']);
      const second = await admin(['create-organization', '--name', 'Twice BV', '--email', 'Ops@Acme.example']);
      for (const run of [first, second]) {
        expect(run.code, run.stderr).to.equal(0);
        expect(run.stderr).to.equal('');
        expect(run.stdout).to.match(/^Created live organization org_\w+ "Twice BV" \(slug twice-bv(-\w+)?\)$/m);
        expect(run.stdout).to.include('Plan: free (60 requests a minute per key, 50 live documents a month)');
        expect(run.stdout).to.match(/^Admin: Ops@Acme\.example \(usr_\w+\)$/m);
        expect(run.stdout).to.include('shown only this once');
        expect(run.stdout.match(/svc_live_\w+/g)).to.have.length(1);
      }
      const orgOf = (run: Run) => /organization (org_\w+)/.exec(run.stdout)![1];
      const keyOf = (run: Run) => /svc_live_\w+/.exec(run.stdout)![0];
      expect(orgOf(first)).not.to.equal(orgOf(second));
      expect(keyOf(first)).not.to.equal(keyOf(second));
      for (const run of [first, second]) {
        const me = await (await get(keyOf(run), '/v1/me')).json();
        expect(me.organizationId).to.equal(orgOf(run));
        expect(me.organizations.map((o: { name: string }) => o.name)).to.deep.equal(['Twice BV']);
      }
      const slugs = await testServers()
        .db.selectFrom('organizations')
        .select('slug')
        .where('id', 'in', [orgOf(first), orgOf(second)])
        .execute();
      expect(new Set(slugs.map((s) => s.slug)).size).to.equal(2);
    });

    it('--plan and --country: a pro organization gets its limit, a platform one a platform key', async () => {
      const pro = await createOrganization(['--name', 'Pro BV', '--plan', 'pro', '--country', 'be']);
      expect(pro.organization).to.include({ plan: 'pro', country: 'BE' });
      const res = await get(pro.apiKey.key, '/v1/companies');
      expect(res.status).to.equal(200);
      expect(res.headers.get('x-ratelimit-limit')).to.equal('300');
      expect((await (await get(pro.apiKey.key, '/v1/me')).json()).organizations[0].country).to.equal('BE');

      const platform = await createOrganization(['--name', 'Platform BV', '--plan', 'platform']);
      expect(platform.apiKey.key).to.match(/^svc_plat_live_/);
      expect((await get(platform.apiKey.key, '/v1/platform/companies')).status).to.equal(200);
    });
  });

  describe('create-key', () => {
    it('adds another live key to an existing organization', async () => {
      const created = await createOrganization(['--name', 'More Keys BV']);
      const run = await admin(['create-key', '--organization', created.organization.id, '--name', 'erp', '--json']);
      expect(run.code, run.stderr).to.equal(0);
      const { apiKey } = JSON.parse(run.stdout);
      expect(apiKey).to.include({ name: 'erp', livemode: true, keyType: 'personal' });
      expect(apiKey.key)
        .to.match(/^svc_live_/)
        .and.not.equal(created.apiKey.key);
      const me = await (await get(apiKey.key, '/v1/me')).json();
      expect(me).to.include({ organizationId: created.organization.id, keyId: apiKey.id, isTestMode: false });
      // Both keys stay valid.
      expect((await get(created.apiKey.key, '/v1/companies')).status).to.equal(200);
    });

    it('refuses an unknown or a sandbox organization with exit code 2', async () => {
      const unknown = await admin(['create-key', '--organization', 'org_doesnotexist']);
      expect(unknown.code).to.equal(2);
      expect(unknown.stdout).to.equal('');
      expect(unknown.stderr).to.equal('admin: no organization org_doesnotexist in this database\n');

      const sandbox = await (await fetch(`${app.url}/v1/sandbox/keys`, { method: 'POST' })).json();
      const refused = await admin(['create-key', '--organization', sandbox.organizationId]);
      expect(refused.code).to.equal(2);
      expect(refused.stderr).to.include(`organization ${sandbox.organizationId} is a sandbox organization`);
    });
  });

  describe('errors', () => {
    const usage: Array<[string, string[], string]> = [
      ['an unknown option', ['create-organization', '--name', 'X', '--colour', 'red'], 'unknown option --colour'],
      ['a missing --name', ['create-organization', '--email', 'a@b.example'], 'create-organization needs --name'],
      ['an empty --name', ['create-organization', '--name', ' '], 'create-organization needs --name'],
      ['--name without its value', ['create-organization', '--name'], 'option --name needs a value'],
      ['a missing --organization', ['create-key'], 'create-key needs --organization'],
      ['an unknown plan', ['create-organization', '--name', 'X', '--plan', 'gold'], '--plan must be one of'],
      ['an unknown command', ['delete-everything'], 'unknown command delete-everything'],
      ['no command', [], 'no command given'],
    ];
    for (const [what, args, message] of usage) {
      it(`exits 2 with one line on stderr for ${what}`, async () => {
        const run = await admin(args);
        expect(run.code).to.equal(2);
        expect(run.stdout).to.equal('');
        expect(run.stderr).to.match(/^admin: [^\n]+\n$/);
        expect(run.stderr).to.include(message);
      });
    }

    it('help prints the commands and exits 0', async () => {
      const run = await admin(['help']);
      expect(run.code).to.equal(0);
      expect(run.stdout).to.include('create-organization --name <name>');
      expect(run.stdout).to.include('create-key --organization <org_id>');
    });

    it('exits 1 with a message when the database cannot be reached, and creates nothing', async () => {
      const before = await testServers().db.selectFrom('organizations').select('id').execute();
      const run = await admin(['create-organization', '--name', 'Nowhere BV'], {
        DATABASE_URL: `postgres://docex:secret@127.0.0.1:${await freePort()}/docex`,
      });
      expect(run.code).to.equal(1);
      expect(run.stdout).to.equal('');
      expect(run.stderr).to.match(/^admin: cannot reach the database at 127\.0\.0\.1:\d+\/docex: .*ECONNREFUSED/);
      expect(run.stderr).not.to.include('secret');
      const after = await testServers().db.selectFrom('organizations').select('id').execute();
      expect(after.length).to.equal(before.length);
    });
  });
});
