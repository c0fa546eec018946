import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Every setting the service reads, with its default. The README lists the same table. */
export interface Config {
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  embeddedPostgresPort: number;
  temporalAddress: string | undefined;
  temporalNamespace: string;
  temporalCliPath: string | undefined;
  temporalDevPort: number;
  temporalUiPort: number;
  temporalUiUrl: string | undefined;
  publicBaseUrl: string;
  jwksUrl: string | undefined;
  jwtAudience: string;
  jwtIssuer: string | undefined;
  bootstrapKeysPerHour: number;
  logLevel: 'debug' | 'info' | 'warn' | 'error';
}

function intFrom(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return value;
}

function optional(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const raw = env[name];
  return raw === undefined || raw.trim() === '' ? undefined : raw.trim();
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = intFrom(env, 'PORT', 8080);
  const host = optional(env, 'HOST') ?? '127.0.0.1';
  const level = optional(env, 'LOG_LEVEL') ?? 'info';
  if (!['debug', 'info', 'warn', 'error'].includes(level)) throw new Error(`LOG_LEVEL must be debug, info, warn or error, got "${level}"`);
  return {
    host,
    port,
    dataDir: path.resolve(PROJECT_ROOT, optional(env, 'DATA_DIR') ?? '.data'),
    databaseUrl: optional(env, 'DATABASE_URL'),
    embeddedPostgresPort: intFrom(env, 'EMBEDDED_POSTGRES_PORT', 54329),
    temporalAddress: optional(env, 'TEMPORAL_ADDRESS'),
    temporalNamespace: optional(env, 'TEMPORAL_NAMESPACE') ?? 'default',
    temporalCliPath: optional(env, 'TEMPORAL_CLI_PATH'),
    temporalDevPort: intFrom(env, 'TEMPORAL_DEV_PORT', 7233),
    temporalUiPort: intFrom(env, 'TEMPORAL_UI_PORT', 8233),
    temporalUiUrl: optional(env, 'TEMPORAL_UI_URL'),
    publicBaseUrl: (optional(env, 'PUBLIC_BASE_URL') ?? `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`).replace(/\/$/, ''),
    jwksUrl: optional(env, 'JWKS_URL'),
    jwtAudience: optional(env, 'JWT_AUDIENCE') ?? 'https://api.docex.example',
    jwtIssuer: optional(env, 'JWT_ISSUER'),
    bootstrapKeysPerHour: intFrom(env, 'SANDBOX_BOOTSTRAP_PER_HOUR', 10),
    logLevel: level as Config['logLevel'],
  };
}
