import { count, firstElementChild, nextElementSibling, type El } from '../xml/dom.ts';
import { type RuleContext, all, attr, first, isAllowance, isCharge, kids } from './context.ts';

const F = 'fatal' as const;

/** The tax scheme of a PartyTaxScheme, upper-cased. */
function schemeUpper(ts: El): string {
  return (first(ts, 'cac:TaxScheme/cbc:ID')?.textContent ?? '').toUpperCase();
}

/**
 * The UBL syntax binding rules of the official CEN artefacts: cardinalities UBL narrows for EN16931
 * (UBL-SR-*), data type rules (UBL-DT-*) and the two fatal UBL-CR rules. The other UBL-CR rules,
 * warnings about elements EN16931 does not use, are in rules-ubl-cr.ts.
 */
export function checkSyntaxRules(ctx: RuleContext): void {
  const r = ctx.root;
  // Paths written out whole: one built from parts is a new string whose lookup hashes it on every call.

  ctx.atMostOnce(
    r,
    'cac:ContractDocumentReference/cbc:ID',
    'UBL-SR-01',
    'Contract identifier shall occur maximum once.',
  );
  ctx.atMostOnce(
    r,
    'cac:ReceiptDocumentReference/cbc:ID',
    'UBL-SR-02',
    'Receive advice identifier shall occur maximum once',
  );
  ctx.atMostOnce(
    r,
    'cac:DespatchDocumentReference/cbc:ID',
    'UBL-SR-03',
    'Despatch advice identifier shall occur maximum once',
  );
  const objectRefs = kids(r, 'cac:AdditionalDocumentReference').filter((ref) =>
    all(ref, 'cbc:DocumentTypeCode').some((c) => c.textContent === '130'),
  );
  ctx.check(
    objectRefs.flatMap((ref) => kids(ref, 'cbc:ID')).length <= 1,
    'UBL-SR-04',
    F,
    r,
    'Invoice object identifier shall occur maximum once',
  );
  ctx.atMostOnce(r, 'cac:PaymentTerms/cbc:Note', 'UBL-SR-05', 'Payment terms shall occur maximum once');
  ctx.atMostOnce(r, 'cac:InvoicePeriod', 'UBL-SR-08', 'Invoice period shall occur maximum once');
  ctx.atMostOnce(
    r,
    'cac:AccountingSupplierParty/cac:Party/cac:PartyLegalEntity/cbc:RegistrationName',
    'UBL-SR-09',
    'Seller name shall occur maximum once',
  );
  ctx.atMostOnce(
    r,
    'cac:AccountingSupplierParty/cac:Party/cac:PartyName/cbc:Name',
    'UBL-SR-10',
    'Seller trader name shall occur maximum once',
  );
  ctx.atMostOnce(
    r,
    'cac:AccountingSupplierParty/cac:Party/cac:PartyLegalEntity/cbc:CompanyID',
    'UBL-SR-11',
    'Seller legal registration identifier shall occur maximum once',
  );
  const supplierSchemes = all(r, 'cac:AccountingSupplierParty/cac:Party/cac:PartyTaxScheme');
  ctx.check(
    supplierSchemes.filter((ts) => schemeUpper(ts) === 'VAT').flatMap((ts) => kids(ts, 'cbc:CompanyID')).length <= 1,
    'UBL-SR-12',
    F,
    r,
    'Seller VAT identifier shall occur maximum once',
  );
  // `TaxScheme/upper-case(cbc:ID) != 'VAT'` needs a scheme id to compare.
  ctx.check(
    supplierSchemes
      .filter((ts) => first(ts, 'cac:TaxScheme/cbc:ID') !== undefined && schemeUpper(ts) !== 'VAT')
      .flatMap((ts) => kids(ts, 'cbc:CompanyID')).length <= 1,
    'UBL-SR-13',
    F,
    r,
    'Seller tax registration shall occur maximum once',
  );
  ctx.atMostOnce(
    r,
    'cac:AccountingSupplierParty/cac:Party/cac:PartyLegalEntity/cbc:CompanyLegalForm',
    'UBL-SR-14',
    'Seller additional legal information shall occur maximum once',
  );
  ctx.atMostOnce(
    r,
    'cac:AccountingCustomerParty/cac:Party/cac:PartyLegalEntity/cbc:RegistrationName',
    'UBL-SR-15',
    'Buyer name shall occur maximum once',
  );
  ctx.atMostOnce(
    r,
    'cac:AccountingCustomerParty/cac:Party/cac:PartyIdentification/cbc:ID',
    'UBL-SR-16',
    'Buyer identifier shall occur maximum once',
  );
  ctx.atMostOnce(
    r,
    'cac:AccountingCustomerParty/cac:Party/cac:PartyLegalEntity/cbc:CompanyID',
    'UBL-SR-17',
    'Buyer legal registration identifier shall occur maximum once',
  );
  ctx.check(
    all(r, 'cac:AccountingCustomerParty/cac:Party/cac:PartyTaxScheme')
      .filter((ts) => schemeUpper(ts) === 'VAT')
      .flatMap((ts) => kids(ts, 'cbc:CompanyID')).length <= 1,
    'UBL-SR-18',
    F,
    r,
    'Buyer VAT identifier shall occur maximum once',
  );
  ctx.atMostOnce(r, 'cac:Delivery', 'UBL-SR-24', 'Deliver to information shall occur maximum once');
  ctx.check(
    ctx
      .descendants('PartyIdentification')
      .flatMap((pi) => kids(pi, 'cbc:ID'))
      .filter((id) => (attr(id, 'schemeID') ?? '').toUpperCase() === 'SEPA').length <= 1,
    'UBL-SR-29',
    F,
    r,
    'Bank creditor reference shall occur maximum once',
  );
  ctx.atMostOnce(r, 'cac:ProjectReference/cbc:ID', 'UBL-SR-39', 'Project reference shall occur maximum once.');
  ctx.atMostOnce(
    r,
    'cac:AccountingCustomerParty/cac:Party/cac:PartyName/cbc:Name',
    'UBL-SR-40',
    'Buyer trade name shall occur maximum once',
  );
  ctx.check(
    new Set(ctx.descendants('PaymentID').map((e) => e.textContent ?? '')).size <= 1,
    'UBL-SR-44',
    F,
    r,
    'An Invoice may only have one unique PaymentID, but the PaymentID may be used for multiple PaymentMeans',
  );
  ctx.atMostOnce(r, 'cac:PaymentMeans/cbc:PaymentDueDate', 'UBL-SR-45', 'Due Date shall occur maximum once');
  ctx.check(
    all(r, 'cac:PaymentMeans/cbc:PaymentMeansCode').filter((c) => c.hasAttribute('name')).length <= 1,
    'UBL-SR-46',
    F,
    r,
    'Payment means text shall occur maximum once',
  );
  ctx.check(
    new Set(ctx.descendants('PaymentMeansCode').map((e) => e.textContent ?? '')).size <= 1,
    'UBL-SR-47',
    F,
    r,
    'When there are more than one payment means code, they shall be equal',
  );
  ctx.atMostOnce(
    r,
    'cac:InvoicePeriod/cbc:DescriptionCode',
    'UBL-SR-49',
    'Value tax point date shall occur maximum once',
  );
  ctx.atMostOnce(
    r,
    'cac:PaymentMeans/cac:CardAccount',
    'UBL-SR-54',
    'An Invoice shall contain maximum one Payment Card account (BG-18).',
  );
  ctx.atMostOnce(
    r,
    'cac:PaymentMeans/cac:PaymentMandate',
    'UBL-SR-55',
    'An Invoice shall contain maximum one Payment Mandate (BG-19).',
  );
  ctx.atMostOnce(
    r,
    'cac:OriginatorDocumentReference/cbc:ID',
    'UBL-SR-56',
    'An Invoice shall contain maximum one Originator document reference identifier (BT-17).',
  );

  const allObjectRefs = ctx
    .descendants('AdditionalDocumentReference')
    .filter((ref) => all(ref, 'cbc:DocumentTypeCode').some((c) => c.textContent === '130'));
  ctx.check(
    !allObjectRefs.some((ref) => first(ref, 'cac:Attachment') !== undefined),
    'UBL-CR-666',
    F,
    r,
    'A UBL invoice shall not include an AdditionalDocumentReference simultaneously referring an Invoice Object Identifier and an Attachment',
  );
  ctx.check(
    !allObjectRefs.some((ref) => first(ref, 'cbc:DocumentDescription') !== undefined),
    'UBL-CR-673',
    F,
    r,
    'A UBL invoice shall not include an AdditionalDocumentReference simultaneously referring an Invoice Object Identifier and an Document Description',
  );

  for (const party of all(r, 'cac:AccountingSupplierParty/cac:Party')) {
    ctx.check(
      count(party, 'cac:PartyTaxScheme') <= 2,
      'UBL-SR-42',
      F,
      party,
      'Party tax scheme shall occur maximum twice in accounting supplier party',
    );
  }
  for (const ref of ctx.descendants('AdditionalDocumentReference')) {
    ctx.atMostOnce(
      ref,
      'cbc:DocumentDescription',
      'UBL-SR-33',
      'Supporting document description shall occur maximum once',
    );
    const codes = all(ref, 'cbc:DocumentTypeCode').map((c) => c.textContent ?? '');
    const ok =
      codes.includes('130') ||
      (ctx.isCredit && codes.includes('50')) ||
      (!all(ref, 'cbc:ID').some((id) => id.hasAttribute('schemeID')) && codes.length === 0);
    ctx.check(
      ok,
      'UBL-SR-43',
      F,
      ref,
      'Scheme identifier shall only be used for invoiced object (document type code with value 130 or 50)',
    );
  }
  for (const delivery of ctx.descendants('Delivery')) {
    ctx.atMostOnce(
      delivery,
      'cac:DeliveryParty/cac:PartyName/cbc:Name',
      'UBL-SR-25',
      'Deliver to party name shall occur maximum once',
    );
  }
  for (const ac of ctx.descendants('AllowanceCharge')) {
    if (isAllowance(ac))
      ctx.atMostOnce(
        ac,
        'cbc:AllowanceChargeReason',
        'UBL-SR-30',
        'Document level allowance reason shall occur maximum once',
      );
    else if (isCharge(ac))
      ctx.atMostOnce(
        ac,
        'cbc:AllowanceChargeReason',
        'UBL-SR-31',
        'Document level charge reason shall occur maximum once',
      );
  }
  for (const scheme of ctx.descendants('PartyTaxScheme')) {
    ctx.check(
      first(scheme, 'cac:TaxScheme/cbc:ID') !== undefined && first(scheme, 'cbc:CompanyID') !== undefined,
      'UBL-SR-53',
      F,
      scheme,
      'CompanyID (VAT Identifier) must be stated when providing the PartyTaxScheme/TaxScheme/ID.',
    );
  }
  // Indexed: iterating the lines allocated an iterator result per line.
  for (let i = 0; i < ctx.lines.length; i++) {
    const line = ctx.lines[i];
    ctx.atMostOnce(line, 'cbc:Note', 'UBL-SR-34', 'Invoice line note shall occur maximum once');
    ctx.atMostOnce(
      line,
      'cac:OrderLineReference/cbc:LineID',
      'UBL-SR-35',
      'Referenced purchase order line identifier shall occur maximum once',
    );
    ctx.atMostOnce(line, 'cac:InvoicePeriod', 'UBL-SR-36', 'Invoice line period shall occur maximum once');
    ctx.atMostOnce(
      line,
      'cac:Price/cac:AllowanceCharge/cbc:Amount',
      'UBL-SR-37',
      'Item price discount shall occur maximum once',
    );
    ctx.check(
      count(line, 'cac:Item/cac:ClassifiedTaxCategory') === 1,
      'UBL-SR-48',
      F,
      line,
      'Invoice lines shall have one and only one classified tax category.',
    );
    ctx.atMostOnce(line, 'cac:Item/cbc:Description', 'UBL-SR-50', 'Item description shall occur maximum once');
    ctx.atMostOnce(line, 'cac:DocumentReference', 'UBL-SR-52', 'Document reference shall occur maximum once');
  }
  // `(PartyName/Name) != (seller RegistrationName)` is false when either side is missing, so a
  // payee without a name, or a seller without one, breaks all three rules.
  const sellerNames = all(r, 'cac:AccountingSupplierParty/cac:Party/cac:PartyLegalEntity/cbc:RegistrationName').map(
    (e) => e.textContent ?? '',
  );
  for (const payee of kids(r, 'cac:PayeeParty')) {
    const payeeNames = all(payee, 'cac:PartyName/cbc:Name').map((e) => e.textContent ?? '');
    const differs = payeeNames.some((n) => sellerNames.some((s) => s !== n));
    ctx.check(
      payeeNames.length <= 1 && differs,
      'UBL-SR-19',
      F,
      payee,
      'Payee name shall occur maximum once, if the Payee is different from the Seller',
    );
    ctx.check(
      all(payee, 'cac:PartyIdentification/cbc:ID').filter((id) => (attr(id, 'schemeID') ?? '').toUpperCase() !== 'SEPA')
        .length <= 1 && differs,
      'UBL-SR-20',
      F,
      payee,
      'Payee identifier shall occur maximum once, if the Payee is different from the Seller',
    );
    ctx.check(
      count(payee, 'cac:PartyLegalEntity/cbc:CompanyID') <= 1 && differs,
      'UBL-SR-21',
      F,
      payee,
      'Payee legal registration identifier shall occur maximum once, if the Payee is different from the Seller',
    );
  }
  for (const pm of ctx.descendants('PaymentMeans')) {
    ctx.atMostOnce(pm, 'cbc:PaymentID', 'UBL-SR-26', 'Payment reference shall occur maximum once');
    ctx.atMostOnce(pm, 'cbc:PaymentMeansCode', 'UBL-SR-27', 'Payment means text shall occur maximum once');
    ctx.atMostOnce(
      pm,
      'cac:PaymentMandate/cbc:ID',
      'UBL-SR-28',
      'Mandate reference identifier shall occur maximum once',
    );
  }
  for (const ref of ctx.descendants('BillingReference')) {
    ctx.atMostOnce(
      ref,
      'cac:InvoiceDocumentReference',
      'UBL-SR-06',
      'Preceding invoice reference shall occur maximum once',
    );
    ctx.check(
      first(ref, 'cac:InvoiceDocumentReference/cbc:ID') !== undefined,
      'UBL-SR-07',
      F,
      ref,
      'If there is a preceding invoice reference, the preceding invoice number shall be present',
    );
  }
  for (const rep of ctx.descendants('TaxRepresentativeParty')) {
    ctx.atMostOnce(
      rep,
      'cac:PartyName/cbc:Name',
      'UBL-SR-22',
      'Seller tax representative name shall occur maximum once, if the Seller has a tax representative',
    );
    ctx.atMostOnce(
      rep,
      'cac:PartyTaxScheme/cbc:CompanyID',
      'UBL-SR-23',
      'Seller tax representative VAT identifier shall occur maximum once, if the Seller has a tax representative',
    );
  }
  for (const st of ctx.descendants('TaxSubtotal')) {
    ctx.atMostOnce(
      st,
      'cac:TaxCategory/cbc:TaxExemptionReason',
      'UBL-SR-32',
      'VAT exemption reason text shall occur maximum once',
    );
  }
  for (const address of [...ctx.descendants('PostalAddress'), ...ctx.descendants('Address')]) {
    ctx.atMostOnce(address, 'cac:AddressLine', 'UBL-SR-51', 'An address can only have one third line.');
  }
  checkDataTypes(ctx);
}

/** Attributes UBL allows but EN16931 does not use (UBL-DT-08…28, warnings). */
const UNUSED_ATTRIBUTES: Array<[string, string, string]> = [
  ['schemeName', 'UBL-DT-08', 'Scheme name attribute should not be present'],
  ['schemeAgencyName', 'UBL-DT-09', 'Scheme agency name attribute should not be present'],
  ['schemeDataURI', 'UBL-DT-10', 'Scheme data uri attribute should not be present'],
  ['schemeURI', 'UBL-DT-11', 'Scheme uri attribute should not be present'],
  ['format', 'UBL-DT-12', 'Format attribute should not be present'],
  ['unitCodeListIdentifier', 'UBL-DT-13', 'Unit code list identifier attribute should not be present'],
  ['unitCodeListAgencyIdentifier', 'UBL-DT-14', 'Unit code list agency identifier attribute should not be present'],
  ['unitCodeListAgencyName', 'UBL-DT-15', 'Unit code list agency name attribute should not be present'],
  ['listAgencyName', 'UBL-DT-16', 'List agency name attribute should not be present'],
  ['listName', 'UBL-DT-17', 'List name attribute should not be present'],
  ['languageID', 'UBL-DT-19', 'Language identifier attribute should not be present'],
  ['listURI', 'UBL-DT-20', 'List uri attribute should not be present'],
  ['listSchemeURI', 'UBL-DT-21', 'List scheme uri attribute should not be present'],
  ['languageLocaleID', 'UBL-DT-22', 'Language local identifier attribute should not be present'],
  ['uri', 'UBL-DT-23', 'Uri attribute should not be present'],
  ['currencyCodeListVersionID', 'UBL-DT-24', 'Currency code list version id should not be present'],
  ['characterSetCode', 'UBL-DT-25', 'CharacterSetCode attribute should not be present'],
  ['encodingCode', 'UBL-DT-26', 'EncodingCode attribute should not be present'],
  ['schemeAgencyID', 'UBL-DT-27', 'Scheme Agency ID attribute should not be present'],
  ['listAgencyID', 'UBL-DT-28', 'List Agency ID attribute should not be present'],
];

const UNUSED_ATTRIBUTE_NAMES = new Set(UNUSED_ATTRIBUTES.map(([attribute]) => attribute));

/** What {@link checkDataTypes} finds across the document: the unused attributes met, and the name attributes. */
interface AttributesSeen {
  unused: Set<string>;
  names: number;
}

function walkDataTypes(ctx: RuleContext, el: El, priceWithAllowance: boolean, seen: AttributesSeen): void {
  const name = el.nodeName;
  // Amounts under a Price that has an allowance are the gross price details, which may be longer.
  if (name.endsWith('Amount') && !name.endsWith('PriceAmount') && !priceWithAllowance) {
    const value = el.textContent ?? '';
    const dot = value.indexOf('.');
    ctx.check(
      dot < 0 || value.length - dot - 1 <= 2,
      'UBL-DT-01',
      F,
      el,
      'Amounts shall be decimal up to two fraction digits',
    );
  }
  if (name.endsWith('BinaryObject')) {
    ctx.check(
      el.hasAttribute('mimeCode'),
      'UBL-DT-06',
      F,
      el,
      'Binary object elements shall contain the mime code attribute',
    );
    ctx.check(
      el.hasAttribute('filename'),
      'UBL-DT-07',
      F,
      el,
      'Binary object elements shall contain the file name attribute',
    );
  }
  // Most elements carry no attribute or one: reading them beats asking for each unused name.
  const attributes = el.attributes;
  for (let i = 0; i < attributes.length; i++) {
    const attribute = attributes.item(i)!.name;
    if (UNUSED_ATTRIBUTE_NAMES.has(attribute)) seen.unused.add(attribute);
    else if (attribute === 'name' && el.localName !== 'PaymentMeansCode') seen.names++;
  }
  const inPrice = priceWithAllowance || (el.localName === 'Price' && first(el, 'cac:AllowanceCharge') !== undefined);
  for (let n = firstElementChild(el); n; n = nextElementSibling(n)) walkDataTypes(ctx, n, inPrice, seen);
}

/** UBL-DT-*: amounts, binary objects and attributes, over every element of the document. */
function checkDataTypes(ctx: RuleContext): void {
  const seen: AttributesSeen = { unused: new Set<string>(), names: 0 };
  walkDataTypes(ctx, ctx.root, false, seen);
  for (const [attribute, rule, message] of UNUSED_ATTRIBUTES)
    ctx.check(!seen.unused.has(attribute), rule, 'warning', ctx.root, message);
  ctx.check(seen.names <= 0, 'UBL-DT-18', 'warning', ctx.root, 'Name attribute should not be present');
}
