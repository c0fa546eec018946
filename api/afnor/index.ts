import path from 'node:path';
import { Router } from 'express';
import type { Client } from '@temporalio/client';
import { PROJECT_ROOT } from '../../core/config.ts';
import type { Db } from '../../db/database.ts';
import type { DirectoryServices } from '../../upstreams/directory/index.ts';
import type { RecipientDirectory } from '../documents/parties.ts';
import { loadOpenApiDocument, type OpenApiDocument } from '../openapi.ts';
import { contractOf, type PipelineOptions, type SharedSteps } from '../pipeline.ts';
import { annuaireRoutes } from './directory/routes.ts';
import { renderAfnorError } from './errors.ts';
import { flowRoutes } from './flows/routes.ts';
import { afnorWebhookRoutes } from './webhooks/routes.ts';
import { healthRoutes } from './health.ts';
import { flowMultipart } from './multipart.ts';
import { queryToken } from './token.ts';
import type { PerMode } from '../../upstreams/modes.ts';
import type { WebhookSender } from '../../upstreams/webhooks/index.ts';

export const FLOW_SERVICE_MOUNT = '/afnor/flow-service/v1';
export const DIRECTORY_SERVICE_MOUNT = '/afnor/directory-service/v1';

const CONTRACTS = path.join(PROJECT_ROOT, 'openapi', 'afnor');

export function loadFlowServiceDocument(): OpenApiDocument {
  return loadOpenApiDocument(path.join(CONTRACTS, 'flow-service.yaml'));
}

export function loadDirectoryServiceDocument(): OpenApiDocument {
  return loadOpenApiDocument(path.join(CONTRACTS, 'directory-service.yaml'));
}

export interface AfnorDeps {
  db: Db;
  temporal: Client;
  /** Resolves the buyer of a submitted invoice, as for /v1 sends. */
  recipients: RecipientDirectory;
  /** The French directory (annuaire) of each mode, which the directory service reads. */
  directory: DirectoryServices;
  /** The webhook senders of each mode, whose address policy judges a callback url. */
  webhookSenders: PerMode<WebhookSender>;
}

/**
 * The standard names two path parameters with a hyphen (`{routing-identifier}`,
 * `{addressing-identifier}`), which the request validator's route syntax cannot express: it
 * validates against a copy that spells them in camelCase. `openapi.json` serves the original.
 */
function withRoutableParams(doc: OpenApiDocument): OpenApiDocument {
  const camel = (name: string) => name.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase());
  const copy = structuredClone(doc) as OpenApiDocument & {
    paths: Record<string, Record<string, { parameters?: Array<{ in?: string; name?: string }> }>>;
  };
  copy.paths = Object.fromEntries(
    Object.entries(copy.paths).map(([path, item]) => {
      for (const operation of Object.values(item))
        for (const param of operation.parameters ?? [])
          if (param.in === 'path' && param.name) param.name = camel(param.name);
      return [path.replace(/\{([^}]+)\}/g, (_m, name: string) => `{${camel(name)}}`), item];
    }),
  );
  return copy;
}

/** The contract of one service as JSON, at `…/openapi.json` of its mount. */
function contractRoute(doc: OpenApiDocument): Router {
  const json = JSON.stringify(doc);
  return Router().get('/openapi.json', (_req, res) => {
    res.type('application/json').send(json);
  });
}

/**
 * The French AFNOR XP Z12-013 facade (part 4.15) as two APIs for `createApp`'s `apis`: the flow
 * service and the directory service, each with its own contract and the standard's error shape, on
 * the request pipeline of /v1.
 */
export function afnorApis(deps: AfnorDeps): Array<(shared: SharedSteps) => PipelineOptions> {
  const flowDoc = loadFlowServiceDocument();
  const directoryDoc = loadDirectoryServiceDocument();
  const flowService = (shared: SharedSteps): PipelineOptions => ({
    ...shared,
    contract: contractOf(flowDoc),
    mountPath: FLOW_SERVICE_MOUNT,
    renderError: renderAfnorError,
    docs: contractRoute(flowDoc),
    bodyParsers: [flowMultipart()],
    parsesMultipart: true,
    gates: [queryToken()],
    routers: [
      healthRoutes('flow-service', flowDoc.info.version),
      // Submissions share the Temporal circuit of /v1 sends: refused at once while it is open.
      flowRoutes({ ...deps, temporalBreaker: shared.breakers.temporal }),
      afnorWebhookRoutes(deps.db, deps.webhookSenders),
    ],
  });
  const directoryService = (shared: SharedSteps): PipelineOptions => ({
    ...shared,
    contract: contractOf(withRoutableParams(directoryDoc)),
    mountPath: DIRECTORY_SERVICE_MOUNT,
    renderError: renderAfnorError,
    docs: contractRoute(directoryDoc),
    gates: [queryToken()],
    routers: [healthRoutes('directory-service', directoryDoc.info.version), annuaireRoutes(deps.directory)],
  });
  return [flowService, directoryService];
}
