import { cdarStatusFor, sirenOf, type CdarStatus } from '../../../core/cdar.ts';
import { renderCdar, type CdarParty } from '../../../peppol/cdar.ts';
import type { ComplianceAnswer, CompliancePlatform, ComplianceParty, ComplianceSubmission } from '../types.ts';
import { FlowRefused, type Flow, type FlowInfo, type FlowServiceClient } from './flow-client.ts';

export interface PartnerPaOptions {
  /** The PA's name, as `compliance.reported` and the report records name it. */
  name: string;
  flows: FlowServiceClient;
}

/** The PPF as the AFNOR APIs name it (UNTDID 3035 `DFH`), in `reportedTo`. */
export const PPF = 'PPF';

/** A party by SIREN when French (scheme 0002), else by its Peppol id. */
function partyOf(party: ComplianceParty | null | undefined, role: 'SE' | 'BY'): CdarParty | undefined {
  const siren = sirenOf(party ?? null);
  if (siren) return { scheme: '0002', id: siren, name: party?.name ?? undefined, role };
  const [scheme, id] = (party?.peppolId ?? '').split(':');
  return scheme && id ? { scheme, id, name: party?.name ?? undefined, role } : undefined;
}

/** B2B between two French parties, B2BInt when one of them is abroad (the standard's processing rules). */
function processingRuleOf(s: ComplianceSubmission): 'B2B' | 'B2BInt' {
  return sirenOf(s.seller ?? null) && sirenOf(s.buyer ?? null) ? 'B2B' : 'B2BInt';
}

/** The reform's status our company's move emits: the supplier's or the buyer's side of the document. */
export function cdarOfSubmission(s: ComplianceSubmission): CdarStatus | undefined {
  return cdarStatusFor(s.lifecycleStatus, s.direction ?? 'outgoing');
}

/** The CDAR lifecycle message of one report: its id is the report's, so a repeat is the same message. */
export function renderReportCdar(s: ComplianceSubmission, status: CdarStatus): string {
  const seller = partyOf(s.seller, 'SE');
  const buyer = partyOf(s.buyer, 'BY');
  const paid = status.code === '211' || status.code === '212';
  const amount = paid ? (s.paymentAmount ?? (status.code === '212' ? s.grossAmount : null)) : null;
  return renderCdar({
    id: `CDV-${s.reportId}`,
    issuedAt: new Date().toISOString(),
    statusCode: status.code,
    statusLabel: status.labelFr,
    invoice: {
      id: s.documentNumber,
      issueDate: s.issueDate ?? undefined,
      typeCode: s.documentType === 'credit-note' ? '381' : s.documentType === 'debit-note' ? '383' : '380',
    },
    sender: s.direction === 'incoming' ? buyer : seller,
    seller,
    amount: amount && s.currency ? { value: amount, currency: s.currency } : undefined,
  });
}

/**
 * France through a partner PA's XP Z12-013 Flow Service: each report is the CDAR lifecycle message
 * of the move, filed as a flow whose `trackingId` is the report id; the PA's acknowledgement of the
 * flow decides it. `Ok` on a status the tax administration receives (200, 210, 212, 213, the
 * mandatory ones of lifecycle-statuses.json) means the PA took it for the PPF: `reportedTo` is then
 * `PPF`; any other status goes to the counterparty only and `reportedTo` names the PA.
 * A submission repeated after a crash finds the PA's `AlreadyExistingFlow` and picks up that flow.
 */
export function createPartnerPaPlatform(options: PartnerPaOptions): CompliancePlatform {
  const { name, flows } = options;

  const answerOf = (flow: Flow, status: CdarStatus | undefined, ereporting = false): ComplianceAnswer => {
    const ack = flow.acknowledgement?.status ?? 'Pending';
    const detail =
      flow.acknowledgement?.details?.find((d) => d.level !== 'Warning') ?? flow.acknowledgement?.details?.[0];
    // E-reporting (FRR) is for the tax administration only; a CDAR status when it is mandatory.
    const toTaxAdministration = ereporting || (status?.mandatory ?? false);
    const decided = ack === 'Ok' ? 'accepted' : ack === 'Error' ? 'failed' : 'submitted';
    return {
      submissionId: flow.flowId,
      status: decided,
      errorCode: decided === 'failed' ? (detail?.reasonCode ?? 'Error') : undefined,
      errorMessage:
        decided === 'failed' ? (detail?.reasonMessage ?? 'the partner platform refused the flow') : undefined,
      platform: name,
      reportedTo: decided === 'accepted' && toTaxAdministration ? PPF : name,
      platformResponse: {
        platform: name,
        flowId: flow.flowId,
        ...(flow.flowType ? { flowType: flow.flowType } : {}),
        ...(flow.submittedAt ? { submittedAt: flow.submittedAt } : {}),
        ...(status ? { cdarStatus: status.code } : {}),
        ...(ereporting ? { flowSyntax: 'FRR' } : {}),
        toTaxAdministration,
        acknowledgement: flow.acknowledgement ?? { status: 'Pending' },
      },
    };
  };

  const refused = (err: FlowRefused, s: ComplianceSubmission): ComplianceAnswer => ({
    submissionId: `refused-${s.reportId}`,
    status: 'failed',
    errorCode: String(err.body.errorCode ?? `HTTP_${err.status}`),
    errorMessage: String(err.body.errorMessage ?? err.message),
    platform: name,
    reportedTo: name,
    platformResponse: { platform: name, httpStatus: err.status, error: err.body },
  });

  /** A flow filed under the report's id; a repeat after a crash picks up the PA's flow of that id. */
  const file = async (
    s: ComplianceSubmission,
    info: FlowInfo,
    content: { bytes: Buffer; filename: string; contentType: string },
    status: CdarStatus | undefined,
  ): Promise<ComplianceAnswer> => {
    const ereporting = info.flowSyntax === 'FRR';
    try {
      const flow = await flows.submit(info, content);
      // The 202 carries no acknowledgement yet: it is read at the first check.
      return answerOf({ ...flow, acknowledgement: flow.acknowledgement ?? { status: 'Pending' } }, status, ereporting);
    } catch (err) {
      if (!(err instanceof FlowRefused)) throw err;
      if (!err.alreadyExists) return refused(err, s);
      const [earlier] = await flows.search({ trackingId: s.reportId }, 1);
      if (!earlier) return refused(err, s);
      return answerOf(earlier, status, ereporting);
    }
  };

  return {
    name: 'PPF',
    async submit(s) {
      if (s.flowFile?.flowSyntax === 'FRR') {
        const name = s.flowFile.name ?? `${s.documentNumber}.xml`;
        return file(
          s,
          {
            name,
            flowSyntax: 'FRR',
            trackingId: s.reportId,
            ...(s.flowFile.processingRule ? { processingRule: s.flowFile.processingRule } : {}),
          },
          { bytes: s.flowFile.content, filename: name, contentType: s.flowFile.contentType },
          undefined,
        );
      }
      const status = cdarOfSubmission(s);
      if (!status)
        return {
          submissionId: `none-${s.reportId}`,
          status: 'failed',
          errorCode: 'NO_CDAR_STATUS',
          errorMessage: `the reform has no status for a ${s.direction ?? 'outgoing'} document moving to ${s.lifecycleStatus}`,
          platform: name,
          reportedTo: name,
          platformResponse: { platform: name },
        };
      const xml = renderReportCdar(s, status);
      return file(
        s,
        {
          name: `CDV-${s.reportId}.xml`,
          flowSyntax: 'CDAR',
          processingRule: processingRuleOf(s),
          trackingId: s.reportId,
        },
        { bytes: Buffer.from(xml), filename: `CDV-${s.reportId}.xml`, contentType: 'application/xml' },
        status,
      );
    },
    async status(flowId, s) {
      const flow = await flows.get(flowId);
      if (!flow)
        return {
          submissionId: flowId,
          status: 'failed',
          errorCode: 'FLOW_NOT_FOUND',
          errorMessage: `the partner platform has no flow ${flowId}`,
          platform: name,
          reportedTo: name,
          platformResponse: { platform: name, flowId },
        };
      return answerOf(flow, cdarOfSubmission(s), s.flowFile?.flowSyntax === 'FRR');
    },
  };
}
