import { condition, defineSignal, proxyActivities, setHandler } from '@temporalio/workflow';
import type { CompanyActivities } from '../../activities/companies.ts';
import { ACTIVITY_PRESETS } from '../activity-options.ts';

/** The checks of one publication: at once, then after a minute, doubling to at most an hour; about a day in all. */
export const LISTING_CHECKS = 30;
export const FIRST_WAIT_MS = 60_000;
export const LONGEST_WAIT_MS = 3_600_000;

export interface CompanyListingInput {
  companyId: string;
  livemode: boolean;
  /** The SMP registration generation this check confirms (`company.smp_registered` fires once per generation). */
  generation: number;
  /**
   * true: `smpRegistered` and `company.smp_registered` wait for the participant to resolve (live);
   * false: the registration workflow recorded them already (sandbox), the check only fills `network`.
   */
  recordRegistration: boolean;
}

export interface CompanyListingResult {
  /** `listed`: resolves to us and the Directory lists the card; `gone`: the company left publication. */
  state: 'listed' | 'unlisted' | 'gone';
  checks: number;
  problem: string | null;
}

/** The company was published again (capabilities changed): check the new generation from the start. */
export const republishedSignal = defineSignal<[{ generation: number }]>('republished');

const upstream = proxyActivities<Pick<CompanyActivities, 'checkCompanyNetwork'>>(ACTIVITY_PRESETS.upstream);

/**
 * `company-listing:<comp_id>`: after an SMP publication, checks with backoff and a bound that the SML
 * resolves the participant (U-NAPTR) to our SMP, that the SMP answers with our endpoint and
 * certificate, and that the Peppol Directory lists the business card. Each check records its result
 * on the company (`network`); the first check that resolves records the registration
 * (`company.smp_registered`); a problem that needs someone's action, and whatever is still wrong
 * at the bound, is a `company.network_problem` event. An SML, SMP or Directory that cannot be
 * asked is a problem of that check, asked again by the next one.
 */
export async function companyListingWorkflow(input: CompanyListingInput): Promise<CompanyListingResult> {
  let generation = input.generation;
  let restarted = false;
  setHandler(republishedSignal, ({ generation: next }) => {
    if (next > generation) generation = next;
    restarted = true;
  });
  let problem: string | null = null;
  let checks = 0;
  for (let check = 1; check <= LISTING_CHECKS; check++) {
    checks += 1;
    restarted = false;
    const result = await upstream.checkCompanyNetwork({
      companyId: input.companyId,
      generation,
      recordRegistration: input.recordRegistration,
      final: check === LISTING_CHECKS,
    });
    if (result.state === 'gone') return { state: 'gone', checks, problem: null };
    if (result.state === 'listed' && !restarted) return { state: 'listed', checks, problem: null };
    problem = result.problem;
    if (restarted) {
      check = 0;
      continue;
    }
    if (check === LISTING_CHECKS) break;
    const wait = Math.min(FIRST_WAIT_MS * 2 ** (check - 1), LONGEST_WAIT_MS);
    // A new publication cuts the wait short and starts the count again.
    if (await condition(() => restarted, wait)) check = 0;
  }
  return { state: 'unlisted', checks, problem };
}
