import path from 'node:path';
import { bundleWorkflowCode, type WorkflowBundleWithSourceMap } from '@temporalio/worker';
import { PROJECT_ROOT } from '../core/config.ts';

export const WORKFLOWS_PATH = path.join(PROJECT_ROOT, 'workflows', 'index.ts');

let pending: Promise<WorkflowBundleWithSourceMap> | undefined;

/** Bundles the workflow code once per process; every worker (and every test) shares the result. */
export function workflowBundle(): Promise<WorkflowBundleWithSourceMap> {
  pending ??= bundleWorkflowCode({ workflowsPath: WORKFLOWS_PATH, logger: quietLogger });
  return pending;
}

const noop = () => undefined;
const quietLogger = { trace: noop, debug: noop, info: noop, warn: noop, error: (msg: string) => console.error(msg), log: noop };
