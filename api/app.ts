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
import { observeRequests } from './middleware/observe.ts';
import type { Breakers } from './middleware/upstream-errors.ts';
import { FORMATS } from './formats.ts';
import { createAuthenticator } from './access/authenticate.ts';
import { createJwtVerifier, type JwtSettings } from './access/jwt.ts';
import { authenticate, authorize } from './access/middleware.ts';
import { apiKeyRoutes } from './api-keys/routes.ts';
import { identityRoutes } from './identity/routes.ts';
import { idempotency } from './middleware/idempotency.ts';
import { rateLimit } from './middleware/rate-limit.ts';
import { documentQuota } from './middleware/quota.ts';
import { requestLog } from './middleware/request-log.ts';
import { sandboxRoutes } from './sandbox/routes.ts';
import { lifecycleRoutes } from './lifecycle/routes.ts';
import { paymentRoutes } from './payments/routes.ts';
import { complianceRoutes } from './compliance/routes.ts';
import { documentRoutes } from './documents/routes.ts';
import type { RecipientDirectory } from './documents/parties.ts';
import { partnerRecipientDirectory } from './partners/recipients.ts';
import { MAX_FILE_BYTES } from './documents/payload.ts';
import { webhookRoutes } from './webhooks/routes.ts';
import { eventRoutes } from './events/routes.ts';
import { companyRoutes } from './companies/routes.ts';
import type { CompanyUpstreams } from '../activities/companies.ts';
import { directoryRoutes } from './directory/routes.ts';
import { partnerRoutes } from './partners/routes.ts';
import { as4Gate, inboundRoutes, type As4Settings } from './inbound/routes.ts';
import { createDirectoryServices, type DirectoryServices } from '../activities/upstreams/directory/index.ts';
import { loadConfig } from '../core/config.ts';
import { loadOpenApiDocument, OperationIndex, type OpenApiDocument } from './openapi.ts';

/** JSON bodies may carry a 5 MiB file as base64 (4/3 larger) plus the envelope around it. */
export const JSON_BODY_LIMIT = '8mb';

export interface AppDeps {
  db: Db;
  temporal: Client;
  publicBaseUrl: string;
  /** The identity provider for JWT bearer tokens; without a key set only API keys are accepted. */
  jwt?: JwtSettings;
  /** Sandbox keys one client address may bootstrap per hour. */
  bootstrapPerHour?: number;
  /** Defaults to openapi/openapi.yaml; tests may pass a variant. */
  openapi?: OpenApiDocument;
  /** Validate every response against the contract (on in tests). */
  validateResponses?: boolean;
  breakers?: Breakers;
  /** Upstream probes beyond Postgres and Temporal, added by later adapters. */
  extraContractProbes?: ContractProbe[];
  /** Resolves and checks document recipients; defaults to partners, then the directory and SMP. */
  recipients?: RecipientDirectory;
  /** National registry and SMP adapters for companies; defaults to the configured ones. */
  companyUpstreams?: CompanyUpstreams;
  /** Peppol Directory and SMP lookup per mode; defaults to the configured adapters (sandbox: simulators). */
  directory?: DirectoryServices;
  /** Routers mounted after the built-in ones (their operations must be in `openapi`). */
  extraRouters?: Router[];
  /** The AS4 gateway's shared secret for /internal/as4/*; defaults to AS4_INBOUND_SECRET. */
  as4?: As4Settings;
  /** Request log lines and metrics; on unless false (the benchmark measures their cost). */
  observe?: boolean;
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
  if (deps.observe !== false) app.use(observeRequests());
  app.use(docsRoutes(doc));
  // Matching comes before parsing so that an unknown route is a 404 whatever its body.
  app.use(matchOperation(operations));
  app.use(requestLog(deps.db));
  app.use(
    express.json({
      limit: JSON_BODY_LIMIT,
      type: ['application/json', 'application/*+json'],
      // Idempotency compares the exact bytes sent, not a re-serialisation.
      verify: (req, _res, buf) => { (req as { rawBody?: Buffer }).rawBody = buf; },
    }),
  );
  // Raw-body mode of the send operation: the body is the document itself (XML, PDF, image …).
  app.use('/v1/documents/send', express.raw({ type: (req) => !/json/i.test(String(req.headers['content-type'] ?? '')), limit: MAX_FILE_BYTES }));
  app.use(as4Gate(deps.as4 ?? { inboundSecret: loadConfig().as4InboundSecret }));
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

/**
 * Authentication, authorization, rate limiting, idempotency and the document quota, in that order,
 * before validation. A replayed request is not counted against the quota again.
 */
function accessSteps(deps: AppDeps): RequestHandler[] {
  const verifyJwt = createJwtVerifier(deps.jwt ?? { jwksUrl: undefined, audience: 'unset', issuer: undefined });
  return [authenticate(createAuthenticator(deps.db, verifyJwt)), authorize(deps.db), rateLimit(deps.db), idempotency(deps.db), documentQuota(deps.db)];
}

function routers(deps: AppDeps, breakers: Breakers): Router[] {
  const directory = deps.directory ?? createDirectoryServices(deps.db, loadConfig());
  const contractProbes = [postgresProbe(deps.db), temporalProbe(deps.db, deps.temporal), ...(deps.extraContractProbes ?? [])];
  return [
    healthRoutes({ db: deps.db, temporal: deps.temporal, breakers, contractProbes }),
    identityRoutes(deps.db),
    apiKeyRoutes(deps.db),
    webhookRoutes(deps.db),
    eventRoutes(deps.db, deps.temporal),
    sandboxRoutes(deps.db, deps.temporal, { bootstrapPerHour: deps.bootstrapPerHour ?? 10 }),
    documentRoutes({ db: deps.db, temporal: deps.temporal, recipients: deps.recipients ?? partnerRecipientDirectory(deps.db, directory) }),
    companyRoutes({ db: deps.db, temporal: deps.temporal, upstreams: deps.companyUpstreams, directory }),
    directoryRoutes(directory),
    partnerRoutes(deps.db, directory),
    lifecycleRoutes({ db: deps.db, temporal: deps.temporal }),
    paymentRoutes({ db: deps.db, temporal: deps.temporal }),
    complianceRoutes(deps.db),
    inboundRoutes({ db: deps.db, temporal: deps.temporal }),
    ...(deps.extraRouters ?? []),
  ];
}
