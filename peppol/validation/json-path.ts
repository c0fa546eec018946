import type { DocumentBody } from '../types.ts';

const PARTY_FIELDS: Array<[RegExp, string]> = [
  [/^cbc:EndpointID/, '.peppolId'],
  [/^cac:PartyIdentification/, '.identifiers'],
  [/^cac:PartyName/, '.name'],
  [
    /^cac:PostalAddress(\/cbc:(StreetName|AdditionalStreetName|CityName|PostalZone|CountrySubentity)|\/cac:Country)?/,
    '.address',
  ],
  [/^cac:PartyTaxScheme/, '.vatNumber'],
  [/^cac:PartyLegalEntity\/cbc:RegistrationName/, '.legalName'],
  [/^cac:PartyLegalEntity\/cbc:CompanyID/, '.legalId'],
  [/^cac:PartyLegalEntity/, ''],
  [/^cac:Contact/, '.contact'],
];

const ADDRESS_FIELDS: Record<string, string> = {
  StreetName: '.street',
  AdditionalStreetName: '.additionalStreet',
  CityName: '.city',
  PostalZone: '.postalCode',
  CountrySubentity: '.region',
  Country: '.country',
};

const TOTAL_FIELDS: Record<string, string> = {
  LineExtensionAmount: 'lineTotal',
  TaxExclusiveAmount: 'netAmount',
  TaxInclusiveAmount: 'grossAmount',
  AllowanceTotalAmount: 'allowanceTotal',
  ChargeTotalAmount: 'chargeTotal',
  PrepaidAmount: 'prepaidAmount',
  PayableRoundingAmount: 'roundingAmount',
  PayableAmount: 'payableAmount',
};

const HEADER_FIELDS: Record<string, string> = {
  'cbc:ID': '$.number',
  'cbc:IssueDate': '$.issueDate',
  'cbc:DueDate': '$.dueDate',
  'cbc:Note': '$.note',
  'cbc:TaxPointDate': '$.taxPointDate',
  'cbc:DocumentCurrencyCode': '$.currency',
  'cbc:TaxCurrencyCode': '$.taxCurrency',
  'cbc:AccountingCost': '$.accountingCost',
  'cbc:BuyerReference': '$.buyerReference',
  'cbc:InvoiceTypeCode': '$.typeCode',
  'cbc:CreditNoteTypeCode': '$.typeCode',
  'cac:InvoicePeriod': '$.invoicePeriod',
  'cac:OrderReference': '$.orderReference',
  'cac:ContractDocumentReference': '$.contractReference',
  'cac:ProjectReference': '$.projectReference',
  'cac:DespatchDocumentReference': '$.despatchReference',
  'cac:ReceiptDocumentReference': '$.receiptReference',
  'cac:Delivery': '$.delivery',
  'cac:PaymentMeans': '$.payment',
  'cac:PaymentTerms': '$.payment.terms',
  'cac:PayeeParty': '$.payee',
  'cac:TaxRepresentativeParty': '$.taxRepresentative',
};

/**
 * Rules that read the whole document but are about fields the body left out: where to point a
 * JSON caller instead of `$`, and which fields would satisfy the rule.
 */
const DOCUMENT_RULE_FIELDS: Record<string, { path: string; give: string }> = {
  'PEPPOL-EN16931-R003': {
    path: '$.buyerReference',
    give: 'buyerReference (the reference your buyer asked you to quote) or orderReference (their purchase order number)',
  },
  'BR-BE-05': { path: '$.payment', give: 'payment (for example means credit_transfer with your iban)' },
  // An Order Agreement without cac:OrderReference (the syntax binding's slot of it).
  'PEPPOL-T110-B00105': {
    path: '$.orderReference',
    give: "orderReference (the number of the buyer's order it answers)",
  },
};

/** Rules about one line of a rendered body: which of the line's fields would satisfy them. */
const LINE_RULE_FIELDS: Record<string, string> = {
  'PEPPOL-T110-R002': 'itemCode (your item number) or standardItemId (for example a GTIN)',
};

/**
 * A finding of a rendered body about a field the body left out, pointed at the body field that
 * would satisfy it and naming it.
 */
export function documentRuleToJson<T extends { rule: string; message: string; path: string }>(issue: T): T {
  const line = LINE_RULE_FIELDS[issue.rule];
  if (line && /^\$\.lines\[\d+\]$/.test(issue.path)) return { ...issue, message: `${issue.message} Give ${line}.` };
  const known = DOCUMENT_RULE_FIELDS[issue.rule];
  if (!known || issue.path !== '$') return issue;
  return { ...issue, path: known.path, message: `${issue.message} Give ${known.give}.` };
}

function splitStep(step: string): [string, number] {
  const m = /^(.*?)(?:\[(\d+)\])?$/.exec(step)!;
  return [m[1], m[2] ? Number(m[2]) : 1];
}

function partyPath(base: string, rest: string): string {
  for (const [re, field] of PARTY_FIELDS) {
    const m = re.exec(rest);
    if (!m) continue;
    if (field === '.address') {
      const sub = /^cac:PostalAddress\/(?:cbc:|cac:)(\w+)/.exec(rest)?.[1];
      return `${base}.address${sub ? (ADDRESS_FIELDS[sub] ?? '') : ''}`;
    }
    return base + field;
  }
  return base;
}

const ALLOWANCE_CHARGE_FIELDS: Record<string, string> = {
  AllowanceChargeReasonCode: '.reasonCode',
  AllowanceChargeReason: '.reason',
  Amount: '.amount',
  BaseAmount: '.baseAmount',
  MultiplierFactorNumeric: '.percent',
};

/** Allowances are rendered before charges, both on document and on line level. */
function allowanceChargePath(base: string, index: number, allowances: number, rest: string): string {
  const item = index <= allowances ? `${base}.allowances[${index - 1}]` : `${base}.charges[${index - 1 - allowances}]`;
  const field = /^cbc:(\w+)/.exec(rest)?.[1];
  return item + (field ? (ALLOWANCE_CHARGE_FIELDS[field] ?? '') : '');
}

/**
 * Maps the XPath of a finding in a rendered document back to the DocumentBody field it came from,
 * so JSON callers see `$.lines[2].unitPrice` rather than a UBL path. Falls back to the nearest
 * enclosing object, and to `$` for document-wide rules.
 */
export function xpathToJsonPath(xpath: string, body: DocumentBody, isCredit: boolean): string {
  const steps = xpath.split('/').filter(Boolean).slice(1);
  if (steps.length === 0) return '$';
  const [head, index] = splitStep(steps[0]);
  const rest = steps.slice(1).join('/');
  switch (head) {
    case 'cac:AccountingSupplierParty':
      return partyPath('$.seller', steps.slice(2).join('/'));
    case 'cac:AccountingCustomerParty':
      return partyPath('$.buyer', steps.slice(2).join('/'));
    case 'cac:InvoiceLine':
    case 'cac:CreditNoteLine': {
      const base = `$.lines[${index - 1}]`;
      if (/^cac:Price/.test(rest)) return `${base}.unitPrice`;
      if (/^cac:Item\/cbc:Name/.test(rest)) return `${base}.description`;
      if (/^cac:Item\/cac:ClassifiedTaxCategory\/cbc:Percent/.test(rest)) return `${base}.vatRate`;
      if (/^cac:Item\/cac:ClassifiedTaxCategory/.test(rest)) return `${base}.vatCategory`;
      if (/^cbc:(Invoiced|Credited)Quantity/.test(rest)) return `${base}.quantity`;
      if (/^cbc:LineExtensionAmount/.test(rest)) return `${base}.netAmount`;
      if (/^cac:InvoicePeriod/.test(rest)) return `${base}.period`;
      if (/^cac:AllowanceCharge/.test(rest)) {
        const [, acIndex] = splitStep(steps[1]);
        return allowanceChargePath(
          base,
          acIndex,
          body.lines?.[index - 1]?.allowances?.length ?? 0,
          steps.slice(2).join('/'),
        );
      }
      return base;
    }
    case 'cac:AllowanceCharge':
      return allowanceChargePath('$', index, body.allowances?.length ?? 0, rest);
    case 'cac:LegalMonetaryTotal': {
      const field = /^cbc:(\w+)/.exec(rest)?.[1];
      return field && TOTAL_FIELDS[field] ? `$.totals.${TOTAL_FIELDS[field]}` : '$.totals';
    }
    case 'cac:TaxTotal': {
      const sub = /^cac:TaxSubtotal(?:\[(\d+)\])?/.exec(rest);
      if (sub) return `$.totals.vatBreakdown[${Number(sub[1] ?? 1) - 1}]`;
      return index > 1 ? '$.totals.vatAmountInTaxCurrency' : '$.totals.vatAmount';
    }
    case 'cac:BillingReference':
      return `$.billingReferences[${index - 1}]`;
    case 'cac:AdditionalDocumentReference': {
      const offset = isCredit && body.projectReference ? 1 : 0;
      return index - 1 - offset < 0 ? '$.projectReference' : `$.attachments[${index - 1 - offset}]`;
    }
    default:
      return HEADER_FIELDS[head] ?? '$';
  }
}
