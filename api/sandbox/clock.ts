import type { Client } from '@temporalio/client';
import { forEachConcurrently } from '../../core/concurrency.ts';
import { log } from '../../core/log.ts';
import type { Db } from '../../db/database.ts';
import { findCompanyByRef } from '../../db/companies.ts';
import { companyClockWorkflowIds, resetCompanyClock, shiftCompanyClock } from '../../db/sandbox.ts';
import { clockChangedSignal } from '../../core/workflow-messages.ts';
import { organizationWide, type Scope } from '../../core/scope.ts';
import { companyForbidden, companyRef, GIVE_COMPANY_ID, impliedCompanyId } from '../scope.ts';
import { ApiError } from '../errors.ts';

const HOUR_MS = 3_600_000;
/** Dates are written with four-digit years everywhere (ISO 8601, UBL): a virtual clock stops before 10000. */
const LATEST_VIRTUAL_TIME = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
const SIGNALS_IN_FLIGHT = 16;

/**
 * How far `by` (`<n>min|h|d|w|m|mo|y`) moves a clock that reads `from`; `m` and `mo` are calendar
 * months (`m` as first documented), `min` minutes, years calendar ones.
 */
export function advanceDelta(by: string, from: number): number {
  const match = /^(\d+)(min|mo|[hdwmy])$/.exec(by);
  if (!match)
    throw new ApiError(
      'INVALID_REQUEST',
      'by must be a count and a unit: min (minutes), h, d, w, m or mo (calendar months) or y (e.g. "12h", "10min").',
      { details: [{ field: 'by', rule: 'pattern', message: 'must look like 10min, 12h, 3d, 2w, 1mo or 1y' }] },
    );
  const count = Number(match[1]);
  const delta = deltaOf(count, match[2], from);
  if (!Number.isFinite(delta) || from + delta > LATEST_VIRTUAL_TIME)
    throw new ApiError('INVALID_REQUEST', `Advancing by ${by} would move the clock past the year 9999.`, {
      details: [{ field: 'by', rule: 'maximum', message: 'would move the clock past 9999-12-31T23:59:59.999Z' }],
    });
  return delta;
}

function deltaOf(count: number, unit: string, from: number): number {
  switch (unit) {
    case 'min':
      return count * 60_000;
    case 'h':
      return count * HOUR_MS;
    case 'd':
      return count * 24 * HOUR_MS;
    case 'w':
      return count * 7 * 24 * HOUR_MS;
    default: {
      const target = new Date(from);
      if (unit === 'm' || unit === 'mo') target.setUTCMonth(target.getUTCMonth() + count);
      else target.setUTCFullYear(target.getUTCFullYear() + count);
      return target.getTime() - from;
    }
  }
}

async function sandboxCompany(db: Db, scope: Scope, named: string | undefined) {
  const ref = named ?? (await impliedCompanyId(db, scope, 'companyId', GIVE_COMPANY_ID));
  // Over the organization, so a company the caller may not act for is 403, not 404.
  const company = await findCompanyByRef(db, organizationWide(scope, false), companyRef(ref));
  if (!company) throw new ApiError('COMPANY_NOT_FOUND', `No sandbox company ${ref} in this organization.`);
  if (scope.companyId && scope.companyId !== company.id) throw companyForbidden(scope, company.id);
  return company;
}

/**
 * Tells every running workflow of the company its clock's new offset: those visibility lists, and
 * those the database knows of, which a run started a moment ago (not listed yet) is among.
 */
async function signalCompanyWorkflows(db: Db, temporal: Client, companyId: string, offsetMs: number): Promise<number> {
  const known = await companyClockWorkflowIds(db, companyId);
  const query = `CompanyId = '${companyId}' AND Livemode = false AND ExecutionStatus = 'Running'`;
  async function* runs() {
    for await (const run of temporal.workflow.list({ query }))
      yield { workflowId: run.workflowId, runId: run.runId as string | undefined };
    for (const workflowId of known) yield { workflowId, runId: undefined };
  }
  let signaled = 0;
  const seen = new Set<string>();
  // A company with many waiting runs is signalled a batch at a time, not one round trip after another.
  await forEachConcurrently(runs(), SIGNALS_IN_FLIGHT, async ({ workflowId, runId }) => {
    if (seen.has(workflowId)) return;
    seen.add(workflowId);
    try {
      await temporal.workflow.getHandle(workflowId, runId).signal(clockChangedSignal, { offsetMs });
      signaled += 1;
    } catch (err) {
      // A run that completed (or never started) has nothing left to wake.
      log.debug('clock signal not delivered', { workflowId, error: String(err) });
    }
  });
  return signaled;
}

export async function advanceClock(db: Db, temporal: Client, scope: Scope, input: { companyId?: string; by: string }) {
  const company = await sandboxCompany(db, scope, input.companyId);
  const delta = advanceDelta(input.by, Date.now() + Number(company.clock_offset_ms));
  const offsetMs = await shiftCompanyClock(db, scope, company.id, delta);
  if (offsetMs === undefined)
    throw new ApiError('COMPANY_NOT_FOUND', `No sandbox company ${company.id} in this organization.`);
  const signaledWorkflows = await signalCompanyWorkflows(db, temporal, company.id, offsetMs);
  return {
    companyId: company.id,
    virtualNow: new Date(Date.now() + offsetMs).toISOString(),
    offsetMs,
    signaledWorkflows,
  };
}

export async function resetClock(db: Db, temporal: Client, scope: Scope, input: { companyId?: string }) {
  const company = await sandboxCompany(db, scope, input.companyId);
  await resetCompanyClock(db, scope, company.id);
  const signaledWorkflows = await signalCompanyWorkflows(db, temporal, company.id, 0);
  return { companyId: company.id, virtualNow: new Date().toISOString(), offsetMs: 0, signaledWorkflows };
}
