import { createHash } from 'node:crypto';
import { DEFAULT_PROCESSING_RULE, type FlowRow } from '../db/flows.ts';

/** The syntax a document sent through /v1 had: CII when it came as CII, else the UBL it is held as. */
function derivedSyntax(sourceFormat: string): string {
  return sourceFormat === 'cii-xml' ? 'CII' : 'UBL';
}

/** The AFNOR `Flow` of a document: what its flow said when it came as one, else values derived from it. */
export function toFlow(row: FlowRow) {
  const sha256 = row.flow_sha256 ?? (row.xml ? createHash('sha256').update(row.xml).digest('hex') : undefined);
  const errored = row.ack_status === 'Error' && (row.error_code || row.error_message);
  return {
    flowId: row.id,
    name: row.flow_name ?? row.number ?? row.id,
    flowSyntax: row.flow_syntax ?? derivedSyntax(row.source_format),
    ...(row.flow_profile ? { flowProfile: row.flow_profile } : {}),
    processingRule: row.flow_processing_rule ?? DEFAULT_PROCESSING_RULE,
    processingRuleSource: row.flow_processing_rule ? 'Input' : 'Computed',
    ...(row.tracking_id ? { trackingId: row.tracking_id } : {}),
    ...(sha256 ? { sha256 } : {}),
    submittedAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    flowType: row.flow_type,
    flowDirection: row.direction === 'outgoing' ? 'Out' : 'In',
    acknowledgement: {
      status: row.ack_status,
      ...(errored
        ? {
            details: [
              {
                level: 'Error',
                item: row.number ?? row.id,
                reasonCode: row.error_code ?? 'DeliveryFailed',
                reasonMessage: row.error_message ?? '',
              },
            ],
          }
        : {}),
    },
  };
}

/** The 202 answer of a submission (part 2.10): the flow information as received, with its id and time. */
export function toFlowSubmission(row: FlowRow) {
  const flow = toFlow(row);
  return {
    flowId: flow.flowId,
    submittedAt: flow.submittedAt,
    name: flow.name,
    flowSyntax: flow.flowSyntax,
    ...(flow.trackingId ? { trackingId: flow.trackingId } : {}),
    ...(row.flow_processing_rule ? { processingRule: row.flow_processing_rule } : {}),
    ...(flow.flowProfile ? { flowProfile: flow.flowProfile } : {}),
    sha256: flow.sha256 ?? '',
  };
}
