import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect } from 'chai';
import { PROJECT_ROOT } from '../../core/config.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { ensureTestWorkers } from '../support/workers.ts';

/**
 * Operations whose TypeScript sample is not run here, and why. Every other sample of an operation
 * without path parameters is run as the reference shows it, in the reference's order, with a fresh
 * sandbox key, and must succeed.
 */
const NOT_RUN: Record<string, string> = {
  resetSandbox: 'deletes what the samples after it rely on',
  forceSandboxRateLimit: 'blocks the key for the rest of its window',
  createSandboxKey: 'public: made once, above, to get the key every sample uses',
  // Known gaps of the samples, each still to fix in the contract or the generator:
  advanceSandboxClock: 'names no companyId, which a second company makes ambiguous',
  resetSandboxClock: 'names no companyId, which a second company makes ambiguous',
  simulateInboundDocument: 'names no companyId, which a second company makes ambiguous',
  resolveCompany: 'its required query parameter has no example, so the sample sends none',
  searchCompanies: 'its required query parameter has no example, so the sample sends none',
  searchDirectory: 'its query parameters have no example, so the sample sends none',
  exportSepaCreditTransfer: 'its body example names a document that does not exist',
  recommendTags: 'its body example names a document that does not exist',
};

/** Samples of operations a sandbox personal key may not call (platform, AFNOR facade, PunchOut return). */
const needsAnotherCaller = (op: Record<string, any>, template: string) =>
  /^\/(v1\/platform|afnor|punchout)/.test(template) ||
  (Array.isArray(op.security) && op.security.length === 0) ||
  op['x-platform-only'] === true ||
  op.deprecated === true;

describe('the reference: every TypeScript sample works when pasted, in order', function () {
  this.timeout(300_000);
  let app: TestApp;
  let key: string;
  let dir: string;
  before(async () => {
    await ensureTestWorkers();
    app = await startTestApp();
    const res = await fetch(`${app.url}/v1/sandbox/keys`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ label: 'my-integration', email: 'dev@example.com', keyType: 'personal' }),
    });
    expect(res.status).to.equal(201);
    key = (await res.json()).key;
    // Inside the project, so the samples' import of the SDK resolves like a user's installed one.
    dir = mkdtempSync(path.join(PROJECT_ROOT, 'test', '.samples-'));
  });
  after(async () => {
    rmSync(dir, { recursive: true, force: true });
    await app.close();
  });

  it('runs each sample, the one creating a second company first, and each succeeds', async () => {
    const reference = await (await fetch(`${app.url}/docs/reference.json`)).json();
    const samples: Array<{ operationId: string; source: string }> = [];
    for (const [template, item] of Object.entries<any>(reference.paths)) {
      if (template.includes('{')) continue;
      for (const [method, op] of Object.entries<any>(item)) {
        if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
        if (op.operationId in NOT_RUN || needsAnotherCaller(op, template)) continue;
        const sample = (op['x-codeSamples'] ?? []).find((s: { label: string }) => s.label === 'TypeScript SDK');
        expect(sample, op.operationId).to.be.an('object');
        samples.push({ operationId: op.operationId, source: sample.source });
      }
    }
    // A second company before the others: `from: "org:"` samples must not depend on having one.
    samples.sort((a, b) => Number(b.operationId === 'createCompany') - Number(a.operationId === 'createCompany'));
    expect(samples[0]?.operationId).to.equal('createCompany');
    expect(samples.map((s) => s.operationId)).to.include.members(['sendDocument', 'validateDocument', 'createWebhook']);

    const sdk = pathToFileURL(path.join(PROJECT_ROOT, 'clients', 'typescript', 'src', 'index.ts')).href;
    process.env.DOCEX_KEY = key;
    const failures: string[] = [];
    for (const [i, { operationId, source }] of samples.entries()) {
      const file = path.join(dir, `${String(i).padStart(3, '0')}-${operationId}.ts`);
      writeFileSync(
        file,
        source.replace(`from '@docex/sdk'`, `from '${sdk}'`).replace(`'http://127.0.0.1:8080'`, `'${app.url}'`),
      );
      try {
        await import(pathToFileURL(file).href);
      } catch (err) {
        failures.push(`${operationId}: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    expect(failures, failures.join('\n')).to.deep.equal([]);
  });
});
