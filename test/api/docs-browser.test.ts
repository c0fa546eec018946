import { existsSync } from 'node:fs';
import { expect } from 'chai';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import type { Server } from 'node:http';
import express from 'express';
import { docsRoutes } from '../../api/docs.ts';
import { ERROR_CATALOG } from '../../api/errors.ts';
import { loadOpenApiDocument } from '../../api/openapi.ts';
import { startTestApp, type TestApp } from '../support/app.ts';

/** Debian's Chromium (`.ci/run` installs it); CHROMIUM_PATH points elsewhere. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

describe('/docs in a real browser (headless Chromium)', function () {
  this.timeout(120_000);
  let app: TestApp;
  let browser: Browser;
  let page: Page;
  const foreignRequests: string[] = [];

  before(async () => {
    if (!existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM}: apt-get install chromium`);
    app = await startTestApp();
    browser = await puppeteer.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox'] });
    page = await browser.newPage();
    // A desktop window: narrower ones fold the sidebar away.
    await page.setViewport({ width: 1400, height: 900 });
    page.on('request', (request) => {
      const url = request.url();
      if (!url.startsWith(app.url) && !url.startsWith('data:')) foreignRequests.push(url);
    });
  });
  after(async () => {
    await browser?.close();
    await app?.close();
  });

  it('renders the reference with its operations in a sidebar, loading nothing from other hosts', async () => {
    await page.goto(`${app.url}/docs`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('aside');
    const sidebar = await page.$eval('aside', (el) => el.innerText);
    for (const group of ['Health', 'Documents', 'Webhooks', 'Events', 'Companies', 'Lifecycle'])
      expect(sidebar).to.include(group);
    // The first group is open: its operations are listed by summary, each with its method.
    expect(sidebar).to.include('The process is up');
    const text = await page.evaluate(() => document.body.innerText);
    expect(text).to.include('Dependencies are reachable');
    expect(foreignRequests).to.deep.equal([]);
  });

  it('finds the send operation through search', async () => {
    // The sidebar's search box (not the one inside the hidden API client).
    await page.evaluate(() => {
      const box = [...document.querySelectorAll('aside button')].find(
        (b) => !b.closest('.scalar-client') && b instanceof HTMLElement && b.innerText.includes('Search'),
      );
      if (box instanceof HTMLElement) box.click();
    });
    await page.waitForFunction(() => document.activeElement instanceof HTMLInputElement, { timeout: 10_000 });
    await page.keyboard.type('send');
    // The results listed around the focused query box name the operation.
    const found = await page.waitForFunction(
      () => {
        const input = document.activeElement;
        const results = input?.closest('[role=dialog]') ?? input?.parentElement?.parentElement?.parentElement;
        return results instanceof HTMLElement && results.innerText.includes('Send a document');
      },
      { timeout: 15_000 },
    );
    expect(await found.jsonValue()).to.equal(true);
  });

  it('shows an SDK sample next to the curl one for an operation', async () => {
    const reference = await (await fetch(`${app.url}/docs/reference.json`)).json();
    const samples = reference.paths['/v1/documents/send'].post['x-codeSamples'];
    expect(samples.map((s: { label: string }) => s.label)).to.include('TypeScript SDK');
    expect(samples[0].source).to.include("docex.POST('/v1/documents/send'");
  });

  it('follows the guide link from the reference to a rendered guide, whose links stay among the guides', async () => {
    await page.goto(`${app.url}/docs`, { waitUntil: 'networkidle0' });
    await Promise.all([page.waitForNavigation(), page.click('header.docs-bar a[href="/docs/guides/webhooks"]')]);
    expect(page.url()).to.equal(`${app.url}/docs/guides/webhooks`);
    expect(await page.$eval('main h1', (h) => h.textContent)).to.equal('Webhooks and the events queue');
    const guideLinks = await page.$$eval('main a[href$=".md"]', (links) => links.map((a) => a.getAttribute('href')));
    expect(guideLinks.filter((href) => /^[\w-]+\.md/.test(href ?? ''))).to.deep.equal([]);
    // The link to the SDK's README leads to its page among the guides.
    await Promise.all([page.waitForNavigation(), page.click('main a[href="/docs/guides/typescript-sdk"]')]);
    expect(await page.$eval('main h1', (h) => h.textContent)).to.match(/TypeScript client/);
  });

  it('explains every catalog code on /docs/errors', async () => {
    await page.goto(`${app.url}/docs/errors`, { waitUntil: 'networkidle0' });
    for (const code of Object.keys(ERROR_CATALOG)) {
      const section = await page.$eval(`section[id="${code}"]`, (el) => el.innerText);
      expect(section, code).to.include('Meaning').and.include('How to fix').and.include('Retry');
      expect(section, code).to.include(`"code": "${code}"`);
    }
  });

  it("shows a white-label partner's name, logo and colour when the branding resolver answers", async () => {
    const docs = express().use(
      docsRoutes(loadOpenApiDocument(), {
        branding: async (req) =>
          req.hostname === 'localhost'
            ? { displayName: 'Acme Invoicing', primaryColor: '#c0392b', logo: '/acme.svg' }
            : undefined,
      }),
    );
    const server = await new Promise<Server>((resolve) => {
      const s = docs.listen(0, '127.0.0.1', () => resolve(s));
    });
    try {
      const address = server.address();
      if (!address || typeof address === 'string') throw new Error('no port');
      await page.goto(`http://localhost:${address.port}/docs`, { waitUntil: 'domcontentloaded' });
      expect(await page.$eval('header.docs-bar .brand', (el) => el.textContent)).to.equal('Acme Invoicing');
      expect(await page.$eval('header.docs-bar img', (el) => el.getAttribute('src'))).to.equal('/acme.svg');
      expect(await page.title()).to.equal('Acme Invoicing reference');
      const brand = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--brand'));
      expect(brand.trim()).to.equal('#c0392b');
      // Another host gets the service's own look.
      await page.goto(`http://127.0.0.1:${address.port}/docs`, { waitUntil: 'domcontentloaded' });
      expect(await page.$eval('header.docs-bar .brand', (el) => el.textContent)).to.equal('Document Exchange API');
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
