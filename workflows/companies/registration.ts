import {
  condition,
  continueAsNew,
  defineSignal,
  getExternalWorkflowHandle,
  ParentClosePolicy,
  patched,
  proxyActivities,
  setHandler,
  startChild,
  workflowInfo,
} from '@temporalio/workflow';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/common';
import { workflowIds } from '../../core/temporal.ts';
import { searchAttributesFor } from '../../core/workflow-context.ts';
import { companyListingWorkflow, republishedSignal } from './listing.ts';
import type { CompanyActivities } from '../../activities/companies.ts';
import { ACTIVITY_PRESETS } from '../activity-options.ts';
import { useClock } from '../clock.ts';

/** Sandbox registrations go live this long (company virtual time) after the simulator accepts them. */
export const SANDBOX_SMP_DELAY_MS = 60_000;
/** How long a start may wait for the row of the request that started it to become visible. */
const MISSING_ROW_ATTEMPTS = 30;

export interface CompanyRegistrationInput {
  companyId: string;
  organizationId: string;
  livemode: boolean;
  /** The company's virtual clock offset at start (sandbox). */
  clockOffsetMs?: number;
  /** `register` on create and capability changes, `deregister` on delete, `wait` after continue-as-new. */
  intent?: 'register' | 'deregister' | 'wait';
  sandboxDelayMs?: number;
}

export interface CompanyRegistrationResult {
  /** `conflict`: the SML holds the participant for another SMP; nothing was published (migration needed). */
  state: 'deregistered' | 'missing' | 'no_participant' | 'conflict';
  registrations: number;
}

/** The company's receive capabilities changed: publish them again (and emit the event again). */
export const capabilitiesChangedSignal = defineSignal('capabilitiesChanged');
/** The company was deleted: withdraw it from the SMP and finish. */
export const deregisterSignal = defineSignal('deregister');

const upstream = proxyActivities<Pick<CompanyActivities, 'registerCompanyWithSmp' | 'deregisterCompanyFromSmp'>>(
  ACTIVITY_PRESETS.upstream,
);
const database = proxyActivities<Pick<CompanyActivities, 'recordSmpRegistration'>>(ACTIVITY_PRESETS.database);

/** Publications start the listing check (`company-listing:<id>`); histories from before it replay without. */
export const LISTING_CHECK_PATCH = 'company-listing-check';

/**
 * Starts `company-listing:<id>` for this publication, or tells the one still running (it outlives
 * this run: ParentClosePolicy ABANDON) to check the new generation from the start.
 */
async function checkListing(input: CompanyRegistrationInput, generation: number): Promise<void> {
  const workflowId = workflowIds.companyListing(input.companyId);
  try {
    await startChild(companyListingWorkflow, {
      workflowId,
      args: [{ companyId: input.companyId, livemode: input.livemode, generation, recordRegistration: input.livemode }],
      parentClosePolicy: ParentClosePolicy.ABANDON,
      typedSearchAttributes: searchAttributesFor({
        organizationId: input.organizationId,
        livemode: input.livemode,
        companyId: input.companyId,
      }),
    });
  } catch (err) {
    if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
    try {
      await getExternalWorkflowHandle(workflowId).signal(republishedSignal, { generation });
    } catch {
      // It finished in between: this publication gets a run of its own.
      await checkListing(input, generation);
    }
  }
}

/**
 * `company:<comp_id>`: keeps the company's SMP registration in line with its capabilities for as
 * long as it is active. Upstream failures are retried by the activity's backoff; every wait goes
 * through the company clock so sandbox registrations follow the virtual time.
 */
export async function companyRegistrationWorkflow(input: CompanyRegistrationInput): Promise<CompanyRegistrationResult> {
  const clock = useClock({ livemode: input.livemode, offsetMs: input.clockOffsetMs ?? 0 });
  let dirty = (input.intent ?? 'register') === 'register';
  let deregister = input.intent === 'deregister';
  let registrations = 0;
  let missing = 0;
  setHandler(capabilitiesChangedSignal, () => {
    dirty = true;
  });
  setHandler(deregisterSignal, () => {
    deregister = true;
  });

  for (;;) {
    await condition(() => dirty || deregister);
    if (deregister) {
      await upstream.deregisterCompanyFromSmp({ companyId: input.companyId });
      return { state: 'deregistered', registrations };
    }
    // Cleared before the call: a change signalled while registering is published by the next round.
    dirty = false;
    const result = await upstream.registerCompanyWithSmp({ companyId: input.companyId });
    if (result.outcome === 'missing') {
      // The request that started this run may not have committed its row yet.
      if (++missing >= MISSING_ROW_ATTEMPTS) return { state: 'missing', registrations };
      dirty = true;
      await clock.sleep(1000);
      continue;
    }
    if (result.outcome === 'no_participant') return { state: 'no_participant', registrations };
    if (result.outcome === 'conflict') return { state: 'conflict', registrations };
    if (result.outcome === 'inactive') {
      deregister = true;
      continue;
    }
    if (!input.livemode) {
      // The sandbox SMP "goes live" after a delay; a newer change or a delete supersedes this round.
      const superseded = await clock.condition(() => dirty || deregister, input.sandboxDelayMs ?? SANDBOX_SMP_DELAY_MS);
      if (superseded) continue;
    }
    if (input.livemode && patched(LISTING_CHECK_PATCH)) {
      // Live: smpRegistered and `company.smp_registered` wait for the participant to resolve.
      await checkListing(input, result.generation);
    } else {
      await database.recordSmpRegistration({ companyId: input.companyId, generation: result.generation });
      if (!input.livemode && patched(LISTING_CHECK_PATCH)) await checkListing(input, result.generation);
    }
    registrations += 1;
    if (workflowInfo().continueAsNewSuggested && !dirty && !deregister) {
      await continueAsNew<typeof companyRegistrationWorkflow>({
        ...input,
        intent: 'wait',
        clockOffsetMs: clock.now() - Date.now(),
      });
    }
  }
}
