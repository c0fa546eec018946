import { createRequire } from 'node:module';
import { context, propagation, trace } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import type { InstrumentationBase } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { envDetectorSync, Resource } from '@opentelemetry/resources';
import {
  BatchSpanProcessor,
  SimpleSpanProcessor,
  type SpanExporter,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import {
  makeWorkflowExporter,
  OpenTelemetryActivityInboundInterceptor,
  OpenTelemetryActivityOutboundInterceptor,
  OpenTelemetryWorkflowClientInterceptor,
} from '@temporalio/interceptors-opentelemetry';
import type { ClientInterceptors } from '@temporalio/client';
import type { WorkerOptions } from '@temporalio/worker';

/**
 * OpenTelemetry tracing of one process: the HTTP server and client (incoming `traceparent`
 * continues the caller's trace; outgoing requests, webhooks included, carry it), every SQL
 * statement, and Temporal's client, workflow and activity interceptors, so one trace runs from a
 * request through the workflow start, its tasks and activities to the webhook POST.
 *
 * The instrumentations are applied to the already-loaded modules by calling their patch functions.
 * The usual require hook cannot see modules that ESM (and tsx) loaded before it was installed,
 * and the ESM loader hook (`--import @opentelemetry/instrumentation/hook.mjs`) would have to run
 * ahead of tsx in every entry point and test runner; patching `http` and `pg` in place works
 * whatever loaded them, because both are shared CommonJS/builtin module objects.
 */
export interface Tracing {
  readonly provider: NodeTracerProvider;
  /** For `new Client({ interceptors })`: the workflow start carries the current trace. */
  readonly clientInterceptors: ClientInterceptors;
  /** Spread into `Worker.create`: activity spans, and the sink that exports workflow spans. */
  workerOptions(): Pick<WorkerOptions, 'interceptors' | 'sinks'>;
  /** Flushes, unpatches and unregisters; the process is untraced afterwards. */
  shutdown(): Promise<void>;
}

export interface TracingOptions {
  serviceName: string;
  /** A test's in-memory exporter; without it, OTLP/HTTP when OTEL_EXPORTER_OTLP_(TRACES_)ENDPOINT is set. */
  exporter?: SpanExporter;
  env?: NodeJS.ProcessEnv;
}

/** Paths that are polled all day and would only add noise to the traces. */
const UNTRACED = /^\/(metrics|health\/(liveness|readiness))(\?|$)/;

let active: Tracing | undefined;

/** Tracing is off (undefined) unless an OTLP endpoint is configured or an exporter is given. */
export function startTracing(options: TracingOptions): Tracing | undefined {
  const env = options.env ?? process.env;
  const endpoint = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || env.OTEL_EXPORTER_OTLP_ENDPOINT;
  if (!options.exporter && (!endpoint || env.OTEL_SDK_DISABLED === 'true')) return undefined;
  if (active) throw new Error('tracing is already started in this process');

  const resource = Resource.default()
    .merge(new Resource({ 'service.name': options.serviceName }))
    .merge(envDetectorSync.detect());
  // Synchronous export is for tests that read spans right away; the real exporter batches.
  const spanProcessor: SpanProcessor = options.exporter
    ? new SimpleSpanProcessor(options.exporter)
    : new BatchSpanProcessor(new OTLPTraceExporter());
  const provider = new NodeTracerProvider({ resource, spanProcessors: [spanProcessor] });
  provider.register();

  const unpatch = [
    patchLoaded(
      new HttpInstrumentation({
        enabled: false,
        requireParentforOutgoingSpans: true,
        ignoreIncomingRequestHook: (req) => UNTRACED.test(req.url ?? ''),
      }),
      provider,
    ),
    // Only statements inside a traced request or activity: background sweeps would be orphan roots.
    patchLoaded(new PgInstrumentation({ enabled: false, requireParentSpan: true }), provider),
  ];

  const tracing: Tracing = {
    provider,
    clientInterceptors: { workflow: [new OpenTelemetryWorkflowClientInterceptor()] },
    workerOptions: () => ({
      interceptors: {
        activity: [
          (ctx) => ({
            inbound: new OpenTelemetryActivityInboundInterceptor(ctx),
            outbound: new OpenTelemetryActivityOutboundInterceptor(ctx),
          }),
        ],
      },
      sinks: { exporter: makeWorkflowExporter(spanProcessor, resource) },
    }),
    async shutdown() {
      if (active !== tracing) return;
      active = undefined;
      for (const undo of unpatch) undo();
      await provider.shutdown();
      trace.disable();
      context.disable();
      propagation.disable();
    },
  };
  active = tracing;
  return tracing;
}

/** The tracing of this process, if started. */
export function currentTracing(): Tracing | undefined {
  return active;
}

const requireHere = createRequire(import.meta.url);

/** Applies an instrumentation's patches to the module objects already in the require cache. */
function patchLoaded(instrumentation: InstrumentationBase, provider: NodeTracerProvider): () => void {
  instrumentation.setTracerProvider(provider);
  const undo: Array<() => void> = [];
  for (const definition of instrumentation.getModuleDefinitions()) {
    const exports = requireHere(definition.name);
    const version =
      definition.name === 'pg' ? (requireHere('pg/package.json') as { version: string }).version : undefined;
    if (!definition.patch) continue;
    definition.patch(exports, version);
    undo.push(() => definition.unpatch?.(exports, version));
  }
  return () => undo.forEach((fn) => fn());
}
