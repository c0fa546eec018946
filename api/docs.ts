import { createRequire } from 'node:module';
import express, { Router, type Request } from 'express';
import { ERROR_CATALOG } from './errors.ts';
import type { OpenApiDocument } from './openapi.ts';

const swaggerUiDir = (
  createRequire(import.meta.url)('swagger-ui-dist') as { getAbsoluteFSPath(): string }
).getAbsoluteFSPath();

const escapeHtml = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** A white-label's brand on the reference page. */
export interface DocsBranding {
  displayName: string;
  logo?: string;
  primaryColor?: string;
}

/** The brand of the reference page `/docs` for this request, if it has one. */
function brandHeader(brand: DocsBranding | undefined): string {
  if (!brand) return '';
  const logo = brand.logo
    ? `<img src="${escapeHtml(brand.logo)}" alt="" style="height:40px;vertical-align:middle;margin-right:12px">`
    : '';
  return `<header style="font-family:sans-serif;padding:12px 20px;color:#fff;background:${escapeHtml(brand.primaryColor ?? '#333')}">${logo}<strong style="font-size:20px">${escapeHtml(brand.displayName)}</strong></header>`;
}

/** The contract as JSON, a browsable reference page, and the error catalog that `docUrl` points into. */
export function docsRoutes(
  doc: OpenApiDocument,
  options: { branding?: (req: Request) => Promise<DocsBranding | undefined> } = {},
): Router {
  const router = Router();
  const json = JSON.stringify(doc);

  router.get('/openapi.json', (_req, res) => {
    res.type('application/json').send(json);
  });

  router.use('/docs/assets', express.static(swaggerUiDir, { index: false, maxAge: '1h' }));

  router.get('/docs', async (req, res) => {
    const brand = await options.branding?.(req);
    const title = brand?.displayName ?? String((doc.info as any).title ?? 'API');
    res.type('html').send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)} reference</title>
<link rel="stylesheet" href="/docs/assets/swagger-ui.css"></head>
<body>${brandHeader(brand)}<div id="ui"></div>
<script src="/docs/assets/swagger-ui-bundle.js"></script>
<script>window.ui = SwaggerUIBundle({ url: '/openapi.json', dom_id: '#ui', deepLinking: true });</script>
<p style="font-family:sans-serif;margin:1em">Error codes: <a href="/docs/errors">/docs/errors</a></p>
</body></html>`);
  });

  router.get('/docs/errors', (_req, res) => {
    const rows = Object.entries(ERROR_CATALOG)
      .map(
        ([code, { status, type }]) =>
          `<tr id="${code}"><td><code>${code}</code></td><td>${status}</td><td>${type}</td></tr>`,
      )
      .join('\n');
    res.type('html').send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Error codes</title></head>
<body style="font-family:sans-serif"><h1>Error codes</h1>
<p>Every error body is <code>{error: {type, code, message, details?, requestId, docUrl?}}</code>. Clients retry only 429 and 5xx, after <code>Retry-After</code>.</p>
<table border="1" cellpadding="4"><tr><th>code</th><th>status</th><th>type</th></tr>
${rows}</table></body></html>`);
  });

  return router;
}
