import express, { Router, type ErrorRequestHandler, type RequestHandler } from 'express';
import * as OpenApiValidator from 'express-openapi-validator';
import { ApiError } from './errors.ts';
import type { Breakers } from './foreign-errors.ts';
import { FORMATS } from './formats.ts';
import { errorHandler, type ErrorRenderer } from './middleware/error-handler.ts';
import { matchOperation } from './middleware/match-operation.ts';
import { refuseNulBytes } from './middleware/nul-bytes.ts';
import { requestContext } from './middleware/request-context.ts';
import { OperationIndex, type OpenApiDocument } from './openapi.ts';

/** JSON bodies may carry a 5 MiB file as base64 (4/3 larger) plus the envelope around it. */
export const JSON_BODY_LIMIT = '8mb';

/** An API's contract: its OpenAPI document and the index of its operations. */
export interface Contract {
  document: OpenApiDocument;
  operations: OperationIndex;
}

export function contractOf(document: OpenApiDocument): Contract {
  return { document, operations: new OperationIndex(document) };
}

/** The steps every API of the service shares, built once per app. */
export interface SharedSteps {
  /** Runs right after the request context: request log lines and metrics (absent when switched off). */
  observe?: RequestHandler | undefined;
  /** Writes the request to the request inspector's log when it ends. */
  requestLog: RequestHandler;
  /** Authentication, authorization, rate limit, idempotency and quota, in that order. */
  access: RequestHandler[];
  /** Error steps run before the error is rendered (counting refused requests against the caller's rate limit). */
  refusals: ErrorRequestHandler[];
  breakers: Breakers;
  /** Validate every response against the contract (on in tests). */
  validateResponses: boolean;
}

export interface PipelineOptions extends SharedSteps {
  contract: Contract;
  /**
   * Where the API is served; its contract's paths are relative to it ('/' when they carry their
   * own prefix, as `/v1/...` do). The validator sees the contract with this as its server URL.
   */
  mountPath: string;
  /** The body of an error response in this API's shape. */
  renderError: ErrorRenderer;
  routers: Router[];
  /** Served ahead of operation matching and outside the contract: the contract as JSON, reference pages. */
  docs?: Router;
  /** Body parsers beyond JSON (e.g. the raw document body of one operation). */
  bodyParsers?: RequestHandler[];
  /** Checks of their own for some paths, run before `access` (the access point's forward token). */
  gates?: RequestHandler[];
  /**
   * A body parser of `bodyParsers` reads multipart bodies into the fields the contract describes;
   * the validator then checks them as parsed instead of reading the stream itself.
   */
  parsesMultipart?: boolean;
}

/**
 * One API of the service as an Express router: request id → docs → operation match → request log
 * → body parsing → NUL check → gates → access → OpenAPI validation → routers → error rendering. Each API has
 * its own contract, mount path and error shape; mounting another one never touches the others.
 */
export function createPipeline(options: PipelineOptions): Router {
  const { contract, renderError } = options;
  const api = Router();
  api.use(requestContext());
  if (options.observe) api.use(options.observe);
  if (options.docs) api.use(options.docs);
  // Matching comes before parsing so that an unknown route is a 404 whatever its body.
  api.use(matchOperation(contract.operations));
  api.use(options.requestLog);
  api.use(
    express.json({
      limit: JSON_BODY_LIMIT,
      type: ['application/json', 'application/*+json'],
      // Idempotency compares the exact bytes sent, not a re-serialisation.
      verify: (req, _res, buf) => {
        (req as { rawBody?: Buffer }).rawBody = buf;
      },
    }),
  );
  for (const parser of options.bodyParsers ?? []) api.use(parser);
  api.use(refuseNulBytes());
  for (const gate of options.gates ?? []) api.use(gate);
  for (const step of options.access) api.use(step);
  api.use(
    OpenApiValidator.middleware({
      apiSpec: { ...structuredClone(contract.document), servers: [{ url: options.mountPath }] } as any,
      validateApiSpec: true,
      validateRequests: { allowUnknownQueryParameters: false, allErrors: true },
      validateResponses: options.validateResponses ? { removeAdditional: false } : false,
      validateSecurity: false,
      ...(options.parsesMultipart ? { fileUploader: false as const } : {}),
      ignorePaths: /^\/(docs|openapi\.json)/,
      formats: FORMATS,
    }),
  );
  for (const router of options.routers) api.use(router);
  // Reached only if the contract has an operation that no router serves.
  api.use(((req, _res, next) =>
    next(new ApiError('RESOURCE_NOT_FOUND', `No route ${req.method} ${req.path}.`))) as RequestHandler);
  for (const step of options.refusals) api.use(step);
  api.use(errorHandler({ renderError, breakers: options.breakers, exposeInternalErrors: options.validateResponses }));

  const mounted = Router();
  mounted.use(options.mountPath, api);
  return mounted;
}
