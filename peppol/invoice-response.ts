import { UBL_NS } from './document-types.ts';
import { attr, all, first, kids, parseXml, val } from './xml/dom.ts';
import { escapeXml } from './xml/writer.ts';
import type { ValidationIssue } from './types.ts';

/**
 * Peppol BIS Invoice Response 3: a UBL ApplicationResponse the buyer sends back to the seller to
 * report where an invoice stands. The response codes (UNCL4343 subset) map to lifecycle statuses.
 */
export const INVOICE_RESPONSE_CUSTOMIZATION_ID = 'urn:fdc:peppol.eu:poacc:trns:invoice_response:3';
export const INVOICE_RESPONSE_PROFILE_ID = 'urn:fdc:peppol.eu:poacc:bis:invoice_response:3';

export const INVOICE_RESPONSE_CODES = ['AB', 'IP', 'UQ', 'CA', 'RE', 'AP', 'PD'] as const;
export type InvoiceResponseCode = (typeof INVOICE_RESPONSE_CODES)[number];

/**
 * The code a lifecycle status is reported with. `partially_paid` has none (PD means paid in full),
 * `issued` is acknowledged with AB when the invoice is received.
 */
const CODE_OF_STATUS: Record<string, InvoiceResponseCode | undefined> = {
  issued: 'AB',
  under_review: 'IP',
  disputed: 'UQ',
  rejected: 'RE',
  approved: 'AP',
  paid: 'PD',
};

/** The lifecycle status a received code moves an outgoing invoice to; AB moves nothing. */
const STATUS_OF_CODE: Record<InvoiceResponseCode, string | null> = {
  AB: null,
  IP: 'under_review',
  UQ: 'disputed',
  CA: 'approved',
  RE: 'rejected',
  AP: 'approved',
  PD: 'paid',
};

export function responseCodeFor(status: string): InvoiceResponseCode | undefined {
  return CODE_OF_STATUS[status];
}

export function lifecycleStatusFor(code: InvoiceResponseCode): string | null {
  return STATUS_OF_CODE[code];
}

/**
 * Our rejection reason codes on the wire: clarification reasons (OPStatusReason) and the one
 * action code (OPStatusAction NOA, "no action"/not our order); and back.
 */
const WIRE_REASON: Record<string, { list: 'OPStatusReason' | 'OPStatusAction'; code: string }> = {
  RE: { list: 'OPStatusReason', code: 'OTH' },
  NOA: { list: 'OPStatusAction', code: 'NOA' },
  QUA: { list: 'OPStatusReason', code: 'QUA' },
  PRI: { list: 'OPStatusReason', code: 'PRI' },
  REF: { list: 'OPStatusReason', code: 'REF' },
  TAX: { list: 'OPStatusReason', code: 'LEG' },
  DUP: { list: 'OPStatusReason', code: 'OTH' },
  OTH: { list: 'OPStatusReason', code: 'OTH' },
};
const REASON_OF_WIRE: Record<string, string> = {
  NON: 'RE',
  NOA: 'NOA',
  QUA: 'QUA',
  PRI: 'PRI',
  REF: 'REF',
  LEG: 'TAX',
  OTH: 'OTH',
};

export interface ResponseParty {
  /** Participant id `<scheme>:<value>`. */
  peppolId: string;
  name: string;
}

export interface InvoiceResponse {
  id: string;
  issueDate: string;
  note?: string | undefined;
  /** The buyer answering. */
  sender: ResponseParty;
  /** The seller who issued the invoice. */
  receiver: ResponseParty;
  responseCode: InvoiceResponseCode;
  effectiveDate?: string | undefined;
  /** Our reason code (RE NOA QUA PRI REF TAX DUP OTH) and its text. */
  reasonCode?: string | undefined;
  reason?: string | undefined;
  invoice: { id: string; issueDate?: string | undefined; typeCode: '380' | '381' | '383' };
}

function endpoint(party: ResponseParty): string {
  const at = party.peppolId.indexOf(':');
  return `<cbc:EndpointID schemeID="${escapeXml(party.peppolId.slice(0, at))}">${escapeXml(party.peppolId.slice(at + 1))}</cbc:EndpointID>`;
}

function party(tag: string, p: ResponseParty): string {
  return `  <cac:${tag}>
    ${endpoint(p)}
    <cac:PartyLegalEntity>
      <cbc:RegistrationName>${escapeXml(p.name)}</cbc:RegistrationName>
    </cac:PartyLegalEntity>
  </cac:${tag}>
`;
}

export function renderInvoiceResponse(r: InvoiceResponse): string {
  const wire = r.reasonCode ? WIRE_REASON[r.reasonCode] : undefined;
  const status =
    wire || r.reason
      ? `
        <cac:Status>${
          wire
            ? `
          <cbc:StatusReasonCode listID="${wire.list}">${wire.code}</cbc:StatusReasonCode>`
            : ''
        }${
          r.reason
            ? `
          <cbc:StatusReason>${escapeXml(r.reason)}</cbc:StatusReason>`
            : ''
        }
        </cac:Status>`
      : '';
  return `<?xml version="1.0" encoding="UTF-8"?>
<ApplicationResponse xmlns="${UBL_NS.ApplicationResponse}" xmlns:cac="${UBL_NS.cac}" xmlns:cbc="${UBL_NS.cbc}">
  <cbc:CustomizationID>${INVOICE_RESPONSE_CUSTOMIZATION_ID}</cbc:CustomizationID>
  <cbc:ProfileID>${INVOICE_RESPONSE_PROFILE_ID}</cbc:ProfileID>
  <cbc:ID>${escapeXml(r.id)}</cbc:ID>
  <cbc:IssueDate>${escapeXml(r.issueDate)}</cbc:IssueDate>${
    r.note
      ? `
  <cbc:Note>${escapeXml(r.note)}</cbc:Note>`
      : ''
  }
${party('SenderParty', r.sender)}${party('ReceiverParty', r.receiver)}  <cac:DocumentResponse>
    <cac:Response>
      <cbc:ResponseCode>${r.responseCode}</cbc:ResponseCode>${
        r.effectiveDate
          ? `
      <cbc:EffectiveDate>${escapeXml(r.effectiveDate)}</cbc:EffectiveDate>`
          : ''
      }${status}
    </cac:Response>
    <cac:DocumentReference>
      <cbc:ID>${escapeXml(r.invoice.id)}</cbc:ID>${
        r.invoice.issueDate
          ? `
      <cbc:IssueDate>${escapeXml(r.invoice.issueDate)}</cbc:IssueDate>`
          : ''
      }
      <cbc:DocumentTypeCode>${r.invoice.typeCode}</cbc:DocumentTypeCode>
    </cac:DocumentReference>
  </cac:DocumentResponse>
</ApplicationResponse>
`;
}

export type ParsedInvoiceResponse = { ok: true; response: InvoiceResponse } | { ok: false; errors: ValidationIssue[] };

/** True when the XML is a BIS Invoice Response (for routing a received ApplicationResponse). */
export function isInvoiceResponse(xml: string): boolean {
  const parsed = parseXml(xml);
  return (
    parsed.ok &&
    parsed.root.localName === 'ApplicationResponse' &&
    val(parsed.root, 'cbc:CustomizationID') === INVOICE_RESPONSE_CUSTOMIZATION_ID
  );
}

export function parseInvoiceResponse(xml: string): ParsedInvoiceResponse {
  const parsed = parseXml(xml);
  if (!parsed.ok) return parsed;
  const root = parsed.root;
  const errors: ValidationIssue[] = [];
  const need = (value: string | undefined, path: string) => {
    if (!value)
      errors.push({ rule: 'INVOICE_RESPONSE', message: `${path} is required`, path: `/ApplicationResponse/${path}` });
    return value ?? '';
  };
  if (root.localName !== 'ApplicationResponse' || root.namespaceURI !== UBL_NS.ApplicationResponse) {
    return {
      ok: false,
      errors: [{ rule: 'INVOICE_RESPONSE', message: `not a UBL ApplicationResponse: ${root.localName}`, path: '/' }],
    };
  }
  if (val(root, 'cbc:CustomizationID') !== INVOICE_RESPONSE_CUSTOMIZATION_ID)
    errors.push({
      rule: 'INVOICE_RESPONSE',
      message: `CustomizationID is not ${INVOICE_RESPONSE_CUSTOMIZATION_ID}`,
      path: '/ApplicationResponse/cbc:CustomizationID',
    });
  const partyOf = (tag: string): ResponseParty => {
    const el = first(root, `cac:${tag}`);
    const ep = first(el, 'cbc:EndpointID');
    const scheme = attr(ep, 'schemeID');
    const id = need(val(el, 'cbc:EndpointID'), `cac:${tag}/cbc:EndpointID`);
    return {
      peppolId: scheme ? `${scheme}:${id}` : id,
      name: val(el, 'cac:PartyLegalEntity/cbc:RegistrationName') ?? '',
    };
  };
  const response = first(root, 'cac:DocumentResponse/cac:Response');
  const code = need(val(response, 'cbc:ResponseCode'), 'cac:DocumentResponse/cac:Response/cbc:ResponseCode');
  if (code && !(INVOICE_RESPONSE_CODES as readonly string[]).includes(code))
    errors.push({
      rule: 'INVOICE_RESPONSE',
      message: `unknown response code ${code}`,
      path: '/ApplicationResponse/cac:DocumentResponse/cac:Response/cbc:ResponseCode',
    });
  const statuses = kids(response, 'cac:Status');
  const reasonEl = statuses.map((s) => first(s, 'cbc:StatusReasonCode')).find((e) => e !== undefined);
  const wireReason = reasonEl ? (reasonEl.textContent ?? '').trim() : undefined;
  const reasonText = statuses.map((s) => val(s, 'cbc:StatusReason')).find((t) => t !== undefined);
  const reference = first(root, 'cac:DocumentResponse/cac:DocumentReference');
  const result: InvoiceResponse = {
    id: need(val(root, 'cbc:ID'), 'cbc:ID'),
    issueDate: need(val(root, 'cbc:IssueDate'), 'cbc:IssueDate'),
    note:
      all(root, 'cbc:Note')
        .map((n) => n.textContent ?? '')
        .join('\n') || undefined,
    sender: partyOf('SenderParty'),
    receiver: partyOf('ReceiverParty'),
    responseCode: code as InvoiceResponseCode,
    effectiveDate: val(response, 'cbc:EffectiveDate'),
    reasonCode: wireReason ? (REASON_OF_WIRE[wireReason] ?? 'OTH') : undefined,
    reason: reasonText,
    invoice: {
      id: need(val(reference, 'cbc:ID'), 'cac:DocumentResponse/cac:DocumentReference/cbc:ID'),
      issueDate: val(reference, 'cbc:IssueDate'),
      typeCode: (val(reference, 'cbc:DocumentTypeCode') ?? '380') as '380',
    },
  };
  return errors.length ? { ok: false, errors } : { ok: true, response: result };
}
