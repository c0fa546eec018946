import { expect } from 'chai';
import { startTestApp, type TestApp } from '../support/app.ts';
import { createTenant, jsonHeaders, type Tenant } from '../support/access.ts';
import { ERROR_CATALOG } from '../../api/errors.ts';

/** What a reader of the contract and the guides sees: no references to a document they do not have. */
const SPEC_PART = /\bparts? \d+(\.\d+)*\b/i;

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

describe('the developer surface: contract headers, references, guides and the reference page', () => {
  let app: TestApp;
  let tenant: Tenant;
  let contract: any;
  let reference: any;
  before(async () => {
    app = await startTestApp();
    tenant = await createTenant({ livemode: false });
    contract = await (await fetch(`${app.url}/openapi.json`)).json();
    reference = await (await fetch(`${app.url}/docs/reference.json`)).json();
  });
  after(() => app.close());

  const operations = () =>
    Object.entries<any>(contract.paths).flatMap(([path, item]) =>
      METHODS.filter((m) => item[m]).map((m) => ({ path, method: m, op: item[m] })),
    );
  const resolve = (node: any) => {
    if (!node?.$ref) return node;
    return String(node.$ref)
      .replace(/^#\//, '')
      .split('/')
      .reduce((at: any, key: string) => at?.[key], contract);
  };

  it('a created webhook has its secret in the type: WebhookWithSecret requires it', () => {
    const schema = resolve(contract.components.schemas.WebhookWithSecret);
    const parts = (schema.allOf as any[]).map(resolve);
    expect(parts.some((p) => p.required?.includes('secret'))).to.equal(true);
  });

  it('declares X-Service-Company on every authenticated operation and X-Request-Id on every answer', () => {
    const globalPublic = Array.isArray(contract.security) && contract.security.length === 0;
    for (const { path, method, op } of operations()) {
      const isPublic = Array.isArray(op.security) ? op.security.length === 0 : globalPublic;
      const names = (op.parameters ?? []).map((p: any) => resolve(p).name);
      if (!isPublic) expect(names, `${method} ${path}`).to.include('X-Service-Company');
      for (const [status, response] of Object.entries<any>(op.responses)) {
        const headers = resolve(response).headers ?? {};
        expect(Object.keys(headers), `${method} ${path} ${status}`).to.include('X-Request-Id');
        if (names.includes('Idempotency-Key') && /^2/.test(status))
          expect(Object.keys(headers), `${method} ${path} ${status}`).to.include('Idempotent-Replayed');
      }
    }
    expect(resolve({ $ref: '#/components/parameters/ServiceCompany' })).to.include({
      name: 'X-Service-Company',
      in: 'header',
    });
  });

  it('answers as declared: X-Request-Id always, Idempotent-Replayed on a replay, X-Service-Company honoured', async () => {
    const key = `dev-surface-${Date.now()}`;
    const send = () =>
      fetch(`${app.url}/v1/webhooks`, {
        method: 'POST',
        headers: { ...jsonHeaders(tenant.key), 'Idempotency-Key': key },
        body: JSON.stringify({ url: 'https://erp.webhook.test/hooks/docex', events: ['document.received'] }),
      });
    const first = await send();
    expect(first.status).to.equal(201);
    expect(first.headers.get('x-request-id')).to.match(/^req_/);
    expect(first.headers.get('idempotent-replayed')).to.equal(null);
    const again = await send();
    expect(again.status).to.equal(201);
    expect(again.headers.get('idempotent-replayed')).to.equal('true');
    expect(again.headers.get('original-request-id')).to.equal(first.headers.get('x-request-id'));
    const acting = await fetch(`${app.url}/v1/me`, {
      headers: { ...jsonHeaders(tenant.key), 'X-Service-Company': tenant.companyId },
    });
    expect(acting.status).to.equal(200);
    expect((await acting.json()).companyId).to.equal(tenant.companyId);
  });

  it('quotes no parts of a specification readers do not have, in the contract, the guides or the error codes', async () => {
    const texts: Array<[string, string]> = [
      ['/openapi.json', JSON.stringify(contract)],
      ['/docs/errors', await (await fetch(`${app.url}/docs/errors`)).text()],
    ];
    const index = await (await fetch(`${app.url}/docs/guides`)).text();
    for (const [, slug] of index.matchAll(/href="\/docs\/guides\/([\w-]+)"/g))
      texts.push([slug, await (await fetch(`${app.url}/docs/guides/${slug}`)).text()]);
    expect(texts.length).to.be.greaterThan(10);
    for (const [where, text] of texts) {
      // `pdfaid:part 3` names the PDF/A part, not a reference.
      const found = text.replace(/pdfaid:part \d/g, '').match(SPEC_PART);
      expect(found?.[0], where).to.equal(undefined);
    }
  });

  it('gives every guide heading an anchor, and every link between guides lands on a page and an anchor', async () => {
    const index = await (await fetch(`${app.url}/docs/guides`)).text();
    const slugs = [...index.matchAll(/href="\/docs\/guides\/([\w-]+)"/g)].map((m) => m[1]);
    const pages = new Map<string, string>();
    for (const slug of slugs) pages.set(slug, await (await fetch(`${app.url}/docs/guides/${slug}`)).text());
    const idsOf = (html: string) => new Set([...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]));
    for (const [slug, html] of pages) {
      const headings = [...html.matchAll(/<h([1-6])( id="[^"]+")?>/g)];
      expect(headings.length, slug).to.be.greaterThan(0);
      for (const heading of headings) expect(heading[2], `${slug}: a heading without an id`).to.be.a('string');
      const main = html.slice(html.indexOf('<main'));
      for (const [, href] of main.matchAll(/<a href="([^"]+)"/g)) {
        if (/^(https?:|mailto:)/.test(href)) continue;
        expect(href, `${slug} links ${href}`).to.match(/^(\/|#)/);
        const [target, anchor] = href.split('#', 2);
        if (target.startsWith('/docs/guides/')) {
          const linked = pages.get(target.slice('/docs/guides/'.length));
          expect(linked, `${slug} links ${href}`).to.be.a('string');
          if (anchor) expect(idsOf(linked!).has(anchor), `${slug} links ${href}`).to.equal(true);
        } else if (!target && anchor) expect(idsOf(html).has(anchor), `${slug} links #${anchor}`).to.equal(true);
      }
    }
    // The webhooks guide links its own section on the key.
    expect(pages.get('webhooks')).to.include('<h3 id="the-key">').and.include('href="#the-key"');
  });

  it('lists every guide and every error code as headings of the reference, which its search indexes', () => {
    const description = String(reference.info.description);
    const headings = new Set([...description.matchAll(/^### (.+)$/gm)].map((m) => m[1].trim()));
    for (const code of Object.keys(ERROR_CATALOG)) expect(headings.has(code), code).to.equal(true);
    for (const title of ['Webhooks and the events queue', 'Documents'])
      expect(
        [...headings].some((h) => h.startsWith(title)),
        title,
      ).to.equal(true);
    expect(description)
      .to.match(/^## Guides$/m)
      .and.match(/^## Error codes$/m);
  });

  it('fills the TypeScript samples of operations whose bodies are named `examples`', () => {
    for (const [path, name] of [
      ['/v1/documents/send', 'sendDocument'],
      ['/v1/documents/validate', 'validateDocument'],
    ]) {
      const op = reference.paths[path]?.post;
      expect(op, name).to.be.an('object');
      const sample = op['x-codeSamples'].find((s: { label: string }) => s.label === 'TypeScript SDK').source;
      expect(sample, name).to.include('body: {').and.include('"from": "org:"');
    }
  });
});
