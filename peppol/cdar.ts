import { attr, first, parseXml, val, type El } from './xml/dom.ts';
import { escapeXml } from './xml/writer.ts';
import type { ValidationIssue } from './types.ts';

/**
 * The French reform's lifecycle message: a UN/CEFACT CrossDomainAcknowledgementAndResponse (D22B)
 * in the "CDV" profile. One message carries one status (`ProcessConditionCode`, 200–213) of one
 * invoice (`IssuerAssignedID`, its issue date and the seller), with an optional reason and amount.
 */
export const CDAR_NS = 'urn:un:unece:uncefact:data:standard:CrossDomainAcknowledgementAndResponse:100';
const RAM_NS = 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100';
const UDT_NS = 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100';
const QDT_NS = 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100';
/** The guideline of the invoice lifecycle profile (CDV) of the reform. */
export const CDAR_GUIDELINE_ID = 'urn.cpro.gouv.fr:1p0:CDV:invoice';

/** A party as the reform names it: an ICD scheme (0002 SIREN, 0009 SIRET, 0225 …) and an id. */
export interface CdarParty {
  scheme: string;
  id: string;
  name?: string | undefined;
  /** UNTDID 3035: SE seller, BY buyer, WK platform, DFH the PPF. */
  role?: string | undefined;
}

export interface CdarMessage {
  id: string;
  /** ISO timestamp of the status. */
  issuedAt: string;
  statusCode: string;
  invoice: { id: string; issueDate?: string | undefined; typeCode?: string | undefined };
  sender?: CdarParty | undefined;
  recipient?: CdarParty | undefined;
  /** The invoice's issuer (the seller). */
  seller?: CdarParty | undefined;
  reasonCode?: string | undefined;
  reason?: string | undefined;
  /** An amount the status carries (paid or cashed), decimal text. */
  amount?: { value: string; currency: string } | undefined;
}

export type ParsedCdar = { ok: true; message: CdarMessage } | { ok: false; errors: ValidationIssue[] };

/** `20260412093000` (format 204) or `20260412` (102) to ISO; anything else as given. */
function isoOf(stamp: string | undefined): string | undefined {
  if (!stamp) return undefined;
  const m = /^(\d{4})(\d{2})(\d{2})(?:(\d{2})(\d{2})(\d{2}))?$/.exec(stamp);
  if (!m) return stamp;
  return m[4] ? `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}Z` : `${m[1]}-${m[2]}-${m[3]}`;
}

function partyOf(el: El | undefined): CdarParty | undefined {
  const global = first(el, 'ram:GlobalID');
  const id = val(el, 'ram:GlobalID') ?? val(el, 'ram:ID');
  if (!id) return undefined;
  return {
    scheme: attr(global, 'schemeID') ?? '',
    id,
    name: val(el, 'ram:Name'),
    role: val(el, 'ram:RoleCode'),
  };
}

export function parseCdar(xml: string): ParsedCdar {
  const parsed = parseXml(xml);
  if (!parsed.ok) return parsed;
  const root = parsed.root;
  if (root.localName !== 'CrossDomainAcknowledgementAndResponse' || root.namespaceURI !== CDAR_NS)
    return {
      ok: false,
      errors: [
        { rule: 'InvalidSchema', message: `not a CrossDomainAcknowledgementAndResponse: ${root.localName}`, path: '/' },
      ],
    };
  const errors: ValidationIssue[] = [];
  const need = (value: string | undefined, path: string) => {
    if (!value) errors.push({ rule: 'InvalidSchema', message: `${path} is required`, path: `/rsm:${path}` });
    return value ?? '';
  };
  const exchanged = first(root, 'ExchangedDocument');
  const ack = first(root, 'AcknowledgementDocument');
  const reference = first(ack, 'ram:ReferenceReferencedDocument');
  const status = first(reference, 'ram:SpecifiedDocumentStatus');
  const characteristic = first(status, 'ram:SpecifiedDocumentCharacteristic');
  const amountEl = first(characteristic, 'ram:ValueAmount');
  const statusCode = need(
    val(reference, 'ram:ProcessConditionCode'),
    'AcknowledgementDocument/ram:ReferenceReferencedDocument/ram:ProcessConditionCode',
  );
  if (statusCode && !/^\d{3}$/.test(statusCode))
    errors.push({
      rule: 'InvalidSchema',
      message: `ProcessConditionCode ${statusCode} is not a three-digit status`,
      path: '/rsm:AcknowledgementDocument/ram:ReferenceReferencedDocument/ram:ProcessConditionCode',
    });
  const message: CdarMessage = {
    id: need(val(exchanged, 'ram:ID'), 'ExchangedDocument/ram:ID'),
    issuedAt:
      isoOf(
        val(ack, 'ram:IssueDateTime/udt:DateTimeString') ?? val(exchanged, 'ram:IssueDateTime/udt:DateTimeString'),
      ) ?? need(undefined, 'AcknowledgementDocument/ram:IssueDateTime'),
    statusCode,
    invoice: {
      id: need(
        val(reference, 'ram:IssuerAssignedID'),
        'AcknowledgementDocument/ram:ReferenceReferencedDocument/ram:IssuerAssignedID',
      ),
      issueDate: isoOf(val(reference, 'ram:FormattedIssueDateTime/qdt:DateTimeString')),
      typeCode: val(reference, 'ram:TypeCode'),
    },
    sender: partyOf(first(exchanged, 'ram:SenderTradeParty')),
    recipient: partyOf(first(exchanged, 'ram:RecipientTradeParty')),
    seller: partyOf(first(reference, 'ram:IssuerTradeParty')),
    reasonCode: val(status, 'ram:ReasonCode'),
    reason: val(status, 'ram:Reason'),
    amount: amountEl
      ? { value: val(characteristic, 'ram:ValueAmount') ?? '', currency: attr(amountEl, 'currencyID') ?? 'EUR' }
      : undefined,
  };
  if (message.amount && !/^-?\d+(\.\d{1,2})?$/.test(message.amount.value))
    errors.push({
      rule: 'InvalidSchema',
      message: `ValueAmount ${message.amount.value} is not a decimal amount`,
      path: '/rsm:AcknowledgementDocument/ram:ReferenceReferencedDocument/ram:SpecifiedDocumentStatus',
    });
  return errors.length ? { ok: false, errors } : { ok: true, message };
}

const stamp204 = (iso: string) =>
  iso
    .replace(/\.\d+Z$/, 'Z')
    .replace(/[-:TZ]/g, '')
    .slice(0, 14);

function renderParty(tag: string, p: CdarParty): string {
  return `<ram:${tag}>
        <ram:GlobalID schemeID="${escapeXml(p.scheme)}">${escapeXml(p.id)}</ram:GlobalID>${
          p.name ? `\n        <ram:Name>${escapeXml(p.name)}</ram:Name>` : ''
        }${p.role ? `\n        <ram:RoleCode>${escapeXml(p.role)}</ram:RoleCode>` : ''}
      </ram:${tag}>`;
}

/** One status of one invoice as a CDAR message of the CDV profile. */
export function renderCdar(m: CdarMessage & { statusLabel: string }): string {
  const reason =
    m.reasonCode || m.reason || m.amount
      ? `
        <ram:SpecifiedDocumentStatus>${m.reasonCode ? `\n          <ram:ReasonCode>${escapeXml(m.reasonCode)}</ram:ReasonCode>` : ''}${
          m.reason ? `\n          <ram:Reason>${escapeXml(m.reason)}</ram:Reason>` : ''
        }${
          m.amount
            ? `
          <ram:SpecifiedDocumentCharacteristic>
            <ram:TypeCode>MEN</ram:TypeCode>
            <ram:ValueAmount currencyID="${escapeXml(m.amount.currency)}">${escapeXml(m.amount.value)}</ram:ValueAmount>
          </ram:SpecifiedDocumentCharacteristic>`
            : ''
        }
        </ram:SpecifiedDocumentStatus>`
      : '';
  return `<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossDomainAcknowledgementAndResponse xmlns:rsm="${CDAR_NS}" xmlns:ram="${RAM_NS}" xmlns:udt="${UDT_NS}" xmlns:qdt="${QDT_NS}">
  <rsm:ExchangedDocumentContext>
    <ram:BusinessProcessSpecifiedDocumentContextParameter><ram:ID>REGULATED</ram:ID></ram:BusinessProcessSpecifiedDocumentContextParameter>
    <ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>${CDAR_GUIDELINE_ID}</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter>
  </rsm:ExchangedDocumentContext>
  <rsm:ExchangedDocument>
    <ram:ID>${escapeXml(m.id)}</ram:ID>
    <ram:TypeCode>23</ram:TypeCode>
    <ram:IssueDateTime><udt:DateTimeString format="204">${stamp204(m.issuedAt)}</udt:DateTimeString></ram:IssueDateTime>${
      m.sender ? `\n    ${renderParty('SenderTradeParty', m.sender)}` : ''
    }${m.recipient ? `\n    ${renderParty('RecipientTradeParty', m.recipient)}` : ''}
  </rsm:ExchangedDocument>
  <rsm:AcknowledgementDocument>
    <ram:MultipleReferencesIndicator><udt:Indicator>false</udt:Indicator></ram:MultipleReferencesIndicator>
    <ram:TypeCode>305</ram:TypeCode>
    <ram:IssueDateTime><udt:DateTimeString format="204">${stamp204(m.issuedAt)}</udt:DateTimeString></ram:IssueDateTime>
    <ram:ReferenceReferencedDocument>
      <ram:IssuerAssignedID>${escapeXml(m.invoice.id)}</ram:IssuerAssignedID>
      <ram:TypeCode>${escapeXml(m.invoice.typeCode ?? '380')}</ram:TypeCode>
      <ram:ProcessConditionCode>${escapeXml(m.statusCode)}</ram:ProcessConditionCode>
      <ram:ProcessCondition>${escapeXml(m.statusLabel)}</ram:ProcessCondition>${
        m.invoice.issueDate
          ? `\n      <ram:FormattedIssueDateTime><qdt:DateTimeString format="102">${m.invoice.issueDate.replace(/-/g, '')}</qdt:DateTimeString></ram:FormattedIssueDateTime>`
          : ''
      }${m.seller ? `\n      ${renderParty('IssuerTradeParty', m.seller)}` : ''}${reason}
    </ram:ReferenceReferencedDocument>
  </rsm:AcknowledgementDocument>
</rsm:CrossDomainAcknowledgementAndResponse>
`;
}
