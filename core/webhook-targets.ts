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

/** The class of an IP address; IPv4-mapped IPv6 addresses count as their IPv4 address. */
export function classifyAddress(address: string): AddressClass {
  const bare = address.replace(/^\[|\]$/g, '').split('%')[0];
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  const ip = mapped ? mapped[1] : bare;
  const family = net.isIPv4(ip) ? 'ipv4' : net.isIPv6(ip) ? 'ipv6' : undefined;
  if (!family) return 'reserved';
  for (const { cls, list } of LISTS) if (list.check(ip, family)) return cls;
  return 'public';
}

export function isAllowedAddress(address: string, policy: TargetPolicy): boolean {
  if (policy.allowPrivateTargets) return true;
  const cls = classifyAddress(address);
  // Sandbox webhooks may point at a receiver on the developer's own machine.
  return cls === 'public' || (cls === 'loopback' && !policy.livemode);
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
  const host = url.hostname.toLowerCase();
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
        message: `resolves to ${address}, a ${classifyAddress(address)} address; webhooks must point at a public address`,
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
          `${hostname} resolves to ${blocked.address}, a ${classifyAddress(blocked.address)} address: refused`,
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
