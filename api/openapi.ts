import path from 'node:path';
import { PROJECT_ROOT } from '../core/config.ts';
import { bundleOpenApi } from './openapi-bundle.ts';
import { declareErrorResponses } from './error-responses.ts';
import { declareCommonHeaders } from './common-headers.ts';

export const OPENAPI_PATH = path.join(PROJECT_ROOT, 'openapi', 'openapi.yaml');
/** The endpoint the access point forwards received messages to, served under `/internal` and kept out of the public contract. */
export const INTERNAL_OPENAPI_PATH = path.join(PROJECT_ROOT, 'openapi', 'internal.yaml');

export type OpenApiDocument = {
  openapi: string;
  info: { version: string; [k: string]: unknown };
  paths: Record<string, Record<string, any>>;
  security?: Array<Record<string, string[]>>;
  [k: string]: unknown;
};

/**
 * The contract as one document, its files bundled (see `bundleOpenApi`), every operation's 4xx
 * answers and common headers declared.
 */
export function loadOpenApiDocument(file = OPENAPI_PATH): OpenApiDocument {
  return declareCommonHeaders(declareErrorResponses(bundleOpenApi<OpenApiDocument>(file)));
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

/** What the request pipeline needs to know about an operation before validation runs. */
export interface OperationInfo {
  operationId: string;
  method: string;
  pathTemplate: string;
  /** Scope an API key needs; undefined for public operations. */
  scope: string | undefined;
  public: boolean;
  quota: string | undefined;
  /** Top-level response fields never stored for idempotent replay (secrets). */
  idempotencyRedact: string[];
  /** Sandbox helpers: live credentials get 403 SANDBOX_ONLY. */
  sandboxOnly: boolean;
  deprecation: { sunset: string | undefined; link: string | undefined } | undefined;
  /** `x-error-format: html`: a browser calls it, so its errors are rendered as HTML pages. */
  htmlErrors: boolean;
}

interface PathEntry {
  template: string;
  pattern: RegExp;
  literalSegments: number;
  operations: Map<string, OperationInfo>;
}

/**
 * Index of the contract's operations, used to answer 404/405 before authentication and to find
 * each operation's scope, public flag, quota and deprecation.
 */
export class OperationIndex {
  private readonly entries: PathEntry[];

  constructor(doc: OpenApiDocument) {
    const globalPublic = Array.isArray(doc.security) && doc.security.length === 0;
    this.entries = Object.entries(doc.paths ?? {}).map(([template, item]) => {
      const operations = new Map<string, OperationInfo>();
      for (const method of METHODS) {
        const op = item[method];
        if (!op) continue;
        const isPublic = Array.isArray(op.security) ? op.security.length === 0 : globalPublic;
        operations.set(method.toUpperCase(), {
          operationId: op.operationId ?? `${method} ${template}`,
          method: method.toUpperCase(),
          pathTemplate: template,
          scope: isPublic ? undefined : (op['x-scope'] ?? '*'),
          public: isPublic,
          quota: op['x-quota'],
          sandboxOnly: op['x-sandbox-only'] === true,
          idempotencyRedact: Array.isArray(op['x-idempotency-redact']) ? op['x-idempotency-redact'] : [],
          deprecation: op.deprecated ? { sunset: op['x-sunset'], link: op['x-deprecation-link'] } : undefined,
          htmlErrors: op['x-error-format'] === 'html',
        });
      }
      const escaped = template
        .split(/(\{[^}]+\})/)
        .map((part) => (part.startsWith('{') ? '([^/]+)' : part.replace(/[.*+?^$()|[\]\\]/g, '\\$&')))
        .join('');
      return {
        template,
        pattern: new RegExp(`^${escaped}/?$`),
        literalSegments: template.split('/').filter((s) => s && !s.startsWith('{')).length,
        operations,
      };
    });
    // A literal segment beats a parameter (`/v1/companies/search` before `/v1/companies/{company_id}`).
    this.entries.sort((a, b) => b.literalSegments - a.literalSegments);
  }

  /** `operation` when the method matches, else the allowed methods of the matching path (empty: no path). */
  match(method: string, urlPath: string): { operation: OperationInfo } | { allowed: string[] } {
    const allowed = new Set<string>();
    let specificity: number | undefined;
    for (const entry of this.entries) {
      if (!entry.pattern.test(urlPath)) continue;
      // A URL spelled like a literal path is that path: GET /v1/documents/send is 405, not a document id.
      if (specificity !== undefined && entry.literalSegments < specificity) break;
      specificity = entry.literalSegments;
      const operation =
        entry.operations.get(method.toUpperCase()) ??
        (method.toUpperCase() === 'HEAD' ? entry.operations.get('GET') : undefined);
      if (operation) return { operation };
      for (const m of entry.operations.keys()) allowed.add(m);
    }
    return { allowed: [...allowed] };
  }

  all(): OperationInfo[] {
    return this.entries.flatMap((e) => [...e.operations.values()]);
  }
}
