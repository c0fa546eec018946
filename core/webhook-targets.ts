import { isSandboxWebhookHost } from './sandbox-scenarios.ts';
import dns, { type LookupAddress } from 'node:dns';
import net from 'node:net';

/**
 * Where a webhook may point (SSRF protection). A URL is checked when it is saved and again, on the
 * very addresses connected to, at every delivery attempt, so a name that later resolves somewhere
 * internal (DNS rebinding) is refused too.
 */
export interface TargetPolicy {
  livemode: boolean;
  /**
   * Lets sandbox webhooks reach the host's own loopback (`WEBHOOK_ALLOW_LOOPBACK=true`, a development
   * switch): off, a sandbox key could otherwise probe the internal endpoints, the Temporal UI or Postgres.
   */
  allowLoopback?: boolean;
  /** Lifts the address check entirely; only tests of live-mode delivery against 127.0.0.1 set it. */
  allowPrivateTargets?: boolean;
}

export type AddressClass =
  | 'public'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'cgnat'
  | 'metadata'
  | 'unique-local'
  | 'unspecified'
  | 'multicast'
  | 'reserved';

const RANGES: Array<[AddressClass, string, number, 'ipv4' | 'ipv6']> = [
  ['metadata', '169.254.169.254', 32, 'ipv4'],
  ['unspecified', '0.0.0.0', 8, 'ipv4'],
  ['private', '10.0.0.0', 8, 'ipv4'],
  ['cgnat', '100.64.0.0', 10, 'ipv4'],
  ['loopback', '127.0.0.0', 8, 'ipv4'],
  ['link-local', '169.254.0.0', 16, 'ipv4'],
  ['private', '172.16.0.0', 12, 'ipv4'],
  ['reserved', '192.0.0.0', 24, 'ipv4'],
  ['private', '192.168.0.0', 16, 'ipv4'],
  ['reserved', '198.18.0.0', 15, 'ipv4'],
  ['multicast', '224.0.0.0', 4, 'ipv4'],
  ['reserved', '240.0.0.0', 4, 'ipv4'],
  ['unspecified', '::', 128, 'ipv6'],
  ['loopback', '::1', 128, 'ipv6'],
  ['metadata', 'fd00:ec2::254', 128, 'ipv6'],
  ['unique-local', 'fc00::', 7, 'ipv6'],
  ['link-local', 'fe80::', 10, 'ipv6'],
  ['multicast', 'ff00::', 8, 'ipv6'],
];

const LISTS = RANGES.map(([cls, network, prefix, family]) => {
  const list = new net.BlockList();
  list.addSubnet(network, prefix, family);
  return { cls, list };
});

/** The 16 bytes of an IPv6 address (net.isIPv6 checked first), including a trailing dotted IPv4. */
function ipv6Bytes(ip: string): number[] {
  let text = ip;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1].split('.').map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const groups = (part: string | undefined) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const first = groups(head);
  const last = groups(tail);
  const words = tail === undefined ? first : [...first, ...Array(8 - first.length - last.length).fill(0), ...last];
  return words.flatMap((w) => [w >> 8, w & 0xff]);
}

/**
 * The IPv4 address an IPv6 address carries and is routed to: IPv4-mapped (`::ffff:a.b.c.d`),
 * IPv4-compatible (`::a.b.c.d`), NAT64 (`64:ff9b::/96`) and 6to4 (`2002::/16`).
 */
function embeddedIpv4(ip: string): string | undefined {
  const b = ipv6Bytes(ip);
  const zero = (from: number, to: number) => b.slice(from, to).every((x) => x === 0);
  const v4 = (at: number) => b.slice(at, at + 4).join('.');
  if (zero(0, 10) && b[10] === 0xff && b[11] === 0xff) return v4(12);
  // `::` and `::1` are IPv6's own unspecified and loopback addresses.
  if (zero(0, 12) && !(zero(12, 15) && b[15] <= 1)) return v4(12);
  if (b[0] === 0x00 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && zero(4, 12)) return v4(12);
  if (b[0] === 0x20 && b[1] === 0x02) return v4(2);
  return undefined;
}

/** The class of an IP address; an IPv6 address carrying an IPv4 one counts as that IPv4 address. */
export function classifyAddress(address: string): AddressClass {
  const bare = address.replace(/^\[|\]$/g, '').split('%')[0];
  const ip = net.isIPv6(bare) ? (embeddedIpv4(bare) ?? bare) : bare;
  const family = net.isIPv4(ip) ? 'ipv4' : net.isIPv6(ip) ? 'ipv6' : undefined;
  if (!family) return 'reserved';
  for (const { cls, list } of LISTS) if (list.check(ip, family)) return cls;
  return 'public';
}

export function isAllowedAddress(address: string, policy: TargetPolicy): boolean {
  if (policy.allowPrivateTargets) return true;
  const cls = classifyAddress(address);
  // Sandbox webhooks may point at a receiver on the developer's own machine when the service says so.
  return cls === 'public' || (cls === 'loopback' && !policy.livemode && policy.allowLoopback === true);
}

/** Why an address is refused, in words a caller can act on. */
export function refusalOf(address: string, policy: TargetPolicy): string {
  const cls = classifyAddress(address);
  if (cls === 'loopback' && !policy.livemode)
    return `${address}, a loopback address; sandbox webhooks reach the service's own machine only when it runs with WEBHOOK_ALLOW_LOOPBACK=true`;
  return `${address}, a ${cls} address; webhooks must point at a public address`;
}

export interface TargetProblem {
  rule: 'url' | 'https' | 'ssrf' | 'dns';
  message: string;
}

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Checks a webhook URL before it is saved; null when it may be used. */
export async function checkWebhookUrl(raw: string, policy: TargetPolicy): Promise<TargetProblem | null> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { rule: 'url', message: 'is not an absolute URL' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { rule: 'url', message: 'must be an https URL' };
  if (url.username || url.password)
    return { rule: 'url', message: 'must not carry credentials; authenticate deliveries by their signature' };
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  // The simulated receivers of the sandbox catalogue never leave the process.
  if (!policy.livemode && isSandboxWebhookHost(host)) return null;
  if (
    url.protocol === 'http:' &&
    !(
      policy.allowPrivateTargets ||
      (!policy.livemode && (LOOPBACK_NAMES.has(host) || classifyAddress(host) === 'loopback'))
    )
  ) {
    return {
      rule: 'https',
      message: policy.livemode
        ? 'must use https'
        : 'must use https (sandbox webhooks may use http only for 127.0.0.1 or localhost)',
    };
  }
  let addresses: string[];
  try {
    addresses = await resolve(host);
  } catch {
    return { rule: 'dns', message: `host ${host} does not resolve` };
  }
  for (const address of addresses) {
    if (!isAllowedAddress(address, policy)) {
      return {
        rule: 'ssrf',
        message: `resolves to ${refusalOf(address, policy)}`,
      };
    }
  }
  return null;
}

async function resolve(host: string): Promise<string[]> {
  const bare = host.replace(/^\[|\]$/g, '');
  if (net.isIP(bare)) return [bare];
  const found = await dns.promises.lookup(bare, { all: true, verbatim: true });
  if (found.length === 0) throw new Error('no address');
  return found.map((a) => a.address);
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http.request that refuses, at connect time, names resolving to addresses the
 * policy forbids. IP-literal hosts skip lookups: check them with {@link isAllowedAddress} first.
 */
export function guardedLookup(policy: TargetPolicy) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback): void => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      const list = addresses;
      const blocked = list.find((a) => !isAllowedAddress(a.address, policy));
      if (blocked) {
        const error: NodeJS.ErrnoException = new Error(
          `refused: ${hostname} resolves to ${refusalOf(blocked.address, policy)}`,
        );
        error.code = 'EBLOCKEDADDRESS';
        return callback(error, []);
      }
      if (options.all) return callback(null, list);
      const first = list[0];
      if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), []);
      callback(null, first.address, first.family);
    });
  };
}
