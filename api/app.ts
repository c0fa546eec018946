import express, { type RequestHandler, type Router } from 'express';
import type { Client } from '@temporalio/client';
import { CircuitBreaker } from '../core/circuit-breaker.ts';
import type { Db } from '../db/database.ts';
import { docsRoutes } from './docs.ts';
import { healthRoutes } from './health/routes.ts';
import { postgresProbe, temporalProbe, type ContractProbe } from './health/probes.ts';
import type { TaskQueueWatchOptions } from './health/task-queues.ts';
import { TASK_QUEUES } from '../core/temporal.ts';
import { renderEnvelope } from './middleware/error-handler.ts';
import { observeRequests } from './middleware/observe.ts';
import type { Breakers } from './foreign-errors.ts';
import { contractOf, createPipeline, type PipelineOptions, type SharedSteps } from './pipeline.ts';
import { BatchItems } from './middleware/item-validation.ts';
import { createAuthenticator, type Authenticator } from './access/authenticate.ts';
import { createJwtVerifier, type JwtSettings } from './access/jwt.ts';
import { authenticate, authorize } from './access/middleware.ts';
import { apiKeyRoutes } from './api-keys/routes.ts';
import { identityRoutes } from './identity/routes.ts';
import { idempotency } from './middleware/idempotency.ts';
import { countRefusedRequests, rateLimit, type AnonymousLimits } from './middleware/rate-limit.ts';
import { documentQuota } from './middleware/quota.ts';
import { requestLog } from './middleware/request-log.ts';
import { sandboxRoutes } from './sandbox/routes.ts';
import { lifecycleRoutes } from './lifecycle/routes.ts';
import { paymentRoutes } from './payments/routes.ts';
import { complianceRoutes } from './compliance/routes.ts';
import { statsRoutes } from './stats/routes.ts';
import { platformRoutes } from './platform/routes.ts';
import { docsBranding } from './platform/branding.ts';
import { documentRoutes } from './documents/routes.ts';
import type { RecipientDirectory } from './documents/parties.ts';
import { partnerRecipientDirectory } from './partners/recipients.ts';
import { MAX_FILE_BYTES } from './documents/payload.ts';
import { webhookRoutes } from './webhooks/routes.ts';
import { eventRoutes } from './events/routes.ts';
import { wellKnownRoutes } from './well-known/routes.ts';
import { companyRoutes } from './companies/routes.ts';
import { directoryRoutes } from './directory/routes.ts';
import { partnerRoutes } from './partners/routes.ts';
import { tagRoutes } from './tags/routes.ts';
import { createEventDispatcher } from '../core/event-dispatcher.ts';
import { createTagLearning } from '../core/tag-learning.ts';
import { accessPointGate, inboundRoutes, type AccessPointSettings } from './inbound/routes.ts';
import { sdiRoutes } from './sdi/routes.ts';
import { punchoutBody, punchoutRoutes } from './punchout/routes.ts';
import type { Upstreams } from '../upstreams/index.ts';
import { INTERNAL_OPENAPI_PATH, loadOpenApiDocument, type OpenApiDocument } from './openapi.ts';

export { JSON_BODY_LIMIT } from './pipeline.ts';

/** The upstreams the API process uses; transports and compliance platforms are the worker's. */
export type AppUpstreams = Pick<Upstreams, 'companies' | 'directory' | 'webhooks' | 'domains'>;

export interface AppDeps {
  db: Db;
  temporal: Client;
  publicBaseUrl: string;
  /** The web app the PunchOut return sends the browser back to; defaults to `publicBaseUrl`. */
  appUrl?: string;
  /** The identity provider for JWT bearer tokens; without a key set only API keys are accepted. */
  jwt?: JwtSettings;
  /** Sandbox keys one client address may bootstrap per hour. */
  bootstrapPerHour?: number;
  /** Requests per minute of one client address without credentials (public operations, 401s); 60 unless set. */
  anonymousPerMinute?: number;
  /** Defaults to openapi/openapi.yaml; tests may pass a variant. */
  openapi?: OpenApiDocument;
  /** Validate every response against the contract (on in tests). */
  validateResponses?: boolean;
  breakers?: Breakers;
  /** Upstream probes beyond Postgres and Temporal, added by later adapters. */
  extraContractProbes?: ContractProbe[];
  /** Resolves and checks document recipients; defaults to partners, then the directory and SMP. */
  recipients?: RecipientDirectory;
  /**
   * The outside systems the API calls itself (built by `createUpstreams`): national registries and
   * SMP for companies; the Peppol Directory and SMP lookup per mode, one instance for every router
   * and the recipient lookup; the webhook receivers' door per mode, also used for the test event of a
   * re-activation; custom domain verification of platforms per mode (DNS TXT live, the simulator in
   * the sandbox).
   */
  upstreams: AppUpstreams;
  /** Routers mounted after the built-in ones (their operations must be in `openapi`). */
  extraRouters?: Router[];
  /** The token the access point presents when it forwards a received message to /internal/access-point/*. */
  accessPoint: AccessPointSettings;
  /** Serve the SdI's SDICoop TrasmissioneFatture calls (`SDI_INBOUND=true`, behind the SdI's mutual TLS). */
  sdiInbound?: boolean;
  /** Further APIs with a contract and error shape of their own, each under its own mount path. */
  apis?: Array<(shared: SharedSteps) => PipelineOptions>;
  /** Request log lines and metrics; on unless false (the benchmark measures their cost). */
  observe?: boolean;
  /**
   * The task queues readiness requires pollers on, and for how long one may have none (a restarting
   * worker); defaults to every queue of TASK_QUEUES in the client's namespace, 30 s.
   */
  readiness?: Partial<TaskQueueWatchOptions>;
}

export function createApp(deps: AppDeps): express.Express {
  const doc = deps.openapi ?? loadOpenApiDocument();
  const breakers = deps.breakers ?? {
    postgres: new CircuitBreaker('postgres'),
    temporal: new CircuitBreaker('temporal'),
  };
  const authenticator = createAuthenticator(
    deps.db,
    createJwtVerifier(deps.jwt ?? { jwksUrl: undefined, audience: 'unset', issuer: undefined }),
  );
  const shared: SharedSteps = {
    observe: deps.observe === false ? undefined : observeRequests(),
    requestLog: requestLog(deps.db),
    access: accessSteps(deps, authenticator),
    refusals: [countRefusedRequests(deps.db, authenticator, anonymousLimits(deps))],
    breakers,
    validateResponses: deps.validateResponses ?? false,
  };

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.set('query parser', 'extended');

  // Raw-body mode of the send operation: the body is the document itself (XML, PDF, image …).
  const rawDocumentBody = express
    .Router()
    .use(
      '/v1/documents/send',
      express.raw({ type: (req) => !/json/i.test(String(req.headers['content-type'] ?? '')), limit: MAX_FILE_BYTES }),
    );

  if (deps.sdiInbound) app.use(sdiRoutes({ db: deps.db, temporal: deps.temporal }));
  // Each further API owns its mount path; the main API, mounted last at the root, answers the rest.
  for (const api of deps.apis ?? []) app.use(createPipeline(api(shared)));
  app.use(
    createPipeline({
      ...shared,
      contract: contractOf(loadOpenApiDocument(INTERNAL_OPENAPI_PATH)),
      mountPath: '/internal',
      renderError: renderEnvelope(`${deps.publicBaseUrl}/docs`),
      gates: [accessPointGate(deps.accessPoint)],
      routers: [inboundRoutes({ db: deps.db, temporal: deps.temporal })],
    }),
  );
  app.use(
    createPipeline({
      ...shared,
      contract: contractOf(doc),
      mountPath: '/',
      renderError: renderEnvelope(`${deps.publicBaseUrl}/docs`),
      docs: docsRoutes(doc, { branding: docsBranding(deps.db, authenticator) }),
      bodyParsers: [rawDocumentBody, punchoutBody()],
      routers: routers(deps, breakers, new BatchItems(doc, `${deps.publicBaseUrl}/docs`)),
    }),
  );
  return app;
}

/**
 * Authentication, authorization, rate limiting, idempotency and the document quota, in that order,
 * before validation. A replayed request is not counted against the quota again.
 */
function accessSteps(deps: AppDeps, authenticator: Authenticator): RequestHandler[] {
  return [
    authenticate(authenticator),
    authorize(deps.db),
    rateLimit(deps.db, anonymousLimits(deps)),
    idempotency(deps.db),
    documentQuota(deps.db),
  ];
}

function anonymousLimits(deps: AppDeps): AnonymousLimits {
  return { perMinute: deps.anonymousPerMinute ?? 60, bootstrapPerHour: deps.bootstrapPerHour ?? 10 };
}

function routers(deps: AppDeps, breakers: Breakers, items: BatchItems): Router[] {
  const { directory, companies, webhooks, domains } = deps.upstreams;
  const recipients = deps.recipients ?? partnerRecipientDirectory(deps.db, directory);
  const contractProbes = [
    postgresProbe(deps.db),
    temporalProbe(deps.db, deps.temporal),
    ...(deps.extraContractProbes ?? []),
  ];
  return [
    healthRoutes({
      db: deps.db,
      temporal: deps.temporal,
      breakers,
      contractProbes,
      readiness: {
        namespace: deps.temporal.options.namespace,
        taskQueues: Object.values(TASK_QUEUES),
        graceMs: 30_000,
        ...deps.readiness,
      },
    }),
    identityRoutes(deps.db),
    apiKeyRoutes(deps.db),
    webhookRoutes(deps.db, webhooks),
    eventRoutes(deps.db, deps.temporal),
    wellKnownRoutes(deps.db),
    sandboxRoutes(deps.db, deps.temporal, recipients),
    documentRoutes({
      db: deps.db,
      temporal: deps.temporal,
      recipients,
      temporalBreaker: breakers.temporal,
      items,
    }),
    companyRoutes({ db: deps.db, temporal: deps.temporal, upstreams: companies, directory }),
    directoryRoutes(directory),
    partnerRoutes(deps.db, directory, createTagLearning(deps.temporal)),
    tagRoutes({
      db: deps.db,
      events: createEventDispatcher(deps.temporal, deps.db),
      learning: createTagLearning(deps.temporal),
    }),
    lifecycleRoutes({ db: deps.db, temporal: deps.temporal, items }),
    paymentRoutes({ db: deps.db, temporal: deps.temporal }),
    complianceRoutes(deps.db),
    statsRoutes(deps.db),
    platformRoutes({
      db: deps.db,
      temporal: deps.temporal,
      upstreams: companies,
      directory,
      domainVerifiers: domains,
      webhookSenders: webhooks,
    }),
    inboundRoutes({ db: deps.db, temporal: deps.temporal }),
    punchoutRoutes({ db: deps.db, temporal: deps.temporal, appUrl: deps.appUrl ?? deps.publicBaseUrl }),
    ...(deps.extraRouters ?? []),
  ];
}
