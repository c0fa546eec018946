import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { PROJECT_ROOT } from '../../core/config.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { createTenant, type Tenant } from '../support/access.ts';

const run = promisify(execFile);
const SDK_DIR = path.join(PROJECT_ROOT, 'clients', 'typescript');

/** npm without the network: every package comes from the local cache, or the step fails. */
async function npm(cwd: string, ...args: string[]): Promise<string> {
  const { stdout } = await run('npm', [...args, '--offline', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd,
    env: { ...process.env, npm_config_update_notifier: 'false' },
    maxBuffer: 16 * 1024 * 1024,
  });
  return stdout;
}

/** What a user writes after `npm install <the pack>`: typed calls, checked by their own compiler. */
const TYPED_SCRIPT = `import { createDocexClient, ok, DocexApiError, type Schema } from '@docex/sdk';

type Company = Pick<Schema<'Company'>, 'id' | 'name'>;

const docex = createDocexClient({ apiKey: process.env.DOCEX_KEY!, baseUrl: process.env.DOCEX_URL! });
const me = await ok(docex.GET('/v1/me'));
const organizationId: string = me.organizationId;
const companies: Company[] = (await ok(docex.GET('/v1/companies'))).data;
// @ts-expect-error: the contract has no such path; the compiler says so.
void docex.GET('/v1/no-such-path');
let code = '';
try {
  await ok(docex.GET('/v1/documents/{document_id}', { params: { path: { document_id: 'doc_doesNotExist0000000' } } }));
} catch (err) {
  if (err instanceof DocexApiError) code = err.code;
}
console.log(JSON.stringify({ organizationId, companies: companies.map((c) => c.id), code }));
`;

/** The same from CommonJS. */
const COMMONJS_SCRIPT = `const { createDocexClient, ok } = require('@docex/sdk');
const docex = createDocexClient({ apiKey: process.env.DOCEX_KEY, baseUrl: process.env.DOCEX_URL });
ok(docex.GET('/v1/me')).then((me) => console.log(JSON.stringify({ organizationId: me.organizationId })));
`;

describe('the TypeScript SDK as a package (npm pack, installed into an empty project)', function () {
  // Installs and two compilations on a shared machine.
  this.timeout(600_000);
  let app: TestApp;
  let tenant: Tenant;
  let work: string;
  let project: string;
  before(async () => {
    app = await startTestApp();
    tenant = await createTenant({ livemode: false });
    work = mkdtempSync(path.join(tmpdir(), 'docex-sdk-'));
  });
  after(async () => {
    await app.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('builds in its own folder with its own devDependencies and packs ESM, CommonJS, types and licence', async () => {
    // A clean copy of the package folder, as a release job checks it out.
    const source = path.join(work, 'sdk');
    cpSync(SDK_DIR, source, {
      recursive: true,
      filter: (from) => !/(^|[/\\])(node_modules|dist)([/\\]|$)/.test(path.relative(SDK_DIR, from)),
    });
    // Its devDependencies, exactly as its lockfile pins them.
    await npm(source, 'ci', '--ignore-scripts');
    await npm(source, 'pack', '--pack-destination', work);
    const [tarball] = readdirSync(work).filter((f) => f.endsWith('.tgz'));
    expect(tarball).to.equal('docex-sdk-3.0.0.tgz');
    const { stdout: listing } = await run('tar', ['-tzf', path.join(work, tarball)]);
    for (const file of [
      'package/LICENSE',
      'package/README.md',
      'package/package.json',
      'package/dist/esm/index.js',
      'package/dist/esm/index.d.ts',
      'package/dist/cjs/index.js',
      'package/dist/cjs/index.d.ts',
      'package/dist/cjs/package.json',
      'package/node_modules/openapi-fetch/package.json',
    ])
      expect(listing.split('\n'), file).to.include(file);
  });

  it('installs from the tarball into an empty project and runs a typed script against the service', async () => {
    project = path.join(work, 'app');
    mkdirSync(project);
    writeFileSync(
      path.join(project, 'package.json'),
      JSON.stringify({ name: 'integration', private: true, type: 'module' }),
    );
    await npm(project, 'install', path.join(work, 'docex-sdk-3.0.0.tgz'));
    // Nothing else was fetched: openapi-fetch travels inside the package.
    expect(readdirSync(path.join(project, 'node_modules')).filter((f) => !f.startsWith('.'))).to.deep.equal(['@docex']);
    writeFileSync(path.join(project, 'check.ts'), TYPED_SCRIPT);
    writeFileSync(path.join(project, 'check.cjs'), COMMONJS_SCRIPT);
    writeFileSync(
      path.join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          types: ['node'],
          typeRoots: [path.join(PROJECT_ROOT, 'node_modules', '@types')],
          outDir: 'out',
        },
        files: ['check.ts'],
      }),
    );
    // A strict compile resolving the package's exports and declarations from the project's node_modules.
    await run(process.execPath, [
      path.join(PROJECT_ROOT, 'node_modules', 'typescript', 'bin', 'tsc'),
      '-p',
      project,
    ]).catch((err: { stdout?: string }) =>
      expect.fail(`the typed script does not compile:\n${err.stdout ?? String(err)}`),
    );

    const env = { ...process.env, DOCEX_KEY: tenant.key, DOCEX_URL: app.url };
    const esm = JSON.parse((await run(process.execPath, [path.join(project, 'out', 'check.js')], { env })).stdout);
    expect(esm.organizationId).to.equal(tenant.organizationId);
    expect(esm.companies).to.include(tenant.companyId);
    expect(esm.code).to.match(/_NOT_FOUND$/);
    const cjs = JSON.parse((await run(process.execPath, [path.join(project, 'check.cjs')], { env })).stdout);
    expect(cjs).to.deep.equal({ organizationId: tenant.organizationId });
  });
});
