import type { Config } from '../core/config.ts';
import type { Db } from '../db/database.ts';
import { companyUpstreamsFromConfig, type CompanyUpstreams } from './companies.ts';
import { compliancePlatformsFromConfig, type CompliancePlatforms } from './compliance/index.ts';
import { createDirectoryServices, type DirectoryServices } from './directory/index.ts';
import { createDomainVerifiers, type DomainVerifier } from './domains/index.ts';
import type { PerMode } from './modes.ts';
import { createTransports, type PeppolTransport } from './transport/index.ts';
import { createWebhookSenders, type WebhookSender } from './webhooks/index.ts';

/**
 * Every upstream of a process, each with its live adapter and its sandbox simulator. The entry
 * points build this once, so every router and activity shares the same clients and circuit breakers.
 */
export interface Upstreams {
  directory: DirectoryServices;
  companies: CompanyUpstreams;
  transports: PerMode<PeppolTransport>;
  compliance: CompliancePlatforms;
  webhooks: PerMode<WebhookSender>;
  domains: PerMode<DomainVerifier>;
}

export function createUpstreams(config: Config, db: Db): Upstreams {
  const directory = createDirectoryServices(db, config);
  const liveSmp = directory.smp(true);
  return {
    directory,
    companies: companyUpstreamsFromConfig(
      config,
      db,
      liveSmp.locate?.bind(liveSmp),
      {
        lookup: liveSmp,
        directory: directory.directory(true),
      },
      { lookup: directory.smp(false), directory: directory.directory(false) },
    ),
    transports: createTransports(config, db),
    compliance: compliancePlatformsFromConfig(config),
    webhooks: createWebhookSenders({ allowLoopback: config.webhookAllowLoopback }),
    domains: createDomainVerifiers(config),
  };
}
