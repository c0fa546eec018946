import { workflowInfo, type WorkflowInterceptorsFactory } from '@temporalio/workflow';
import { SEARCH_ATTRIBUTE_KEYS } from '../core/workflow-context.ts';

/**
 * Workflow interceptor module (bundled, see workers/bundle.ts): every line of the workflow logger
 * also carries the business ids of the run, so a document's lines are found by `documentId`.
 * The SDK already adds `workflowId`, `runId`, `workflowType` and `taskQueue`.
 */
export const interceptors: WorkflowInterceptorsFactory = () => ({
  outbound: [
    {
      getLogAttributes(input, next) {
        const attributes = workflowInfo().typedSearchAttributes;
        return next({
          ...input,
          documentId: attributes.get(SEARCH_ATTRIBUTE_KEYS.DocumentId),
          organizationId: attributes.get(SEARCH_ATTRIBUTE_KEYS.OrganizationId),
        });
      },
    },
  ],
});
