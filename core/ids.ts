import { createHash, randomBytes } from 'node:crypto';

/** Resource prefixes of spec part 2.1, plus the internal ones. */
export type IdPrefix =
  | 'comp'
  | 'doc'
  | 'part'
  | 'wh'
  | 'evt'
  | 'key'
  | 'tag'
  | 'req'
  | 'dlv'
  | 'org'
  | 'usr'
  | 'jr'
  | 'file'
  | 'probe'
  | 'tgrp';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Base62 of random bytes: 20 characters carry ~119 bits, enough to be unguessable. */
export function randomToken(length = 20): string {
  const bytes = randomBytes(length * 2);
  let out = '';
  for (let i = 0; out.length < length && i < bytes.length; i++) {
    // 248 is the largest multiple of 62 below 256: rejecting above it keeps the draw uniform.
    if (bytes[i] < 248) out += ALPHABET[bytes[i] % 62];
  }
  return out.length === length ? out : out + randomToken(length - out.length);
}

export function newId(prefix: IdPrefix): string {
  return `${prefix}_${randomToken(20)}`;
}

/**
 * The id of the document a received message becomes, derived from the receiving company and the
 * message id: a re-posted message maps to the same document and the same `inbound:` run.
 */
export function inboundDocumentId(companyId: string, messageId: string): string {
  const digest = createHash('sha256').update(`inbound\n${companyId}\n${messageId}`).digest();
  let id = '';
  for (let i = 0; id.length < 20; i++) id += ALPHABET[digest[i % digest.length] % 62];
  return `doc_${id}`;
}

/**
 * The SBDH InstanceIdentifier of an outgoing document's transmission: a UUID (as the Peppol
 * Envelope asks) derived from the document id, so every re-sent hand-off carries the same one and
 * the access point sends the message once. C4 sees it too: it is the id an MLS refers back to.
 */
export function transmissionId(documentId: string): string {
  const hex = createHash('sha256').update(`transmission\n${documentId}`).digest('hex');
  // Shaped as a name-based UUID (version 5 bits, RFC 4122 variant).
  const variant = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
