import { EMBEDDED_PG_MAJOR } from '../../core/embedded-postgres.ts';
import { TEMPORAL_SERVER_VERSION } from './temporal-build.mjs';

/**
 * What `npm run start:cluster` runs, in start order; docker-compose.yml runs the same services with the
 * same versions and variables (test/cluster/compose.test.ts holds the two together).
 */
export const CLUSTER = {
  temporalServerVersion: TEMPORAL_SERVER_VERSION,
  postgresMajor: EMBEDDED_PG_MAJOR,
  /** Debian 12's HAProxy, the one `.ci/run` installs; compose runs the same minor version's image. */
  haproxyVersion: '2.6',
  /** Temporal's databases, beside the service's own `docex` on the same server. */
  temporalDatabases: ['temporal', 'temporal_visibility'],
  namespaceRetention: '720h',
  /** The Temporal server's Prometheus endpoint (compose: PROMETHEUS_ENDPOINT), scraped as `temporal-server`. */
  temporalMetricsPort: 8000,
  services: [
    { name: 'postgres', after: [] },
    { name: 'temporal-schema', after: ['postgres'], oneShot: true },
    { name: 'temporal', after: ['temporal-schema'] },
    { name: 'temporal-setup', after: ['temporal'], oneShot: true },
    { name: 'migrate', after: ['postgres'], oneShot: true },
    { name: 'worker', after: ['migrate', 'temporal-setup'], replicas: 2 },
    { name: 'api', after: ['migrate', 'temporal-setup'], replicas: 2 },
    { name: 'lb', after: ['api'] },
  ],
  /**
   * Every API and worker process gets these (compose: the shared `x-app` environment). Per process
   * the cluster sets PORT and the metrics ports apart, as containers get their own addresses.
   */
  appVariables: [
    'DATABASE_URL',
    'TEMPORAL_ADDRESS',
    'TEMPORAL_NAMESPACE',
    'HOST',
    'PORT',
    'JWKS_URL',
    'JWT_AUDIENCE',
    'JWT_ISSUER',
    'PUBLIC_BASE_URL',
    'LOG_LEVEL',
    'METRICS_HOST',
    'OTEL_EXPORTER_OTLP_ENDPOINT',
    'ACCESS_POINT_URL',
    'ACCESS_POINT_TOKEN',
    'ACCESS_POINT_FORWARD_TOKEN',
    'READINESS_POLLER_GRACE_SECONDS',
  ],
} as const;

/** Compose services the cluster leaves out on one machine, and why. */
export const COMPOSE_ONLY = {
  'temporal-postgres': 'the cluster keeps Temporal in databases of its own on the one Postgres server',
  'temporal-ui': 'an image of its own; the UI binary is not built from the server module',
  'phoss-ap-postgres': 'the access point runs only where it is configured (ACCESS_POINT_URL)',
  'phoss-ap': 'the access point runs only where it is configured (ACCESS_POINT_URL)',
  prometheus: 'an image of its own; scrape the metrics ports the banner lists',
  grafana: 'an image of its own',
} as const;
