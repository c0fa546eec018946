import path from 'node:path';
import { createRequire } from 'node:module';
import { bundleWorkflowCode, type WorkflowBundleWithSourceMap } from '@temporalio/worker';
import { PROJECT_ROOT } from '../core/config.ts';

export const WORKFLOWS_PATH = path.join(PROJECT_ROOT, 'workflows', 'index.ts');
const LOG_ATTRIBUTES_PATH = path.join(PROJECT_ROOT, 'workflows', 'log-attributes.ts');
const OTEL_WORKFLOW_INTERCEPTORS = createRequire(import.meta.url).resolve(
  '@temporalio/interceptors-opentelemetry/lib/workflow-interceptors',
);

const pending = new Map<boolean, Promise<WorkflowBundleWithSourceMap>>();

/**
 * Bundles the workflow code once per process; every worker (and every test) shares the result.
 * With `tracing`, the OpenTelemetry workflow interceptors go in too: they call the `exporter` sink,
 * which only a worker with tracing on registers, and cost a span per activation otherwise.
 */
export function workflowBundle(options: { tracing?: boolean } = {}): Promise<WorkflowBundleWithSourceMap> {
  const tracing = options.tracing ?? false;
  let bundle = pending.get(tracing);
  if (!bundle) {
    const workflowInterceptorModules = tracing
      ? [LOG_ATTRIBUTES_PATH, OTEL_WORKFLOW_INTERCEPTORS]
      : [LOG_ATTRIBUTES_PATH];
    bundle = bundleWorkflowCode({ workflowsPath: WORKFLOWS_PATH, workflowInterceptorModules, logger: quietLogger });
    pending.set(tracing, bundle);
  }
  return bundle;
}

const noop = () => undefined;
const quietLogger = {
  trace: noop,
  debug: noop,
  info: noop,
  warn: noop,
  error: (msg: string) => console.error(msg),
  log: noop,
};
