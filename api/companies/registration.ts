import type { Client } from '@temporalio/client';
import { TASK_QUEUES, workflowIds } from '../../core/temporal.ts';
import { searchAttributesFor } from '../../core/workflow-context.ts';
import type { CompanyRegistrationInput, companyRegistrationWorkflow } from '../../workflows/companies/registration.ts';

export interface RegisteredCompany {
  id: string;
  organizationId: string;
  livemode: boolean;
  /** companies.clock_offset_ms: sandbox registrations wait on the company's virtual clock. */
  clockOffsetMs: number;
}

function startOptions(company: RegisteredCompany, intent: CompanyRegistrationInput['intent']) {
  return {
    taskQueue: TASK_QUEUES.companies,
    workflowId: workflowIds.company(company.id),
    args: [
      {
        companyId: company.id,
        organizationId: company.organizationId,
        livemode: company.livemode,
        clockOffsetMs: company.clockOffsetMs,
        intent,
      },
    ] as [CompanyRegistrationInput],
    typedSearchAttributes: searchAttributesFor({
      organizationId: company.organizationId,
      livemode: company.livemode,
      companyId: company.id,
    }),
  };
}

/**
 * Starts `company:<comp_id>`, which registers the company with the SMP. A start for a company whose
 * workflow already runs lands on that run, so a retried request never starts two.
 */
export async function startCompanyRegistration(temporal: Client, company: RegisteredCompany): Promise<void> {
  await temporal.workflow.start<typeof companyRegistrationWorkflow>('companyRegistrationWorkflow', {
    ...startOptions(company, 'register'),
    workflowIdConflictPolicy: 'USE_EXISTING',
  });
}

/** Capabilities changed: the running workflow re-registers (one is started if none runs). */
export async function signalCapabilitiesChanged(temporal: Client, company: RegisteredCompany): Promise<void> {
  await temporal.workflow.signalWithStart<typeof companyRegistrationWorkflow, []>('companyRegistrationWorkflow', {
    ...startOptions(company, 'register'),
    signal: 'capabilitiesChanged',
    signalArgs: [],
  });
}

/** The company was deleted: the workflow withdraws it from the SMP and finishes. */
export async function requestDeregistration(temporal: Client, company: RegisteredCompany): Promise<void> {
  await temporal.workflow.signalWithStart<typeof companyRegistrationWorkflow, []>('companyRegistrationWorkflow', {
    ...startOptions(company, 'deregister'),
    signal: 'deregister',
    signalArgs: [],
  });
}
