import { createPrivateKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { calculateJwkThumbprint, exportJWK } from 'jose';
import type { Db } from '../db/database.ts';
import { findSigningKeys, insertSigningKey } from '../db/signing-keys.ts';
import {
  contentDigest,
  DOCUMENT_ID_HEADER,
  signatureBase,
  signatureParams,
  SIGNATURE_LABEL,
  type Jwks,
} from '../core/document-signature.ts';

/**
 * How long a process keeps using the key it read: a rotation reaches every process within this
 * time, while the JWKS (read from the table on every request) already publishes the new key.
 */
const ACTIVE_KEY_TTL_MS = 60_000;

interface ActiveKey {
  kid: string;
  privateKey: KeyObject;
}

export interface SigningKeyring {
  /** The key that signs now; created on first use when the table is empty. */
  activeKey(): Promise<ActiveKey>;
  /** Every key ever active, newest first, as public JWKs. */
  jwks(): Promise<Jwks>;
  /** Makes a new key the active one; the previous ones stay published. */
  rotate(): Promise<string>;
}

async function newKey(generation: number) {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const jwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(jwk);
  return {
    generation,
    kid,
    publicJwk: { ...jwk, kid, alg: 'EdDSA', use: 'sig' },
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}

const keyrings = new WeakMap<Db, SigningKeyring>();

/** One keyring per database, shared by every router of the process. */
export function signingKeys(db: Db): SigningKeyring {
  let keyring = keyrings.get(db);
  if (!keyring) keyrings.set(db, (keyring = createSigningKeyring(db)));
  return keyring;
}

export function createSigningKeyring(db: Db): SigningKeyring {
  let cached: { key: ActiveKey; until: number } | undefined;

  // A fresh `npm start` has no key: the first signer creates generation 1. Concurrent first uses
  // race on the primary key; the losers read the winner's key, so exactly one key is ever made.
  const addGeneration = async (generation: number) => {
    await insertSigningKey(db, await newKey(generation));
    return findSigningKeys(db);
  };

  const load = async (): Promise<ActiveKey> => {
    let rows = await findSigningKeys(db);
    if (rows.length === 0) rows = await addGeneration(1);
    const active = rows[0];
    return { kid: active.kid, privateKey: createPrivateKey(active.private_key) };
  };

  return {
    async activeKey() {
      if (cached && cached.until > Date.now()) return cached.key;
      const key = await load();
      cached = { key, until: Date.now() + ACTIVE_KEY_TTL_MS };
      return key;
    },
    async jwks() {
      let rows = await findSigningKeys(db);
      if (rows.length === 0) rows = await addGeneration(1);
      return { keys: rows.map((row) => row.public_jwk) };
    },
    async rotate() {
      const rows = await findSigningKeys(db);
      const [next] = await addGeneration((rows[0]?.generation ?? 0) + 1);
      cached = undefined;
      return next.kid;
    },
  };
}

/**
 * The headers that make an XML download verifiable (core/document-signature.ts): Content-Digest,
 * X-Document-Id and the RFC 9421 signature over them and the request path.
 */
export async function signDocumentXml(
  keyring: SigningKeyring,
  input: { body: string | Buffer; path: string; documentId: string; now?: Date },
): Promise<Record<string, string>> {
  const key = await keyring.activeKey();
  const digest = await contentDigest(typeof input.body === 'string' ? input.body : new Uint8Array(input.body));
  const params = signatureParams({ created: Math.floor((input.now ?? new Date()).getTime() / 1000), keyid: key.kid });
  const signature = sign(
    null,
    signatureBase({ path: input.path, contentDigest: digest, documentId: input.documentId, params }),
    key.privateKey,
  );
  return {
    'content-digest': digest,
    [DOCUMENT_ID_HEADER]: input.documentId,
    'signature-input': `${SIGNATURE_LABEL}=${params}`,
    signature: `${SIGNATURE_LABEL}=:${signature.toString('base64')}:`,
  };
}
