import { proxyActivities, sleep } from '@temporalio/workflow';
import type { CompanyActivities } from '../../activities/companies.ts';
import { ACTIVITY_PRESETS } from '../activity-options.ts';

/** The checks of one publication: first after a minute, doubling to at most an hour, about a day in all. */
export const LISTING_CHECKS = 30;
const FIRST_WAIT_MS = 60_000;
const LONGEST_WAIT_MS = 3_600_000;

export interface CompanyListingInput {
  companyId: string;
}

export interface CompanyListingResult {
  listed: boolean;
  checks: number;
  problem: string | null;
}

const upstream = proxyActivities<Pick<CompanyActivities, 'checkCompanyNetwork'>>(ACTIVITY_PRESETS.upstream);

/**
 * `company-listing:<comp_id>`: after a live SMP publication, checks with backoff and a bound that
 * the SML resolves the participant to our SMP, that the SMP answers with our endpoint and
 * certificate, and that the Peppol Directory lists the business card. Each check records its
 * result on the company (`network`); the last problem stays there when the bound is reached.
 */
export async function companyListingWorkflow(input: CompanyListingInput): Promise<CompanyListingResult> {
  let wait = FIRST_WAIT_MS;
  let problem: string | null = null;
  for (let check = 1; check <= LISTING_CHECKS; check++) {
    await sleep(wait);
    const result = await upstream.checkCompanyNetwork({ companyId: input.companyId });
    if (result.listed) return { listed: true, checks: check, problem: null };
    // No problem and not listed: the company left live publication (deleted, no participant).
    if (result.problem === null) return { listed: false, checks: check, problem: null };
    problem = result.problem;
    wait = Math.min(wait * 2, LONGEST_WAIT_MS);
  }
  return { listed: false, checks: LISTING_CHECKS, problem };
}
