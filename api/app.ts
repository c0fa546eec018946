import express, { type RequestHandler, type Router } from 'express';
import * as OpenApiValidator from 'express-openapi-validator';
import type { Client } from '@temporalio/client';
import { CircuitBreaker } from '../core/circuit-breaker.ts';
import type { Db } from '../db/database.ts';
import { docsRoutes } from './docs.ts';
import { ApiError } from './errors.ts';
import { healthRoutes } from './health/routes.ts';
import { postgresProbe, temporalProbe, type ContractProbe } from './health/probes.ts';
import { errorHandler } from './middleware/error-handler.ts';
import { matchOperation } from './middleware/match-operation.ts';
import { requestContext } from './middleware/request-context.ts';
import type { Breakers } from './middleware/upstream-errors.ts';
import { FORMATS } from './formats.ts';
import { loadOpenApiDocument, OperationIndex, type OpenApiDocument } from './openapi.ts';

/** JSON bodies may carry a 5 MiB file as base64 (4/3 larger) plus the envelope around it. */
export const JSON_BODY_LIMIT = '8mb';

export interface AppDeps {
  db: Db;
  temporal: Client;
  publicBaseUrl: string;
  /** Defaults to openapi/openapi.yaml; tests may pass a variant. */
  openapi?: OpenApiDocument;
  /** Validate every response against the contract (on in tests). */
  validateResponses?: boolean;
  breakers?: Breakers;
  /** Upstream probes beyond Postgres and Temporal, added by later adapters. */
  extraContractProbes?: ContractProbe[];
  /** Routers mounted after the built-in ones (their operations must be in `openapi`). */
  extraRouters?: Router[];
}

export function createApp(deps: AppDeps): express.Express {
  const doc = deps.openapi ?? loadOpenApiDocument();
  const operations = new OperationIndex(doc);
  const breakers = deps.breakers ?? { postgres: new CircuitBreaker('postgres'), temporal: new CircuitBreaker('temporal') };
  const strict = deps.validateResponses ?? false;

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.set('query parser', 'extended');

  app.use(requestContext());
  app.use(docsRoutes(doc));
  // Matching comes before parsing so that an unknown route is a 404 whatever its body.
  app.use(matchOperation(operations));
  app.use(express.json({ limit: JSON_BODY_LIMIT, type: ['application/json', 'application/*+json'] }));
  for (const step of accessSteps(deps)) app.use(step);
  app.use(
    OpenApiValidator.middleware({
      apiSpec: structuredClone(doc) as any,
      validateApiSpec: true,
      validateRequests: { allowUnknownQueryParameters: false, allErrors: true },
      validateResponses: strict ? { removeAdditional: false } : false,
      validateSecurity: false,
      ignorePaths: /^\/(docs|openapi\.json)/,
      formats: FORMATS,
    }),
  );
  for (const router of routers(deps, breakers)) app.use(router);
  // Reached only if the contract has an operation that no router serves.
  app.use(((req, _res, next) => next(new ApiError('RESOURCE_NOT_FOUND', `No route ${req.method} ${req.path}.`))) as RequestHandler);
  app.use(errorHandler({ docsUrl: `${deps.publicBaseUrl}/docs`, breakers, exposeInternalErrors: strict }));
  return app;
}

/** Authentication, rate limiting and idempotency, in that order, before validation. */
function accessSteps(_deps: AppDeps): RequestHandler[] {
  return [];
}

function routers(deps: AppDeps, breakers: Breakers): Router[] {
  const contractProbes = [postgresProbe(deps.db), temporalProbe(deps.db, deps.temporal), ...(deps.extraContractProbes ?? [])];
  return [healthRoutes({ db: deps.db, temporal: deps.temporal, breakers, contractProbes }), ...(deps.extraRouters ?? [])];
}
