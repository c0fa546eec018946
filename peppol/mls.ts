import { all, first, parseXml, val } from './xml/dom.ts';

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
