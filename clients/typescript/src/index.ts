export {
  createDocexClient,
  ok,
  paginate,
  retryDelay,
  type DocexClient,
  type DocexClientOptions,
  type Page,
} from './client.ts';
export { DocexApiError, type ErrorCode } from './errors.ts';
export {
  verifyWebhook,
  WebhookVerificationError,
  type VerifyWebhookOptions,
  type WebhookEvent,
  type WebhookHeaders,
} from './webhooks.ts';
export {
  verifyDocumentXml,
  type Jwks,
  type VerifyDocumentXmlInput,
  type VerifyDocumentXmlResult,
} from './document-signature.ts';
export type { components, operations, paths } from './schema.ts';

import type { components } from './schema.ts';
/** Shorthands for the contract's schemas: `Schema<'Document'>`, `Schema<'SendDocumentRequest'>`. */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name];
