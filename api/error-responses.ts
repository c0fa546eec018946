import { ERROR_CATALOG, type ErrorCode } from './errors.ts';
import type { OpenApiDocument } from './openapi.ts';
import { FORMAT_CODES } from './middleware/validation-errors.ts';

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
const NOT_FOUND_BY_PARAM: Record<string, ErrorCode> = {
  document_id: 'DOCUMENT_NOT_FOUND',
  company_id: 'COMPANY_NOT_FOUND',
  partner_id: 'PARTNER_NOT_FOUND',
};
const isCode = (s: string): s is ErrorCode => s in ERROR_CATALOG;

/**
 * Every operation's 4xx answers, declared: `x-error-codes` lists the catalog codes it can return
 * and each of their statuses gets a response in the error envelope. The codes come from what the
 * pipeline does to every request of that kind (authentication, scope, rate limit, idempotency,
 * validation of its parameters and body, lookups of its path ids, quota, sandbox-only) and from the
 * codes its own description names; an `x-error-codes` written in the contract adds to them.
 */
export function declareErrorResponses(doc: OpenApiDocument): OpenApiDocument {
  // Only a contract that answers in the envelope of /v1 gets its responses: another API (the AFNOR
  // facade) speaks its own error shape and declares its own answers.
  if (!(doc.components as { schemas?: Record<string, unknown> } | undefined)?.schemas?.ErrorResponse) return doc;
  const out = structuredClone(doc);
  const globalPublic = Array.isArray(out.security) && out.security.length === 0;
  const schemas = (out.components as { schemas?: Record<string, unknown> } | undefined)?.schemas ?? {};
  const parameters = (out.components as { parameters?: Record<string, any> } | undefined)?.parameters ?? {};
  for (const [template, item] of Object.entries(out.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const codes = new Set<ErrorCode>(
        (Array.isArray(op['x-error-codes']) ? (op['x-error-codes'] as string[]) : []).filter(isCode),
      );
      const isPublic = Array.isArray(op.security) ? op.security.length === 0 : globalPublic;
      if (!isPublic) {
        for (const code of ['MISSING_AUTH', 'INVALID_TOKEN', 'EXPIRED_TOKEN', 'REVOKED_KEY', 'RATE_LIMITED'] as const)
          codes.add(code);
        if (op['x-scope']) codes.add('INSUFFICIENT_SCOPE');
        if (method === 'post') {
          codes.add('IDEMPOTENCY_IN_PROGRESS');
          codes.add('IDEMPOTENCY_BODY_MISMATCH');
        }
      }
      if (op['x-sandbox-only'] === true) codes.add('SANDBOX_ONLY');
      if (op['x-quota']) codes.add('QUOTA_EXCEEDED');
      const params = [...(item.parameters ?? []), ...(op.parameters ?? [])].map((p: any) =>
        p?.$ref ? parameters[String(p.$ref).split('/').pop()!] : p,
      );
      if (params.length || op.requestBody) codes.add('INVALID_REQUEST');
      if (op.requestBody) {
        codes.add('PAYLOAD_TOO_LARGE');
        codes.add('UNSUPPORTED_MEDIA_TYPE');
      }
      for (const schema of [...params.map((p: any) => p?.schema), op.requestBody])
        for (const code of validationCodes(schema, schemas)) codes.add(code);
      if (params.some((p: any) => p?.required && p.in !== 'path')) codes.add('MISSING_FIELD');
      for (const name of [...template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1])) {
        codes.add('RESOURCE_NOT_FOUND');
        if (NOT_FOUND_BY_PARAM[name]) codes.add(NOT_FOUND_BY_PARAM[name]);
      }
      for (const word of `${op.description ?? ''} ${op.summary ?? ''}`.match(/\b[A-Z][A-Z_]{3,}\b/g) ?? [])
        if (isCode(word)) codes.add(word);

      const listed = [...codes].filter((c) => ERROR_CATALOG[c].status < 500).sort();
      op['x-error-codes'] = listed;
      op.responses ??= {};
      const byStatus = new Map<number, ErrorCode[]>();
      for (const code of listed)
        byStatus.set(ERROR_CATALOG[code].status, [...(byStatus.get(ERROR_CATALOG[code].status) ?? []), code]);
      for (const [status, list] of [...byStatus].sort(([a], [b]) => a - b)) {
        if (op.responses[String(status)]) continue;
        op.responses[String(status)] = {
          description: list.map((c) => `\`${c}\``).join(', '),
          content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorResponse' } } },
        };
      }
    }
  }
  return out;
}

/** The validation codes a request schema can produce: missing fields, enums and checked formats. */
function validationCodes(root: unknown, schemas: Record<string, unknown>): Set<ErrorCode> {
  const codes = new Set<ErrorCode>();
  const seen = new Set<unknown>();
  const walk = (node: unknown): void => {
    if (!node || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) return node.forEach(walk);
    const record = node as Record<string, unknown>;
    if (typeof record.$ref === 'string' && record.$ref.startsWith('#/components/schemas/'))
      walk(schemas[record.$ref.slice('#/components/schemas/'.length)]);
    if (Array.isArray(record.required) && record.required.length) codes.add('MISSING_FIELD');
    if (Array.isArray(record.enum)) codes.add('INVALID_ENUM');
    if (typeof record.format === 'string' && FORMAT_CODES[record.format]) codes.add(FORMAT_CODES[record.format]);
    for (const value of Object.values(record)) walk(value);
  };
  walk(root);
  return codes;
}
