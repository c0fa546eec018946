import type { Config } from '../../core/config.ts';
import type { Db } from '../../db/database.ts';
import { createNaptrResolver } from '../smp-lookup/dns.ts';
import { createSmpLookupClient } from '../smp-lookup/real.ts';
import { CircuitBreaker } from '../../core/circuit-breaker.ts';
import { DEFAULT_BREAKER, perHostBreakers, throughBreaker, type BreakerSettings } from '../smp-lookup/breaker.ts';
import { createSmpLookupSimulator } from '../smp-lookup/simulator.ts';
import { loadTrustAnchors, NO_TRUST_ANCHORS, type SmpSignaturePolicy } from '../smp-lookup/signature.ts';
import type { SmpLookup } from '../smp-lookup/types.ts';
import {
  createAnnuaireClient,
  createFrenchDirectorySimulator,
  type FrenchDirectory,
} from '../french-directory/index.ts';
import { createDirectoryClient } from './real.ts';
import { createDirectorySimulator } from './simulator.ts';
import type { DirectoryUpstream } from './types.ts';

export type { DirectoryUpstream } from './types.ts';
export type { SmpLookup } from '../smp-lookup/types.ts';

/**
 * The Peppol Directory, the SMP read side and the French directory (annuaire), per mode: sandbox
 * always uses the simulators.
 */
export interface DirectoryServices {
  directory(livemode: boolean): DirectoryUpstream;
  smp(livemode: boolean): SmpLookup;
  french(livemode: boolean): FrenchDirectory;
  /**
   * The same services for one request: each participant's business card is fetched once however
   * many steps ask for it (resolving a recipient, deriving the buyer, the sandbox SMP, verifying).
   */
  session?(): DirectoryServices;
}

/** A directory that answers repeated `participant` lookups of one caller from the first answer. */
function sharingCards(upstream: DirectoryUpstream): DirectoryUpstream {
  const cards = new Map<string, ReturnType<DirectoryUpstream['participant']>>();
  return {
    search: (query, caller) => upstream.search(query, caller),
    participant(peppolId, caller) {
      const key = `${caller.organizationId} ${peppolId}`;
      let card = cards.get(key);
      if (!card) {
        card = upstream.participant(peppolId, caller);
        cards.set(key, card);
      }
      return card;
    },
  };
}

export type DirectoryConfig = Pick<
  Config,
  'directoryBaseUrl' | 'directoryTimeoutMs' | 'smlZone' | 'dnsResolvers' | 'smpLookupTimeoutMs'
> &
  Partial<Pick<Config, 'smpTruststorePem' | 'smpVerifySignatures'>> &
  Partial<
    Pick<
      Config,
      | 'frenchDirectoryBaseUrl'
      | 'frenchDirectoryToken'
      | 'frenchDirectoryTokenUrl'
      | 'frenchDirectoryClientId'
      | 'frenchDirectoryClientSecret'
      | 'frenchDirectoryTimeoutMs'
    >
  >;

/** The live annuaire from configuration: OAuth2 client credentials when all three are set, else the fixed token. */
export function annuaireFromConfig(config: DirectoryConfig): FrenchDirectory {
  const { frenchDirectoryTokenUrl: tokenUrl, frenchDirectoryClientId: clientId } = config;
  const clientSecret = config.frenchDirectoryClientSecret;
  return createAnnuaireClient({
    baseUrl: config.frenchDirectoryBaseUrl,
    timeoutMs: config.frenchDirectoryTimeoutMs ?? 10_000,
    token: config.frenchDirectoryToken,
    oauth: tokenUrl && clientId && clientSecret ? { tokenUrl, clientId, clientSecret } : undefined,
  });
}

/** The annuaire behind a circuit, like the Peppol Directory. */
function guardFrench(upstream: FrenchDirectory, breaker: CircuitBreaker): FrenchDirectory {
  const what = 'The French directory';
  return {
    search: (kind, search, caller) => throughBreaker(breaker, what, () => upstream.search(kind, search, caller)),
    get: (key, options, caller) => throughBreaker(breaker, what, () => upstream.get(key, options, caller)),
    route: (identifier, caller) => throughBreaker(breaker, what, () => upstream.route(identifier, caller)),
  };
}

/**
 * Fail closed: metadata is verified against the configured trust anchors, refused when there are
 * none, and accepted unverified only when verification is turned off explicitly. An unreadable
 * trust store stops the process at startup rather than at the first lookup.
 */
export function smpSignaturePolicy(
  config: Partial<Pick<Config, 'smpTruststorePem' | 'smpVerifySignatures'>>,
): SmpSignaturePolicy {
  if (config.smpVerifySignatures === false) return { mode: 'skip' };
  if (!config.smpTruststorePem) return { mode: 'refuse', reason: NO_TRUST_ANCHORS };
  return { mode: 'verify', trustAnchors: loadTrustAnchors(config.smpTruststorePem) };
}

/** The Directory behind a circuit: once it fails repeatedly, searches fail fast for a while. */
function guardDirectory(upstream: DirectoryUpstream, breaker: CircuitBreaker): DirectoryUpstream {
  const what = 'The Peppol Directory';
  return {
    search: (query, caller) => throughBreaker(breaker, what, () => upstream.search(query, caller)),
    participant: (peppolId, caller) => throughBreaker(breaker, what, () => upstream.participant(peppolId, caller)),
  };
}

/**
 * The SML behind a circuit: only failures of the SML DNS count here (an SMP that is down has its
 * own per-host circuit inside the client and says nothing about the SML).
 */
function guardSmp(upstream: SmpLookup, breaker: CircuitBreaker): SmpLookup {
  const what = 'The SML';
  const sml = (err: { upstream: string }) => err.upstream === 'sml';
  const locate = upstream.locate?.bind(upstream);
  return {
    lookup: (peppolId, caller, options) =>
      throughBreaker(breaker, what, () => upstream.lookup(peppolId, caller, options), sml),
    ...(locate ? { locate: (peppolId: string) => throughBreaker(breaker, what, () => locate(peppolId), sml) } : {}),
  };
}

export function createDirectoryServices(
  db: Db,
  config: DirectoryConfig,
  live: { directory?: DirectoryUpstream; smp?: SmpLookup; french?: FrenchDirectory } = {},
  breakers: BreakerSettings = DEFAULT_BREAKER,
): DirectoryServices {
  const sandboxDirectory = createDirectorySimulator(db);
  const sandboxSmp = createSmpLookupSimulator(sandboxDirectory);
  const liveDirectory = guardDirectory(
    live.directory ?? createDirectoryClient({ baseUrl: config.directoryBaseUrl, timeoutMs: config.directoryTimeoutMs }),
    new CircuitBreaker('peppol-directory', breakers.threshold, breakers.cooldownMs, breakers.now),
  );
  const liveSmp = guardSmp(
    live.smp ??
      createSmpLookupClient({
        zone: config.smlZone,
        resolveNaptr: createNaptrResolver({ servers: config.dnsResolvers, timeoutMs: config.smpLookupTimeoutMs }),
        timeoutMs: config.smpLookupTimeoutMs,
        signatures: smpSignaturePolicy(config),
        hostBreaker: perHostBreakers(breakers),
      }),
    new CircuitBreaker('sml', breakers.threshold, breakers.cooldownMs, breakers.now),
  );
  const sandboxFrench = createFrenchDirectorySimulator(db);
  const liveFrench = guardFrench(
    live.french ?? annuaireFromConfig(config),
    new CircuitBreaker('french-directory', breakers.threshold, breakers.cooldownMs, breakers.now),
  );
  return {
    directory: (livemode) => (livemode ? liveDirectory : sandboxDirectory),
    smp: (livemode) => (livemode ? liveSmp : sandboxSmp),
    french: (livemode) => (livemode ? liveFrench : sandboxFrench),
    session() {
      const live = sharingCards(liveDirectory);
      const sandbox = sharingCards(sandboxDirectory);
      // The sandbox SMP reads the sandbox directory: through the session's cards too.
      const smp = createSmpLookupSimulator(sandbox);
      return {
        directory: (livemode) => (livemode ? live : sandbox),
        smp: (livemode) => (livemode ? liveSmp : smp),
        french: (livemode) => (livemode ? liveFrench : sandboxFrench),
      };
    },
  };
}
