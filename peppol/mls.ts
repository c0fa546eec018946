import { all, first, parseXml, val } from './xml/dom.ts';
import { escapeXml } from './xml/writer.ts';

/**
 * Peppol Message Level Status (MLS 1.0, Network Policy): a UBL ApplicationResponse the receiving
 * access point (C3) sends back to the sending one (C2) about one transmission, named by its SBDH
 * InstanceIdentifier. AP: accepted and delivered to C4; AB: accepted, delivery not confirmed;
 * RE: rejected, with reasons.
 */
export const MLS_CUSTOMIZATION_ID = 'urn:peppol:edec:mls:1.0';
export const MLS_PROFILE_ID = 'urn:peppol:edec:mls';

export const MLS_CODES = ['AP', 'AB', 'RE'] as const;
export type MlsCode = (typeof MLS_CODES)[number];

export interface MessageLevelStatus {
  code: MlsCode;
  /** RE: the overall description and the line reasons, as one text. */
  reason?: string;
}

export interface ReadMessageLevelStatus extends MessageLevelStatus {
  /** The SBDH InstanceIdentifier of the transmission it answers. */
  instanceId: string;
  /** The MLS's own id. */
  id: string;
}

/** Whether a business payload is an MLS (read from its CustomizationID, as the profile names it). */
export function isMessageLevelStatus(xml: string): boolean {
  const parsed = parseXml(xml);
  return (
    parsed.ok &&
    parsed.root.localName === 'ApplicationResponse' &&
    val(parsed.root, 'cbc:CustomizationID') === MLS_CUSTOMIZATION_ID
  );
}

/** The status an MLS carries, or the reason it cannot be read as one. */
export function readMessageLevelStatus(
  xml: string,
): { ok: true; mls: ReadMessageLevelStatus } | { ok: false; message: string } {
  const parsed = parseXml(xml);
  if (!parsed.ok) return { ok: false, message: parsed.errors.map((e) => e.message).join('; ') };
  const root = parsed.root;
  if (root.localName !== 'ApplicationResponse' || val(root, 'cbc:CustomizationID') !== MLS_CUSTOMIZATION_ID)
    return { ok: false, message: `not a Message Level Status (CustomizationID ${MLS_CUSTOMIZATION_ID})` };
  const response = first(root, 'cac:DocumentResponse');
  const code = val(response, 'cac:Response/cbc:ResponseCode');
  if (!code || !(MLS_CODES as readonly string[]).includes(code))
    return { ok: false, message: `ResponseCode ${code ?? '(missing)'} is none of ${MLS_CODES.join(', ')}` };
  const instanceId = val(response, 'cac:DocumentReference/cbc:ID');
  if (!instanceId) return { ok: false, message: 'DocumentReference/ID (the answered InstanceIdentifier) is missing' };
  const reasons = [
    val(response, 'cac:Response/cbc:Description'),
    ...all(response, 'cac:LineResponse').map((line) => {
      const status = val(line, 'cac:Response/cac:Status/cbc:StatusReasonCode');
      const text = val(line, 'cac:Response/cbc:Description');
      return text ? (status ? `${status}: ${text}` : text) : undefined;
    }),
  ].filter((r): r is string => !!r && r.trim().length > 0);
  return {
    ok: true,
    mls: {
      code: code as MlsCode,
      instanceId: instanceId.trim(),
      id: val(root, 'cbc:ID') ?? '',
      ...(reasons.length ? { reason: reasons.map((r) => r.trim().replace(/\s+/g, ' ')).join('; ') } : {}),
    },
  };
}

/** What the receiving access point states in an MLS it sends. */
export interface MessageLevelStatusToSend extends MessageLevelStatus {
  /** The MLS's own id. */
  id: string;
  /** The SBDH InstanceIdentifier of the transmission it answers. */
  instanceId: string;
  /** When it is issued. */
  issuedAt: Date;
  /** The Peppol seat ids (SPID, scheme 0242) of the access point sending it and of the one it answers. */
  senderSeat: string;
  receiverSeat: string;
  /** RE: the line reason's status code (SV syntax, BV business rule, FD failure of delivery). */
  statusReasonCode?: 'SV' | 'BV' | 'BW' | 'FD';
}

/**
 * An MLS as the receiving access point sends it (the counterpart of {@link readMessageLevelStatus}):
 * RE carries its reason as the overall description, and one line response (`NA`: no line) with its status code.
 */
export function renderMessageLevelStatus(mls: MessageLevelStatusToSend): string {
  const at = mls.issuedAt.toISOString();
  const reason = mls.reason ? escapeXml(mls.reason) : undefined;
  const lines =
    mls.code === 'RE'
      ? '<cac:LineResponse><cac:LineReference><cbc:LineID>NA</cbc:LineID></cac:LineReference><cac:Response>' +
        `<cac:Status><cbc:StatusReasonCode>${mls.statusReasonCode ?? 'FD'}</cbc:StatusReasonCode></cac:Status>` +
        '</cac:Response></cac:LineResponse>'
      : '';
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<ApplicationResponse xmlns="urn:oasis:names:specification:ubl:schema:xsd:ApplicationResponse-2"' +
    ' xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"' +
    ' xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">' +
    `<cbc:CustomizationID>${MLS_CUSTOMIZATION_ID}</cbc:CustomizationID><cbc:ProfileID>${MLS_PROFILE_ID}</cbc:ProfileID>` +
    `<cbc:ID>${escapeXml(mls.id)}</cbc:ID><cbc:IssueDate>${at.slice(0, 10)}</cbc:IssueDate>` +
    `<cbc:IssueTime>${at.slice(11, 19)}Z</cbc:IssueTime>` +
    `<cac:SenderParty><cbc:EndpointID schemeID="0242">${escapeXml(mls.senderSeat)}</cbc:EndpointID></cac:SenderParty>` +
    `<cac:ReceiverParty><cbc:EndpointID schemeID="0242">${escapeXml(mls.receiverSeat)}</cbc:EndpointID></cac:ReceiverParty>` +
    '<cac:DocumentResponse><cac:Response>' +
    `<cbc:ResponseCode>${mls.code}</cbc:ResponseCode>` +
    (reason ? `<cbc:Description>${reason}</cbc:Description>` : '') +
    `</cac:Response><cac:DocumentReference><cbc:ID>${escapeXml(mls.instanceId)}</cbc:ID></cac:DocumentReference>` +
    `${lines}</cac:DocumentResponse></ApplicationResponse>`
  );
}
