import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * PunchOut shared secrets are often typed by people, so they are stored the way passwords are: a
 * salted scrypt hash (`scrypt$<N>$<r>$<p>$<salt>$<hash>`, base64url), never the secret itself.
 */
const PARAMS = { N: 16384, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;

function derive(secret: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(secret.normalize('NFC'), salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

export async function hashPunchoutSecret(secret: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(secret, salt, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** A hash of no real secret: checking against it costs what a real check costs and never matches. */
const NOTHING = `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$${Buffer.alloc(16).toString('base64url')}$`;

/**
 * Whether `secret` is the one `stored` was made from, compared in constant time. Without a stored hash
 * the same work is done against a dummy, so the answer's timing does not tell a known identity apart.
 */
export async function verifyPunchoutSecret(secret: string, stored: string | undefined): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = (stored ?? NOTHING).split('$');
  if (scheme !== 'scrypt') return false;
  const expected = Buffer.from(hash ?? '', 'base64url');
  const key = await derive(secret, Buffer.from(salt ?? '', 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
  return expected.length === key.length && timingSafeEqual(key, expected);
}
