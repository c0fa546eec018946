import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Every setting the service reads, with its default. The README lists the same table. */
export interface Config {
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Connections of each process's pool (the API's, the worker's). */
  databasePoolSize: number;
  embeddedPostgresPort: number;
  temporalAddress: string | undefined;
  temporalNamespace: string;
  temporalCliPath: string | undefined;
  temporalDevPort: number;
  temporalUiPort: number;
  temporalUiUrl: string | undefined;
  publicBaseUrl: string;
  /** The web app's base URL: where the PunchOut return sends the buyer's browser (`{appUrl}/{org_slug}/…`). */
  appUrl: string;
  jwksUrl: string | undefined;
  /**
   * The Peppol access point (phoss-ap, or the project's own `gateway/`) whose REST API sends live
   * messages: `POST {base}/api/outbound/submit-sbd`, `GET {base}/api/outbound/status/{id}`.
   */
  accessPointUrl: string;
  /** The `X-Token` the access point's API requires. */
  accessPointToken: string | undefined;
  accessPointTimeoutMs: number;
  /** The `X-Token` the access point presents when it forwards a received message to /internal/access-point/inbound. */
  accessPointForwardToken: string | undefined;
  jwtAudience: string;
  jwtIssuer: string | undefined;
  bootstrapKeysPerHour: number;
  /** Requests per minute of one client address without credentials. */
  anonymousRequestsPerMinute: number;
  /** How long a task queue the API feeds may have no worker polling it before readiness answers 503. */
  readinessPollerGraceMs: number;
  logLevel: 'debug' | 'info' | 'warn' | 'error';
  /** Peppol Directory REST search (`{base}/search/1.0/json`), for live directory searches. */
  directoryBaseUrl: string;
  directoryTimeoutMs: number;
  /** The Peppol network live mode joins: `production`, or `test` (OpenPeppol's test SML, test PKI and test Directory). */
  peppolNetwork: 'production' | 'test';
  /** DNS zone of the SML that live SMP lookups resolve participants in (U-NAPTR). */
  smlZone: string;
  /** DNS servers (`host[:port]`, comma-separated) for SML lookups; unset means the system resolver. */
  dnsResolvers: string[] | undefined;
  /** Timeout of one SML DNS query or SMP read. */
  smpLookupTimeoutMs: number;
  /** PEM file(s), comma-separated, of the CAs that may issue SMP signing certificates (Peppol SMP CA). */
  smpTruststorePem: string | undefined;
  /** Verify SMP metadata signatures (default); only the exact value `false` turns it off. */
  smpVerifySignatures: boolean;
  /** A participant registered in the SML zone, resolved by the `sml` contract probe; unset: the probe only asks the zone. */
  smlProbeParticipant: string | undefined;
  /** VIES-style VAT registry (REST `GET {base}/ms/{country}/vat/{number}`), used for live companies. */
  registryBaseUrl: string;
  registryTimeoutMs: number;
  /** SMP write API where live participants are registered; unset means live SMP registration waits (and retries) until it is configured. */
  smpBaseUrl: string | undefined;
  smpUsername: string | undefined;
  smpPassword: string | undefined;
  smpTimeoutMs: number;
  /** The SMP's URL as the SML publishes it (NAPTR `Meta:SMP`); default SMP_BASE_URL. */
  smpPublicUrl: string | undefined;
  /** `create-in-sml` / `delete-in-sml` of the SMP writes: the SMP registers its participants in the SML (default). */
  smpSmlRegistration: boolean;
  /** TechnicalContactUrl of every published endpoint (a URL or `mailto:`); live publication waits until it is set. */
  smpTechnicalContact: string | undefined;
  /** The access point's public AS4 endpoint (`https://…/as4`) the SMP publishes; live publication waits until it is set. */
  accessPointAs4Url: string | undefined;
  /** PEM file of the access point's Peppol AP certificate, published base64 DER in every endpoint. */
  accessPointCertificate: string | undefined;
  /**
   * France: the partner approved platform (PA) that files live French lifecycle statuses (CDAR) with
   * the PPF, through its AFNOR XP Z12-013 Flow Service (root with version, `…/flow-service/v1`).
   * Unset: live French reports wait, queued, until it is configured.
   */
  frenchPaName: string;
  frenchPaFlowServiceUrl: string | undefined;
  /** A fixed bearer token for the PA (BearerAuth); or OAuth2 client credentials (all three set), which win. */
  frenchPaToken: string | undefined;
  frenchPaTokenUrl: string | undefined;
  frenchPaClientId: string | undefined;
  frenchPaClientSecret: string | undefined;
  /** The standard's `Organization-Id` header, when the PA serves us under a delegation. */
  frenchPaOrganizationId: string | undefined;
  /**
   * The French e-invoicing directory (annuaire): the partner PA's XP Z12-013 Directory Service root
   * (`…/directory-service/v1`), for live `siren:`/`siret:` and the facade. Defaults to the PA's, beside
   * its Flow Service, with the PA's credentials.
   */
  frenchDirectoryBaseUrl: string | undefined;
  /** A fixed bearer token for the annuaire; or OAuth2 client credentials (all three set), which win. */
  frenchDirectoryToken: string | undefined;
  frenchDirectoryTokenUrl: string | undefined;
  frenchDirectoryClientId: string | undefined;
  frenchDirectoryClientSecret: string | undefined;
  frenchDirectoryTimeoutMs: number;
  /**
   * Italy's Sistema di Interscambio (SdI), SDICoop web services: `<base>/ricevi_file` (SdIRiceviFile) and
   * `<base>/ricevi_notifica` (SdIRiceviNotifica), for live Italian documents.
   */
  sdiBaseUrl: string;
  /** PEM files of the channel's client certificate and key the SdI issued, and of the CA of the SdI's server. */
  sdiTlsCert: string | undefined;
  sdiTlsKey: string | undefined;
  sdiTlsCa: string | undefined;
  /** IdTrasmittente of the accredited channel (`IT` + codice fiscale); unset: the seller's Italian VAT number. */
  sdiTransmitterId: string | undefined;
  /** Serve the SdI's TrasmissioneFatture calls at /sdicoop/TrasmissioneFatture; only the exact value `true` turns it on. */
  sdiInbound: boolean;
  complianceTimeoutMs: number;
  /** Sandbox webhooks may reach this machine's loopback; only the exact value `true` turns it on. */
  webhookAllowLoopback: boolean;
  /** Address of the /metrics listeners (API and worker), apart from the public API port. */
  metricsHost: string;
  /** API /metrics port; 0 turns the listener off. */
  metricsPort: number;
  /** Worker /metrics port (business counters, pool, breakers); 0 turns it off. */
  workerMetricsPort: number;
  /** Temporal SDK (Core) Prometheus exporter of the worker; 0 turns it off. */
  workerTemporalMetricsPort: number;
}

const PKI_DIR = path.join(PROJECT_ROOT, 'peppol', 'pki');

/**
 * OpenPeppol's networks (the SML moved from the European Commission to OpenPeppol; lookups had to
 * follow by 2026-08-31). The SMP trust anchors are the Peppol SMP CAs of the current PKI: G3, and G2
 * while its certificates are valid (until January 2028); an expired anchor is never used.
 */
export const PEPPOL_NETWORKS = {
  production: {
    smlZone: 'participant.sml.prod.tech.peppol.org',
    directory: 'https://directory.peppol.eu',
    smpTruststore: [
      path.join(PKI_DIR, 'PEPPOL_SERVICE_METADATA_PUBLISHER_CA-G3.pem'),
      path.join(PKI_DIR, 'PEPPOL_SERVICE_METADATA_PUBLISHER_CA-G2.pem'),
    ].join(','),
  },
  test: {
    smlZone: 'participant.sml.test.tech.peppol.org',
    directory: 'https://test-directory.peppol.eu',
    smpTruststore: [
      path.join(PKI_DIR, 'PEPPOL_SERVICE_METADATA_PUBLISHER_TEST_CA-G3.pem'),
      path.join(PKI_DIR, 'PEPPOL_SERVICE_METADATA_PUBLISHER_TEST_CA-G2.pem'),
    ].join(','),
  },
} as const;

function intFrom(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return value;
}

/**
 * The partner PA and its two XP Z12-013 services: the directory defaults to the Directory Service
 * beside the Flow Service (`…/flow-service/v1` → `…/directory-service/v1`), and to the PA's credentials.
 */
function frenchPlatformConfig(env: NodeJS.ProcessEnv) {
  const flowServiceUrl = optional(env, 'FRENCH_PA_FLOW_SERVICE_URL')?.replace(/\/$/, '');
  const directoryUrl =
    optional(env, 'FRENCH_DIRECTORY_BASE_URL') ??
    flowServiceUrl?.replace(/\/flow-service(?=\/|$)/, '/directory-service');
  const ownDirectoryCredentials = ['FRENCH_DIRECTORY_TOKEN', 'FRENCH_DIRECTORY_CLIENT_ID'].some((k) =>
    optional(env, k),
  );
  const pa = {
    token: optional(env, 'FRENCH_PA_TOKEN'),
    tokenUrl: optional(env, 'FRENCH_PA_TOKEN_URL'),
    clientId: optional(env, 'FRENCH_PA_CLIENT_ID'),
    clientSecret: optional(env, 'FRENCH_PA_CLIENT_SECRET'),
  };
  const sameHost = !optional(env, 'FRENCH_DIRECTORY_BASE_URL') && !ownDirectoryCredentials;
  return {
    frenchPaName: optional(env, 'FRENCH_PA_NAME') ?? 'PA',
    frenchPaFlowServiceUrl: flowServiceUrl,
    frenchPaToken: pa.token,
    frenchPaTokenUrl: pa.tokenUrl,
    frenchPaClientId: pa.clientId,
    frenchPaClientSecret: pa.clientSecret,
    frenchPaOrganizationId: optional(env, 'FRENCH_PA_ORGANIZATION_ID'),
    frenchDirectoryBaseUrl: directoryUrl?.replace(/\/$/, ''),
    frenchDirectoryToken: optional(env, 'FRENCH_DIRECTORY_TOKEN') ?? (sameHost ? pa.token : undefined),
    frenchDirectoryTokenUrl: optional(env, 'FRENCH_DIRECTORY_TOKEN_URL') ?? (sameHost ? pa.tokenUrl : undefined),
    frenchDirectoryClientId: optional(env, 'FRENCH_DIRECTORY_CLIENT_ID') ?? (sameHost ? pa.clientId : undefined),
    frenchDirectoryClientSecret:
      optional(env, 'FRENCH_DIRECTORY_CLIENT_SECRET') ?? (sameHost ? pa.clientSecret : undefined),
  };
}

function optional(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const raw = env[name];
  return raw === undefined || raw.trim() === '' ? undefined : raw.trim();
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = intFrom(env, 'PORT', 8080);
  const host = optional(env, 'HOST') ?? '127.0.0.1';
  const publicBaseUrl = (
    optional(env, 'PUBLIC_BASE_URL') ?? `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`
  ).replace(/\/$/, '');
  const level = optional(env, 'LOG_LEVEL') ?? 'info';
  const peppolNetwork = optional(env, 'PEPPOL_NETWORK') ?? 'production';
  if (peppolNetwork !== 'production' && peppolNetwork !== 'test')
    throw new Error(`PEPPOL_NETWORK must be production or test, got "${peppolNetwork}"`);
  const databasePoolSize = intFrom(env, 'DATABASE_POOL_SIZE', 20);
  if (databasePoolSize < 1) throw new Error(`DATABASE_POOL_SIZE must be at least 1, got "${databasePoolSize}"`);
  if (!['debug', 'info', 'warn', 'error'].includes(level))
    throw new Error(`LOG_LEVEL must be debug, info, warn or error, got "${level}"`);
  return {
    host,
    port,
    dataDir: path.resolve(PROJECT_ROOT, optional(env, 'DATA_DIR') ?? '.data'),
    databaseUrl: optional(env, 'DATABASE_URL'),
    databasePoolSize,
    embeddedPostgresPort: intFrom(env, 'EMBEDDED_POSTGRES_PORT', 54329),
    temporalAddress: optional(env, 'TEMPORAL_ADDRESS'),
    temporalNamespace: optional(env, 'TEMPORAL_NAMESPACE') ?? 'default',
    temporalCliPath: optional(env, 'TEMPORAL_CLI_PATH'),
    temporalDevPort: intFrom(env, 'TEMPORAL_DEV_PORT', 7233),
    temporalUiPort: intFrom(env, 'TEMPORAL_UI_PORT', 8233),
    temporalUiUrl: optional(env, 'TEMPORAL_UI_URL'),
    publicBaseUrl,
    appUrl: (optional(env, 'APP_URL') ?? publicBaseUrl).replace(/\/$/, ''),
    jwksUrl: optional(env, 'JWKS_URL'),
    accessPointUrl: (optional(env, 'ACCESS_POINT_URL') ?? 'http://127.0.0.1:8089').replace(/\/$/, ''),
    accessPointToken: optional(env, 'ACCESS_POINT_TOKEN'),
    // A hand-off waits for the receiving access point's AS4 receipt; the activity allows 90 s in all.
    accessPointTimeoutMs: intFrom(env, 'ACCESS_POINT_TIMEOUT_MS', 60_000),
    accessPointForwardToken: optional(env, 'ACCESS_POINT_FORWARD_TOKEN'),
    jwtAudience: optional(env, 'JWT_AUDIENCE') ?? 'https://api.docex.example',
    jwtIssuer: optional(env, 'JWT_ISSUER'),
    bootstrapKeysPerHour: intFrom(env, 'SANDBOX_BOOTSTRAP_PER_HOUR', 10),
    anonymousRequestsPerMinute: intFrom(env, 'ANONYMOUS_RATE_LIMIT_PER_MINUTE', 60),
    readinessPollerGraceMs: intFrom(env, 'READINESS_POLLER_GRACE_SECONDS', 30) * 1000,
    logLevel: level as Config['logLevel'],
    directoryBaseUrl: (optional(env, 'DIRECTORY_BASE_URL') ?? PEPPOL_NETWORKS[peppolNetwork].directory).replace(
      /\/$/,
      '',
    ),
    directoryTimeoutMs: intFrom(env, 'DIRECTORY_TIMEOUT_MS', 5_000),
    peppolNetwork,
    smlZone: (optional(env, 'SML_ZONE') ?? PEPPOL_NETWORKS[peppolNetwork].smlZone).replace(/\.$/, ''),
    dnsResolvers: optional(env, 'DNS_RESOLVERS')
      ?.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    smpLookupTimeoutMs: intFrom(env, 'SMP_LOOKUP_TIMEOUT_MS', 5_000),
    smpTruststorePem: optional(env, 'SMP_TRUSTSTORE_PEM') ?? PEPPOL_NETWORKS[peppolNetwork].smpTruststore,
    smpVerifySignatures: optional(env, 'SMP_VERIFY_SIGNATURES')?.toLowerCase() !== 'false',
    smlProbeParticipant: optional(env, 'SML_PROBE_PARTICIPANT'),
    registryBaseUrl: (
      optional(env, 'REGISTRY_BASE_URL') ?? 'https://ec.europa.eu/taxation_customs/vies/rest-api'
    ).replace(/\/$/, ''),
    registryTimeoutMs: intFrom(env, 'REGISTRY_TIMEOUT_MS', 10_000),
    smpBaseUrl: optional(env, 'SMP_BASE_URL')?.replace(/\/$/, ''),
    smpUsername: optional(env, 'SMP_USERNAME'),
    smpPassword: optional(env, 'SMP_PASSWORD'),
    smpTimeoutMs: intFrom(env, 'SMP_TIMEOUT_MS', 15_000),
    smpPublicUrl: (optional(env, 'SMP_PUBLIC_URL') ?? optional(env, 'SMP_BASE_URL'))?.replace(/\/$/, ''),
    smpSmlRegistration: optional(env, 'SMP_SML_REGISTRATION')?.toLowerCase() !== 'false',
    smpTechnicalContact: optional(env, 'SMP_TECHNICAL_CONTACT'),
    accessPointAs4Url: optional(env, 'ACCESS_POINT_AS4_URL'),
    accessPointCertificate: optional(env, 'ACCESS_POINT_CERTIFICATE'),
    ...frenchPlatformConfig(env),
    frenchDirectoryTimeoutMs: intFrom(env, 'FRENCH_DIRECTORY_TIMEOUT_MS', 10_000),
    sdiBaseUrl: (optional(env, 'SDI_BASE_URL') ?? 'https://servizi.fatturapa.it').replace(/\/$/, ''),
    sdiTlsCert: optional(env, 'SDI_TLS_CERT'),
    sdiTlsKey: optional(env, 'SDI_TLS_KEY'),
    sdiTlsCa: optional(env, 'SDI_TLS_CA'),
    sdiTransmitterId: optional(env, 'SDI_TRANSMITTER_ID'),
    sdiInbound: optional(env, 'SDI_INBOUND')?.toLowerCase() === 'true',
    complianceTimeoutMs: intFrom(env, 'COMPLIANCE_TIMEOUT_MS', 15_000),
    webhookAllowLoopback: optional(env, 'WEBHOOK_ALLOW_LOOPBACK')?.toLowerCase() === 'true',
    metricsHost: optional(env, 'METRICS_HOST') ?? '127.0.0.1',
    metricsPort: intFrom(env, 'METRICS_PORT', 9464),
    workerMetricsPort: intFrom(env, 'WORKER_METRICS_PORT', 9465),
    workerTemporalMetricsPort: intFrom(env, 'WORKER_TEMPORAL_METRICS_PORT', 9466),
  };
}
