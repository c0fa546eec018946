import { Resolver } from 'node:dns/promises';
import { UpstreamError } from '../directory/types.ts';
import { verificationRecordName, type DomainCheck, type DomainVerifier } from './types.ts';

const ABSENT = new Set(['ENOTFOUND', 'ENODATA', 'NXDOMAIN']);

/**
 * The real check: a TXT lookup through the configured resolvers (`DNS_RESOLVERS`, `host[:port]`)
 * or the system's. A record split into several strings (RFC 7208 §3.3) counts as their concatenation.
 */
export function createDnsDomainVerifier(options: {
  servers?: string[] | undefined;
  timeoutMs: number;
}): DomainVerifier {
  const resolver = new Resolver({ timeout: options.timeoutMs, tries: 2 });
  if (options.servers?.length) resolver.setServers(options.servers);
  return {
    async verify(domain, token): Promise<DomainCheck> {
      const name = verificationRecordName(domain);
      let records: string[][];
      try {
        records = await resolver.resolveTxt(name);
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code ?? '';
        if (ABSENT.has(code)) return { verified: false, failure: `No TXT record at ${name} yet.` };
        const kind = code === 'ETIMEOUT' ? 'timeout' : 'unavailable';
        throw new UpstreamError('dns', kind, `The DNS lookup of ${name} failed (${code || (err as Error).message}).`, {
          cause: err,
        });
      }
      const values = records.map((chunks) => chunks.join(''));
      if (values.includes(token)) return { verified: true, failure: null };
      return {
        verified: false,
        failure: values.length
          ? `The TXT record at ${name} holds ${values.map((v) => JSON.stringify(v)).join(', ')}, not the verification token.`
          : `No TXT record at ${name} yet.`,
      };
    },
  };
}
