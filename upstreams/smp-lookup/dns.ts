import { createHash } from 'node:crypto';
import { Resolver } from 'node:dns/promises';
import { UpstreamError } from '../directory/types.ts';

export const PARTICIPANT_SCHEME = 'iso6523-actorid-upis';

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** RFC 4648 Base32 without padding, lower case (DNS labels are case-insensitive). */
export function base32(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/**
 * DNS name of a participant in the SML (Peppol SML 1.3 / Policy for use of Identifiers 4.x,
 * POLICY 7): Base32(SHA-256(lower-cased participant id value)), unpadded, then the identifier
 * scheme, then the SML zone. `0088:123ABC` in the test SML is
 * `y7dzfxaf3d4cjz4kcgrxtec6twvcga4ky7zwa5boif6mswd4tdrq.iso6523-actorid-upis.acc.edelivery.tech.ec.europa.eu`.
 */
export function smlHostname(peppolId: string, zone: string): string {
  const value = peppolId
    .replace(/^iso6523-actorid-upis::/i, '')
    .trim()
    .toLowerCase();
  const hash = base32(createHash('sha256').update(value, 'utf8').digest());
  return `${hash}.${PARTICIPANT_SCHEME}.${zone.replace(/\.$/, '')}`;
}

export interface NaptrRecord {
  flags: string;
  service: string;
  regexp: string;
  replacement: string;
  order: number;
  preference: number;
}

/** Resolves the NAPTR records of a name; an empty list when the name does not exist. */
export type NaptrResolver = (hostname: string) => Promise<NaptrRecord[]>;

const ABSENT = new Set(['ENOTFOUND', 'ENODATA', 'NXDOMAIN']);

/** NAPTR lookups through Node's resolver, against the given DNS servers (`host[:port]`) or the system's. */
export function createNaptrResolver(options: { servers?: string[] | undefined; timeoutMs: number }): NaptrResolver {
  const resolver = new Resolver({ timeout: options.timeoutMs, tries: 2 });
  if (options.servers?.length) resolver.setServers(options.servers);
  return async (hostname) => {
    try {
      return await resolver.resolveNaptr(hostname);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code ?? '';
      if (ABSENT.has(code)) return [];
      if (code === 'ETIMEOUT')
        throw new UpstreamError('sml', 'timeout', `The SML DNS lookup of ${hostname} timed out.`, { cause: err });
      throw new UpstreamError(
        'sml',
        'unavailable',
        `The SML DNS lookup of ${hostname} failed (${code || (err as Error).message}).`,
        { cause: err },
      );
    }
  };
}

/**
 * The SMP base URL from U-NAPTR records (RFC 4848): flag `U`, service `Meta:SMP`, a regexp of the
 * form `!^.*$!<url>!`; the lowest order, then preference, wins.
 */
export function smpUrlFromNaptr(records: NaptrRecord[]): string | undefined {
  const candidates = records
    .filter((r) => r.flags.toUpperCase() === 'U' && r.service.toLowerCase() === 'meta:smp')
    .sort((a, b) => a.order - b.order || a.preference - b.preference);
  for (const record of candidates) {
    const delimiter = record.regexp[0];
    if (!delimiter) continue;
    const parts = record.regexp.split(delimiter);
    // ['', pattern, replacement, flags]
    if (parts.length < 4 || parts[1] !== '^.*$') continue;
    const url = parts[2];
    if (/^https?:\/\/[^\s]+$/i.test(url)) return url.replace(/\/$/, '');
  }
  return undefined;
}
