import type { OpenApiDocument } from './openapi.ts';

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;
const ref = (kind: 'parameters' | 'headers', name: string) => ({ $ref: `#/components/${kind}/${name}` });

/**
 * Declares on every operation what every request may carry and every answer carries, so that the
 * contract (and the SDK's types) show them where they apply: `X-Service-Company` on each
 * authenticated operation, `X-Request-Id` on each answer, and `Idempotent-Replayed` with
 * `Original-Request-Id` on each answer of an operation that takes an `Idempotency-Key`.
 */
export function declareCommonHeaders<T extends OpenApiDocument>(doc: T): T {
  const components = doc.components as
    | { parameters?: Record<string, unknown>; headers?: Record<string, unknown>; responses?: Record<string, any> }
    | undefined;
  // A document without these components (the internal one) is left as it is.
  if (!components?.parameters?.ServiceCompany || !components.headers?.['X-Request-Id']) return doc;
  const globalPublic = Array.isArray(doc.security) && doc.security.length === 0;
  for (const item of Object.values(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method] as Record<string, any> | undefined;
      if (!op?.responses) continue;
      const isPublic = Array.isArray(op.security) ? op.security.length === 0 : globalPublic;
      const parameters: Array<Record<string, any>> = (op.parameters ??= []);
      const has = (name: string) =>
        parameters.some((p) => p.$ref?.endsWith(`/${name}`) || String(p.name).toLowerCase() === name.toLowerCase());
      if (!isPublic && !has('X-Service-Company') && !has('ServiceCompany'))
        parameters.push(ref('parameters', 'ServiceCompany'));
      const idempotent = has('IdempotencyKey') || has('Idempotency-Key');
      for (const response of Object.values<Record<string, any>>(op.responses)) {
        if (!response || typeof response !== 'object' || '$ref' in response) continue;
        response.headers = {
          'X-Request-Id': ref('headers', 'X-Request-Id'),
          ...(idempotent
            ? {
                'Idempotent-Replayed': ref('headers', 'Idempotent-Replayed'),
                'Original-Request-Id': ref('headers', 'Original-Request-Id'),
              }
            : {}),
          ...response.headers,
        };
      }
    }
  }
  for (const response of Object.values<Record<string, any>>(components.responses ?? {}))
    response.headers = { 'X-Request-Id': ref('headers', 'X-Request-Id'), ...response.headers };
  return doc;
}
