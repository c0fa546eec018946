/**
 * The signature of the XML download, kept outside the UBL because Peppol
 * receivers warn on UBL extensions: `Content-Digest` (RFC 9530) over the body and an HTTP Message
 * Signature (RFC 9421, Ed25519) over the digest, the request path and `X-Document-Id`. Web Crypto
 * only, so the same code verifies in Node, browsers and the SDK.
 */

export const SIGNATURE_LABEL = 'docex';
export const DOCUMENT_ID_HEADER = 'x-document-id';
/** What a valid signature must cover; the path binds the bytes to the document that was asked for. */
export const COVERED_COMPONENTS = ['"@path";req', '"content-digest"', `"${DOCUMENT_ID_HEADER}"`] as const;

const encoder = new TextEncoder();
// Web Crypto takes ArrayBuffer-backed views only; a copy also detaches the input from a shared buffer.
const bytesOf = (body: Uint8Array | string): Uint8Array<ArrayBuffer> =>
  typeof body === 'string' ? encoder.encode(body) : new Uint8Array(body);

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> | undefined {
  try {
    return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  } catch {
    return undefined;
  }
}

/** `sha-256=:<base64>:` of the body bytes. */
export async function contentDigest(body: Uint8Array | string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytesOf(body)));
  return `sha-256=:${toBase64(digest)}:`;
}

export interface SignatureParams {
  created: number;
  keyid: string;
}

/** The serialized inner list with its parameters: the value of `@signature-params` and of Signature-Input. */
export function signatureParams({ created, keyid }: SignatureParams): string {
  return `(${COVERED_COMPONENTS.join(' ')});created=${created};keyid="${keyid}";alg="ed25519"`;
}

/** The signature base of RFC 9421 section 2.5 for our covered components. */
export function signatureBase(input: {
  path: string;
  contentDigest: string;
  documentId: string;
  params: string;
}): Uint8Array<ArrayBuffer> {
  return encoder.encode(
    [
      `"@path";req: ${input.path}`,
      `"content-digest": ${input.contentDigest}`,
      `"${DOCUMENT_ID_HEADER}": ${input.documentId}`,
      `"@signature-params": ${input.params}`,
    ].join('\n'),
  );
}

export interface Jwks {
  keys: Array<Record<string, unknown>>;
}

export type HeaderSource = Headers | Record<string, string | string[] | undefined | null>;

export interface VerifyDocumentXmlInput {
  /** The body exactly as received. */
  body: Uint8Array | string;
  headers: HeaderSource;
  /** The path that was requested, e.g. `/v1/documents/doc_…/xml`. */
  path: string;
  /** The service's keys, from `/.well-known/jwks.json`. */
  jwks: Jwks;
  /** When given, the document the caller asked for; a signature for another one is refused. */
  documentId?: string;
}

export type VerifyDocumentXmlResult =
  | { ok: true; documentId: string; keyid: string; created: number }
  | {
      ok: false;
      reason:
        | 'missing_header'
        | 'malformed_header'
        | 'digest_mismatch'
        | 'document_mismatch'
        | 'unknown_key'
        | 'signature_mismatch';
    };

function header(headers: HeaderSource, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const record = headers as Record<string, string | string[] | undefined | null>;
  const key = Object.keys(record).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : record[key];
  return (Array.isArray(value) ? value.join(', ') : value) ?? undefined;
}

/** The raw value of dictionary member `label` (RFC 9651), splitting only on commas outside quotes and parentheses. */
function dictionaryMember(value: string, label: string): string | undefined {
  let depth = 0;
  let quoted = false;
  let start = 0;
  const members: string[] = [];
  for (let i = 0; i < value.length; i++) {
    const c = value[i];
    if (quoted) {
      if (c === '\\') i++;
      else if (c === '"') quoted = false;
    } else if (c === '"') quoted = true;
    else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === ',' && depth === 0) {
      members.push(value.slice(start, i));
      start = i + 1;
    }
  }
  members.push(value.slice(start));
  for (const member of members) {
    const eq = member.indexOf('=');
    if (eq > 0 && member.slice(0, eq).trim() === label) return member.slice(eq + 1).trim();
  }
  return undefined;
}

/**
 * Checks a download of `GET /v1/documents/{id}/xml`: the body matches `Content-Digest`, and the
 * `docex` signature covers the path, the digest and `X-Document-Id` and verifies with the key of
 * the JWKS its `keyid` names. Answers why when it does not.
 */
export async function verifyDocumentXml({
  body,
  headers,
  path,
  jwks,
  documentId,
}: VerifyDocumentXmlInput): Promise<VerifyDocumentXmlResult> {
  const digestHeader = header(headers, 'content-digest');
  const signatureInput = header(headers, 'signature-input');
  const signatureHeader = header(headers, 'signature');
  const signedId = header(headers, DOCUMENT_ID_HEADER);
  if (!digestHeader || !signatureInput || !signatureHeader || !signedId) return { ok: false, reason: 'missing_header' };

  const params = dictionaryMember(signatureInput, SIGNATURE_LABEL);
  const signatureItem = dictionaryMember(signatureHeader, SIGNATURE_LABEL);
  const sha256 = dictionaryMember(digestHeader, 'sha-256');
  const covered = params?.match(/^\(([^)]*)\)/)?.[1]?.split(' ');
  const created = Number(params?.match(/;created=(\d+)/)?.[1]);
  const keyid = params?.match(/;keyid="([^"]*)"/)?.[1];
  const alg = params?.match(/;alg="([^"]*)"/)?.[1];
  const signature = signatureItem?.match(/^:([A-Za-z0-9+/=]*):$/)?.[1];
  if (!params || !covered || !keyid || !Number.isFinite(created) || !signature || !sha256 || (alg && alg !== 'ed25519'))
    return { ok: false, reason: 'malformed_header' };
  // Every component we rely on must be covered, in our order, or the signature proves nothing about it.
  if (covered.join(' ') !== COVERED_COMPONENTS.join(' ')) return { ok: false, reason: 'malformed_header' };

  if (`sha-256=${sha256}` !== (await contentDigest(body))) return { ok: false, reason: 'digest_mismatch' };
  if (documentId !== undefined && signedId !== documentId) return { ok: false, reason: 'document_mismatch' };

  const jwk = jwks.keys.find((k) => k.kid === keyid && k.kty === 'OKP' && k.crv === 'Ed25519');
  if (!jwk) return { ok: false, reason: 'unknown_key' };
  let key: CryptoKey;
  try {
    key = await crypto.subtle.importKey(
      'jwk',
      { kty: 'OKP', crv: 'Ed25519', x: jwk.x as string },
      { name: 'Ed25519' },
      false,
      ['verify'],
    );
  } catch {
    return { ok: false, reason: 'unknown_key' };
  }
  const signatureBytes = fromBase64(signature);
  const base = signatureBase({ path, contentDigest: digestHeader.trim(), documentId: signedId, params });
  const valid =
    signatureBytes !== undefined && (await crypto.subtle.verify({ name: 'Ed25519' }, key, signatureBytes, base));
  return valid ? { ok: true, documentId: signedId, keyid, created } : { ok: false, reason: 'signature_mismatch' };
}
