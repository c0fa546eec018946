import { loadConfig } from '../core/config.ts';
import { connectTemporal, installClientRuntime } from '../core/temporal-client.ts';
import { logStartupFailure, requireServers, StartupError } from '../core/startup-error.ts';
import { createLogger, log, useLogger } from '../core/log.ts';
import { createDb, pingDb } from '../db/database.ts';
import { createApp } from './app.ts';
import { createUpstreams } from '../upstreams/index.ts';
import { startTracing } from '../core/telemetry.ts';
import { registry } from '../core/metrics.ts';
import { startMetricsServer } from '../core/metrics-server.ts';
import { companyContractProbes } from './companies/probes.ts';
import { directoryContractProbes } from './directory/probes.ts';
import { afnorApis } from './afnor/index.ts';
import { partnerRecipientDirectory } from './partners/recipients.ts';
import { closePeppolPool } from '../core/peppol-pool.ts';

/** Entry point of the API process (`npm run api`). */
async function main(): Promise<void> {
  const config = loadConfig();
  useLogger(createLogger({ level: config.logLevel, base: { service: 'docex-api' } }));
  const tracing = startTracing({ serviceName: 'docex-api' });
  const { databaseUrl, temporalAddress } = requireServers(config);

  const db = createDb(databaseUrl, { max: config.databasePoolSize, applicationName: 'docex-api' });
  await pingDb(db).catch((err) => {
    throw new StartupError(
      'postgres',
      `cannot connect with DATABASE_URL: ${(err as Error).message}`,
      'check that the server runs and the URL is right',
      err,
    );
  });
  installClientRuntime({ debug: config.logLevel === 'debug' });
  const temporal = await connectTemporal(temporalAddress, config.temporalNamespace);
  const upstreams = createUpstreams(config, db);
  const app = createApp({
    db,
    upstreams,
    accessPoint: { forwardToken: config.accessPointForwardToken },
    sdiInbound: config.sdiInbound,
    extraContractProbes: [
      ...companyContractProbes(upstreams.companies),
      { name: 'access-point', run: () => upstreams.transports.live.probe() },
      ...directoryContractProbes(upstreams.directory, { smlParticipant: config.smlProbeParticipant }),
    ],
    temporal: temporal.client,
    publicBaseUrl: config.publicBaseUrl,
    appUrl: config.appUrl,
    jwt: { jwksUrl: config.jwksUrl, audience: config.jwtAudience, issuer: config.jwtIssuer },
    bootstrapPerHour: config.bootstrapKeysPerHour,
    anonymousPerMinute: config.anonymousRequestsPerMinute,
    readiness: { graceMs: config.readinessPollerGraceMs },
    apis: afnorApis({
      db,
      temporal: temporal.client,
      recipients: partnerRecipientDirectory(db, upstreams.directory),
      directory: upstreams.directory,
      webhookSenders: upstreams.webhooks,
    }),
  });

  const server = app.listen(config.port, config.host);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', (err: NodeJS.ErrnoException) => {
      reject(
        err.code === 'EADDRINUSE'
          ? new StartupError(
              'api',
              `port ${config.port} on ${config.host} is already in use`,
              'set PORT to a free port, or stop what listens there',
            )
          : err,
      );
    });
  });
  log.info('api listening', { url: config.publicBaseUrl });
  const metrics = config.metricsPort
    ? await startMetricsServer(registry, { port: config.metricsPort, host: config.metricsHost })
    : undefined;
  if (metrics) log.info('api metrics listening', { url: metrics.url });

  let closing = false;
  const shutdown = () => {
    if (closing) return;
    closing = true;
    server.close(async () => {
      await temporal.close().catch(() => undefined);
      await closePeppolPool().catch(() => undefined);
      await db.destroy().catch(() => undefined);
      await tracing?.shutdown().catch(() => undefined);
      process.exit(0);
    });
    server.closeIdleConnections();
    // Requests in flight get a grace period, then the process ends regardless.
    setTimeout(() => process.exit(0), 10_000).unref();
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((err) => {
  logStartupFailure('api', err);
  process.exit(1);
});
