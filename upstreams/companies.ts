import type { Config } from '../core/config.ts';
import type { Db } from '../db/database.ts';
import { listedCompanyOfVat } from './directory/seed.ts';
import type { DirectoryUpstream } from './directory/types.ts';
import { OWN_ACCESS_POINT, OWN_SMP } from './directory/simulator.ts';
import type { SmpLookup } from './smp-lookup/types.ts';
import { forMode, type PerMode } from './modes.ts';
import { createRegistrySimulator, createViesRegistry, type NationalRegistry } from './registry/index.ts';
import {
  createSmpRestRegistrar,
  createSmpSimulator,
  readAccessPointCertificate,
  type SmpRegistrar,
} from './smp-registration/index.ts';

/** The registry and SMP adapters of each mode: sandbox always uses the simulators (DESIGN.md §3). */
export interface CompanyUpstreams {
  registry: PerMode<NationalRegistry>;
  smp: PerMode<SmpRegistrar>;
  /** What the listing check of a live company reads: the SML, our SMP as senders see it, the Directory. */
  network?: NetworkReaders | undefined;
  /** The same check in the sandbox: the sandbox SMP's rows, its SMP lookup and Directory simulators. */
  sandboxNetwork?: NetworkReaders | undefined;
}

export interface NetworkReaders {
  locate: SmlLocate;
  lookup: SmpLookup;
  directory: DirectoryUpstream;
  /** Our SMP as the SML publishes it, our AS4 endpoint and certificate (base64 DER): what senders must find. */
  ownSmpUrl: string | undefined;
  endpointUrl: string | undefined;
  certificate: string | undefined;
}

export function registryFor(upstreams: CompanyUpstreams, livemode: boolean): NationalRegistry {
  return forMode(upstreams.registry, livemode);
}

export function smpFor(upstreams: CompanyUpstreams, livemode: boolean): SmpRegistrar {
  return forMode(upstreams.smp, livemode);
}

export type CompanyUpstreamsConfig = Pick<
  Config,
  | 'registryBaseUrl'
  | 'registryTimeoutMs'
  | 'smpBaseUrl'
  | 'smpUsername'
  | 'smpPassword'
  | 'smpTimeoutMs'
  | 'smpSmlRegistration'
  | 'smpTechnicalContact'
  | 'accessPointAs4Url'
  | 'accessPointCertificate'
  | 'smpPublicUrl'
>;

/** The SML read side the live SMP writer checks a participant against (the live SMP lookup's `locate`). */
export type SmlLocate = (participantId: string) => Promise<{ smpUrl: string } | undefined>;

/** The real adapters configured by REGISTRY_* / SMP_* settings, and the sandbox simulators. */
export function companyUpstreamsFromConfig(
  config: CompanyUpstreamsConfig,
  db: Db,
  sml?: SmlLocate,
  readers?: { lookup: SmpLookup; directory: DirectoryUpstream },
  sandboxReaders?: { lookup: SmpLookup; directory: DirectoryUpstream },
): CompanyUpstreams {
  const sandboxSmp = createSmpSimulator(db);
  // An unreadable certificate stops the process at start, not at the first registration.
  const certificate = config.accessPointCertificate
    ? readAccessPointCertificate(config.accessPointCertificate)
    : undefined;
  return {
    // Without SMP_PUBLIC_URL there is no "our SMP" to find in the SML: nothing is checked.
    network:
      sml && readers && config.smpPublicUrl
        ? {
            locate: sml,
            ...readers,
            ownSmpUrl: config.smpPublicUrl,
            endpointUrl: config.accessPointAs4Url,
            certificate: certificate?.base64Der,
          }
        : undefined,
    sandboxNetwork: sandboxReaders
      ? {
          // The sandbox SML: a participant of the sandbox SMP resolves to it.
          locate: async (participantId) =>
            (await sandboxSmp.registeredDocumentTypes(participantId)) ? { smpUrl: OWN_SMP.url } : undefined,
          ...sandboxReaders,
          ownSmpUrl: OWN_SMP.url,
          endpointUrl: OWN_ACCESS_POINT.endpointUrl,
          certificate: undefined,
        }
      : undefined,
    registry: {
      live: createViesRegistry({ baseUrl: config.registryBaseUrl, timeoutMs: config.registryTimeoutMs }),
      sandbox: createRegistrySimulator({ listed: listedCompanyOfVat }),
    },
    smp: {
      live: createSmpRestRegistrar({
        baseUrl: config.smpBaseUrl,
        username: config.smpUsername,
        password: config.smpPassword,
        timeoutMs: config.smpTimeoutMs,
        endpointUrl: config.accessPointAs4Url,
        endpointCertificate: certificate,
        technicalContact: config.smpTechnicalContact,
        smlRegistration: config.smpSmlRegistration,
        sml: sml && config.smpPublicUrl ? { locate: sml, ownSmpUrl: config.smpPublicUrl } : undefined,
      }),
      sandbox: sandboxSmp,
    },
  };
}
