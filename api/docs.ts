import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import express, { Router, type Request } from 'express';
import { Marked } from 'marked';
import { PROJECT_ROOT } from '../core/config.ts';
import { ERROR_GUIDE } from './error-guide.ts';
import { ERROR_CATALOG, type ErrorCode } from './errors.ts';
import type { OpenApiDocument } from './openapi.ts';

/** How a white-label partner's reference looks: its name, logo and accent colour instead of ours. */
export interface DocsBranding {
  displayName: string;
  logo?: string;
  primaryColor?: string;
}

export interface DocsOptions {
  /** The branding of the caller's host, if any (undefined: the service's own look). */
  branding?: (req: Request) => Promise<DocsBranding | undefined>;
  /** Folder of the Markdown guides served under /docs/guides. */
  guidesDir?: string;
}

const scalarDir = path.dirname(createRequire(import.meta.url).resolve('@scalar/api-reference/browser/standalone.js'));

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A colour that can go into CSS as is; anything else is dropped rather than escaped. */
const safeColor = (c: string | undefined) =>
  c && /^(#[0-9a-fA-F]{3,8}|[a-zA-Z]{3,20}|rgb\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*\))$/.test(c) ? c : undefined;
const safeLogo = (url: string | undefined) => (url && /^(https?:\/\/|\/|data:image\/)/.test(url) ? url : undefined);

interface Guide {
  slug: string;
  title: string;
  html: string;
  /** Its second-level headings and their anchors, for the reference's table of contents and search. */
  sections: Array<{ title: string; anchor: string }>;
}

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces as dashes. */
export function headingAnchor(text: string): string {
  return text
    .toLowerCase()
    .replace(/<[^>]*>/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .trim()
    .replace(/\s/g, '-');
}

/**
 * The contract as JSON; the reference page (Scalar, served from the package: sidebar, search, a
 * curl and an SDK sample per operation); the guides of docs/ as pages; and the error catalog that
 * every `docUrl` points into.
 */
export function docsRoutes(doc: OpenApiDocument, options: DocsOptions = {}): Router {
  const router = Router();
  const json = JSON.stringify(doc);
  const guides = loadGuides(options.guidesDir ?? path.join(PROJECT_ROOT, 'docs'));
  const referenceJson = JSON.stringify(referenceDocument(doc, guides));
  const title = String(doc.info.title ?? 'API');
  const brandingOf = async (req: Request) => (options.branding ? await options.branding(req) : undefined);

  router.get('/openapi.json', (_req, res) => {
    res.type('application/json').send(json);
  });
  router.get('/docs/reference.json', (_req, res) => {
    res.type('application/json').send(referenceJson);
  });
  router.use('/docs/assets', express.static(scalarDir, { index: false, maxAge: '1h' }));

  router.get('/docs', async (req, res) => {
    const branding = await brandingOf(req);
    const color = safeColor(branding?.primaryColor);
    const configuration = {
      // Fonts come from the page's own stack: the reference loads nothing from other hosts.
      withDefaultFonts: false,
      // The page asks no other host for anything: no AI agent, no registry lookups.
      agent: { disabled: true },
      hideDownloadButton: false,
      metaData: { title: `${branding?.displayName ?? title} reference` },
      ...(color ? { customCss: `:root { --scalar-color-accent: ${color}; }` } : {}),
    };
    res.type('html').send(
      page({
        title: `${branding?.displayName ?? title} reference`,
        branding,
        guides,
        body: `<script id="api-reference" data-url="/docs/reference.json" data-configuration="${escapeHtml(JSON.stringify(configuration))}"></script>
<script src="/docs/assets/standalone.js"></script>`,
      }),
    );
  });

  router.get('/docs/guides', async (req, res) => {
    res.type('html').send(
      page({
        title: 'Guides',
        branding: await brandingOf(req),
        guides,
        body: `<main class="prose"><h1>Guides</h1><ul>${guides
          .map((g) => `<li><a href="/docs/guides/${g.slug}">${escapeHtml(g.title)}</a></li>`)
          .join('')}</ul></main>`,
      }),
    );
  });

  router.get('/docs/guides/:slug', async (req, res, next) => {
    const guide = guides.find((g) => g.slug === req.params.slug);
    if (!guide) return next();
    res.type('html').send(
      page({
        title: guide.title,
        branding: await brandingOf(req),
        guides,
        body: `<main class="prose">${guide.html}</main>`,
      }),
    );
  });

  router.get('/docs/errors', async (req, res) => {
    res.type('html').send(page({ title: 'Error codes', branding: await brandingOf(req), guides, body: errorsPage() }));
  });

  return router;
}

/** The SDK's README, served among the guides. */
const SDK_README = path.join(PROJECT_ROOT, 'clients', 'typescript', 'README.md');

/**
 * Every Markdown file of `dir` and the SDK's README, rendered, their links to each other pointing
 * to their pages.
 */
function loadGuides(dir: string): Guide[] {
  let files: string[];
  try {
    files = readdirSync(dir)
      .filter((f) => f.endsWith('.md'))
      .sort()
      .map((f) => path.join(dir, f));
  } catch {
    files = [];
  }
  const sources = [
    ...files.map((file) => ({ file, slug: path.basename(file, '.md') })),
    { file: SDK_README, slug: 'typescript-sdk' },
  ];
  const slugOf = new Map(sources.map((s) => [s.file, s.slug]));
  return sources.flatMap(({ file, slug }) => {
    let source: string;
    try {
      source = readFileSync(file, 'utf8');
    } catch {
      return [];
    }
    // Every heading gets its anchor (numbered when repeated), so `guide.md#section` links land.
    const used = new Map<string, number>();
    const sections: Guide['sections'] = [];
    const marked = new Marked({
      gfm: true,
      renderer: {
        heading({ tokens, depth, text }) {
          const base = headingAnchor(text) || 'section';
          const seen = used.get(base) ?? 0;
          used.set(base, seen + 1);
          const anchor = seen ? `${base}-${seen}` : base;
          if (depth === 2) sections.push({ title: text.replace(/`/g, ''), anchor });
          return `<h${depth} id="${anchor}">${this.parser.parseInline(tokens)}</h${depth}>\n`;
        },
      },
      walkTokens(token) {
        if (token.type !== 'link' || /^[a-z]+:|^\/|^#/i.test(token.href)) return;
        const [target, anchor] = token.href.split('#', 2);
        const linked = slugOf.get(path.resolve(path.dirname(file), target));
        if (linked) token.href = `/docs/guides/${linked}${anchor ? `#${anchor}` : ''}`;
      },
    });
    const html = marked.parse(source, { async: false });
    return [{ slug, title: /^#\s+(.+)$/m.exec(source)?.[1]?.trim() ?? slug, html, sections }];
  });
}

/**
 * The contract as the reference shows it: each operation with an SDK sample next to the curl one
 * the page makes itself, and the guides and error codes in the introduction, one heading each, so
 * that the sidebar lists them and the reference's search finds them.
 */
function referenceDocument(doc: OpenApiDocument, guides: Guide[]): OpenApiDocument {
  const out = structuredClone(doc);
  const guideEntries = guides.map(
    (g) =>
      `### ${g.title}\n\n[Read the guide](/docs/guides/${g.slug})${
        g.sections.length
          ? `: ${g.sections.map((s) => `[${s.title}](/docs/guides/${g.slug}#${s.anchor})`).join(' · ')}`
          : ''
      }\n`,
  );
  const codeEntries = (Object.keys(ERROR_CATALOG) as ErrorCode[]).map((code) => {
    const { status } = ERROR_CATALOG[code];
    return `### ${code}\n\n${status}: ${ERROR_GUIDE[code].meaning} [How to fix it](/docs/errors#${code})\n`;
  });
  out.info = {
    ...out.info,
    description: `${String(out.info.description ?? '')}\n\n## Guides\n\n${guideEntries.join('\n')}\n## Error codes\n\nEvery error answer names one of these codes; [the error codes page](/docs/errors) explains each.\n\n${codeEntries.join('\n')}`,
  };
  for (const [template, item] of Object.entries(out.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method) || !op || typeof op !== 'object') continue;
      op['x-codeSamples'] = [
        ...(Array.isArray(op['x-codeSamples']) ? op['x-codeSamples'] : []),
        { lang: 'typescript', label: 'TypeScript SDK', source: sdkSample(method, template, op) },
      ];
    }
  }
  return out;
}

function sdkSample(method: string, template: string, op: Record<string, any>): string {
  const pathParams = [...template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
  const args: string[] = [];
  if (pathParams.length)
    args.push(`params: { path: { ${pathParams.map((p) => `${p}: '${p.split('_')[0]}_…'`).join(', ')} } }`);
  const example = requestExample(op.requestBody?.content?.['application/json']);
  if (example !== undefined) args.push(`body: ${JSON.stringify(example, null, 2).replace(/\n/g, '\n  ')}`);
  const call = `docex.${method.toUpperCase()}('${template}'${args.length ? `, {\n  ${args.join(',\n  ')},\n}` : ''})`;
  return `import { createDocexClient, ok } from '@docex/sdk';

const docex = createDocexClient({ apiKey: process.env.DOCEX_KEY!, baseUrl: 'http://127.0.0.1:8080' });
const result = await ok(${call});`;
}

/** A media type's example: `example`, else the first of `examples` (an Example object's `value`). */
export function requestExample(media: Record<string, any> | undefined): unknown {
  if (!media) return undefined;
  if (media.example !== undefined) return media.example;
  const first = Object.values((media.examples ?? {}) as Record<string, any>)[0];
  return first && typeof first === 'object' && 'value' in first ? first.value : undefined;
}

function errorsPage(): string {
  const rows = (Object.keys(ERROR_CATALOG) as ErrorCode[]).map((code) => {
    const { status, type } = ERROR_CATALOG[code];
    const guide = ERROR_GUIDE[code];
    const example = {
      error: {
        type,
        code,
        message: guide.meaning,
        requestId: 'req_4fQ2mZ8kLr0aXc1VbN7t',
        docUrl: `/docs/errors#${code}`,
      },
    };
    return `<section id="${code}"><h2><code>${code}</code> <small>${status} · ${type}</small></h2>
<dl><dt>Meaning</dt><dd>${inline(guide.meaning)}</dd><dt>Typical cause</dt><dd>${inline(guide.cause)}</dd>
<dt>How to fix</dt><dd>${inline(guide.fix)}</dd><dt>Retry</dt><dd>${escapeHtml(guide.retry)}</dd></dl>
<pre><code>HTTP/1.1 ${status}
${escapeHtml(JSON.stringify(example, null, 2))}</code></pre></section>`;
  });
  const index = (Object.keys(ERROR_CATALOG) as ErrorCode[])
    .map((code) => `<a href="#${code}"><code>${code}</code></a>`)
    .join(' · ');
  return `<main class="prose"><h1>Error codes</h1>
<p>Every error answer is <code>{error: {type, code, message, details?, requestId, docUrl?}}</code>; <code>requestId</code>
equals the <code>X-Request-Id</code> header: quote it when asking for help. Branch on <code>code</code>, never on
<code>message</code>. Retry only where this page says so (429 and 5xx), after <code>Retry-After</code> or with a
backoff from 250 ms, and with the same <code>Idempotency-Key</code>.</p>
<p>${index}</p>
${rows.join('\n')}</main>`;
}

/** `code` spans in the explanations, everything else escaped. */
const inline = (text: string) => escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');

function page(input: { title: string; branding: DocsBranding | undefined; guides: Guide[]; body: string }): string {
  const { branding } = input;
  const color = safeColor(branding?.primaryColor) ?? '#2a5bd7';
  const logo = safeLogo(branding?.logo);
  const name = escapeHtml(branding?.displayName ?? 'Document Exchange API');
  const nav = [
    `<a href="/docs">Reference</a>`,
    ...input.guides.map((g) => `<a href="/docs/guides/${g.slug}">${escapeHtml(g.title)}</a>`),
    `<a href="/docs/errors">Error codes</a>`,
  ].join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(input.title)}</title>
<style>
  :root { --brand: ${color}; }
  body { margin: 0; font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; }
  .docs-bar { display: flex; align-items: center; gap: 1.25rem; padding: .6rem 1.25rem; border-bottom: 3px solid var(--brand); flex-wrap: wrap; }
  .docs-bar .brand { display: flex; align-items: center; gap: .5rem; font-weight: 600; color: var(--brand); text-decoration: none; }
  .docs-bar .brand img { height: 28px; }
  .docs-bar nav { display: flex; gap: 1rem; flex-wrap: wrap; font-size: .9rem; }
  .docs-bar nav a { color: inherit; }
  .prose { max-width: 60rem; margin: 0 auto; padding: 1rem 1.5rem 4rem; line-height: 1.55; }
  .prose pre { background: #f5f6f8; padding: .8rem; overflow-x: auto; border-radius: 4px; }
  .prose table { border-collapse: collapse; } .prose td, .prose th { border: 1px solid #ddd; padding: .3rem .5rem; }
  .prose section { border-top: 1px solid #e3e3e3; padding-top: .5rem; }
  .prose dt { font-weight: 600; } .prose small { color: #666; font-weight: normal; }
  .prose a { color: var(--brand); }
</style></head>
<body><header class="docs-bar"><a class="brand" href="/docs">${logo ? `<img src="${escapeHtml(logo)}" alt="">` : ''}<span>${name}</span></a><nav>${nav}</nav></header>
${input.body}
</body></html>`;
}
