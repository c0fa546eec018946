import { type RuleContext, all, attr, first, kids, text, val } from './context.ts';

const SKONTO_LINE = /^#SKONTO#TAGE=([0-9]+#PROZENT=[0-9]+\.[0-9]{2})(#BASISBETRAG=-?[0-9]+\.[0-9]{2})?#$/;

/** The IBAN test of DE-R-019/020: pattern and mod 97, each character read by code point as the official XPath does. */
function xRechnungIban(raw: string | null | undefined): boolean {
  const iban = (raw ?? '').replace(/\s/g, '');
  if (!/^[A-Z]{2}[0-9]{2}[a-zA-Z0-9]{0,30}$/.test(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  const digits = [...rearranged]
    .map((ch) => {
      const cp = ch.codePointAt(0)!;
      return String(cp > 64 ? cp - 55 : cp - 48);
    })
    .join('');
  return BigInt(digits) % 97n === 1n;
}

/** German national rules (DE-R-*), applied when seller and buyer addresses are in Germany. */
export function checkGermany(ctx: RuleContext): void {
  const r = ctx.root;
  const F = 'fatal' as const;
  const W = 'warning' as const;
  const seller = ctx.seller;
  const contact = first(seller, 'cac:Contact');
  ctx.check(
    first(r, 'cac:PaymentMeans') !== undefined,
    'DE-R-001',
    F,
    r,
    'An invoice shall contain information on "PAYMENT INSTRUCTIONS" (BG-16).',
  );
  // Each rule looks into its group only when the group is there, as the official contexts do.
  for (const supplier of kids(r, 'cac:AccountingSupplierParty')) {
    ctx.check(
      first(supplier, 'cac:Party/cac:Contact') !== undefined,
      'DE-R-002',
      F,
      supplier,
      'The group "SELLER CONTACT" (BG-6) shall be provided.',
    );
  }
  for (const address of all(seller, 'cac:PostalAddress')) {
    ctx.check(
      val(address, 'cbc:CityName') !== undefined,
      'DE-R-003',
      F,
      address,
      'The element "Seller city" (BT-37) shall be provided.',
    );
    ctx.check(
      val(address, 'cbc:PostalZone') !== undefined,
      'DE-R-004',
      F,
      address,
      'The element "Seller post code" (BT-38) shall be provided.',
    );
  }
  for (const c of all(seller, 'cac:Contact')) {
    ctx.check(
      val(c, 'cbc:Name') !== undefined,
      'DE-R-005',
      F,
      c,
      'The element "Seller contact point" (BT-41) shall be provided.',
    );
    ctx.check(
      val(c, 'cbc:Telephone') !== undefined,
      'DE-R-006',
      F,
      c,
      'The element "Seller contact telephone number" (BT-42) shall be provided.',
    );
    ctx.check(
      val(c, 'cbc:ElectronicMail') !== undefined,
      'DE-R-007',
      F,
      c,
      'The element "Seller contact email address" (BT-43) shall be provided.',
    );
  }
  for (const address of all(ctx.buyer, 'cac:PostalAddress')) {
    ctx.check(
      val(address, 'cbc:CityName') !== undefined,
      'DE-R-008',
      F,
      address,
      'The element "Buyer city" (BT-52) shall be provided.',
    );
    ctx.check(
      val(address, 'cbc:PostalZone') !== undefined,
      'DE-R-009',
      F,
      address,
      'The element "Buyer post code" (BT-53) shall be provided.',
    );
  }
  for (const a of all(r, 'cac:Delivery/cac:DeliveryLocation/cac:Address')) {
    ctx.check(
      val(a, 'cbc:CityName') !== undefined,
      'DE-R-010',
      F,
      a,
      'The element "Deliver to city" (BT-77) shall be provided if the group "DELIVER TO ADDRESS" (BG-15) is delivered.',
    );
    ctx.check(
      val(a, 'cbc:PostalZone') !== undefined,
      'DE-R-011',
      F,
      a,
      'The element "Deliver to post code" (BT-78) shall be provided if the group "DELIVER TO ADDRESS" (BG-15) is delivered.',
    );
  }
  for (const st of all(r, 'cac:TaxTotal/cac:TaxSubtotal')) {
    ctx.check(
      all(st, 'cac:TaxCategory/cbc:Percent').some((p) => text(p) !== ''),
      'DE-R-014',
      F,
      first(st, 'cac:TaxCategory') ?? st,
      'The element "VAT category rate" (BT-119) shall be provided.',
    );
  }
  ctx.check(
    val(r, 'cbc:BuyerReference') !== undefined,
    'DE-R-015',
    F,
    r,
    'The element "Buyer reference" (BT-10) shall be provided.',
  );
  const taxedCategories = new Set(['S', 'Z', 'E', 'AE', 'K', 'G', 'L', 'M']);
  const usesTaxed = all(r, 'cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory/cbc:ID').some((c) =>
    taxedCategories.has(text(c)),
  );
  if (usesTaxed) {
    ctx.check(
      all(seller, 'cac:PartyTaxScheme/cbc:CompanyID').length > 0 ||
        first(r, 'cac:TaxRepresentativeParty') !== undefined,
      'DE-R-016',
      F,
      r,
      'If one of the VAT codes S, Z, E, AE, K, G, L, or M is used, an invoice shall contain at least one of the following elements: "Seller VAT identifier" (BT-31) or "Seller tax registration identifier" (BT-32) or "SELLER TAX REPRESENTATIVE PARTY" (BG-11).',
    );
  }
  const typeCode = text(first(r, ctx.isCredit ? 'cbc:CreditNoteTypeCode' : 'cbc:InvoiceTypeCode'));
  ctx.check(
    ['326', '380', '384', '389', '381', '875', '876', '877'].includes(typeCode),
    'DE-R-017',
    W,
    r,
    'The element "Invoice type code" (BT-3) should only contain the following values from code list UNTDID 1001: 326, 380, 384, 389, 381, 875, 876, 877.',
  );
  for (const note of all(r, 'cac:PaymentTerms/cbc:Note')) {
    const raw = note.textContent ?? '';
    const lines = raw.split(/\r\n|\r|\n/);
    let ok = true;
    let lastSkonto = -1;
    lines.forEach((line, i) => {
      if (line.trim().toUpperCase().startsWith('#SKONTO#')) {
        lastSkonto = i;
        if (!SKONTO_LINE.test(line.trim())) ok = false;
      }
    });
    // Every cash-discount statement must be terminated by a line break, including the last one.
    if (lastSkonto >= 0 && lastSkonto === lines.length - 1) ok = false;
    ctx.check(
      ok,
      'DE-R-018',
      F,
      note,
      'Information on cash discounts for prompt payment (Skonto) shall be provided within the element "Payment terms" BT-20 in the format #SKONTO#TAGE=N#PROZENT=N.NN#[BASISBETRAG=N.NN#] followed by a line break.',
    );
  }
  for (const pm of kids(r, 'cac:PaymentMeans')) {
    const code = text(first(pm, 'cbc:PaymentMeansCode'));
    const payee = first(pm, 'cac:PayeeFinancialAccount');
    const card = first(pm, 'cac:CardAccount');
    const mandate = first(pm, 'cac:PaymentMandate');
    // A missing account fails the official pattern test too.
    if (code === '58')
      ctx.check(
        xRechnungIban(first(pm, 'cac:PayeeFinancialAccount/cbc:ID')?.textContent),
        'DE-R-019',
        W,
        pm,
        'The element Payment account identifier (BT-84) should contain a valid IBAN if code 58 SEPA is provided in Payment means type code (BT-81).',
      );
    if (code === '59')
      ctx.check(
        xRechnungIban(first(pm, 'cac:PaymentMandate/cac:PayerFinancialAccount/cbc:ID')?.textContent),
        'DE-R-020',
        W,
        pm,
        'The element "Debited account identifier" (BT-91) should contain a valid IBAN if code 59 SEPA is provided in "Payment means type code" (BT-81).',
      );
    if (code === '30' || code === '58') {
      ctx.check(
        payee !== undefined,
        'DE-R-023-1',
        F,
        pm,
        'If "Payment means type code" (BT-81) contains a code for credit transfer (30, 58), "CREDIT TRANSFER" (BG-17) shall be provided.',
      );
      ctx.check(
        card === undefined && mandate === undefined,
        'DE-R-023-2',
        F,
        pm,
        'If "Payment means type code" (BT-81) contains a code for credit transfer (30, 58), BG-18 and BG-19 shall not be provided.',
      );
    }
    if (code === '48' || code === '54' || code === '55') {
      ctx.check(
        card !== undefined,
        'DE-R-024-1',
        F,
        pm,
        'If "Payment means type code" (BT-81) contains a code for payment card (48, 54, 55), "PAYMENT CARD INFORMATION" (BG-18) shall be provided.',
      );
      ctx.check(
        payee === undefined && mandate === undefined,
        'DE-R-024-2',
        F,
        pm,
        'If "Payment means type code" (BT-81) contains a code for payment card (48, 54, 55), BG-17 and BG-19 shall not be provided.',
      );
    }
    if (code === '59') {
      ctx.check(
        mandate !== undefined,
        'DE-R-025-1',
        F,
        pm,
        'If "Payment means type code" (BT-81) contains a code for direct debit (59), "DIRECT DEBIT" (BG-19) shall be provided.',
      );
      ctx.check(
        payee === undefined && card === undefined,
        'DE-R-025-2',
        F,
        pm,
        'If "Payment means type code" (BT-81) contains a code for direct debit (59), BG-17 and BG-18 shall not be provided.',
      );
    }
  }
  const filenames = all(r, 'cac:AdditionalDocumentReference/cac:Attachment/cbc:EmbeddedDocumentBinaryObject')
    .map((b) => (attr(b, 'filename') ?? '').toLowerCase())
    .filter((f) => f !== '');
  ctx.check(
    new Set(filenames).size === filenames.length,
    'DE-R-022',
    F,
    r,
    'Attached documents provided with an invoice in "ADDITIONAL SUPPORTING DOCUMENTS" (BG-24) shall have a unique filename (non case-sensitive) within the element "Attached document" (BT-125).',
  );
  if (typeCode === '384')
    ctx.check(
      first(r, 'cac:BillingReference/cac:InvoiceDocumentReference/cbc:ID') !== undefined,
      'DE-R-026',
      W,
      r,
      'If "Invoice type code" (BT-3) contains the code 384 (Corrected invoice), "PRECEDING INVOICE REFERENCE" (BG-3) should be provided at least once.',
    );
  if (contact) {
    const phone = text(first(contact, 'cbc:Telephone'));
    ctx.check(
      (phone.match(/\d/g) ?? []).length >= 3,
      'DE-R-027',
      W,
      contact,
      '"Seller contact telephone number" (BT-42) should contain a valid telephone number. A valid telephone should consist of 3 digits minimum.',
    );
    ctx.check(
      /^[^@\s]+@([^@.\s]+\.)+[^@.\s]+$/.test(text(first(contact, 'cbc:ElectronicMail'))),
      'DE-R-028',
      W,
      contact,
      '"Seller contact email address" (BT-43) should contain exactly one @-sign, which should not be framed by a whitespace or a dot but by at least two characters on each side. A dot should not be the first or last character.',
    );
  }
  for (const ref of all(r, 'cac:AdditionalDocumentReference/cac:Attachment/cac:ExternalReference')) {
    ctx.check(
      /^[a-zA-Z][a-zA-Z0-9+.-]+:/.test(first(ref, 'cbc:URI')?.textContent ?? ''),
      'DE-R-T02',
      W,
      ref,
      'If both supplier and customer are located in Germany, BT-124 "External document location" must contain an absolute URL with valid scheme.',
    );
  }
  const mandates = all(r, 'cac:PaymentMeans/cac:PaymentMandate');
  if (mandates.length) {
    const creditorIds = [
      ...all(seller, 'cac:PartyIdentification/cbc:ID'),
      ...all(r, 'cac:PayeeParty/cac:PartyIdentification/cbc:ID'),
    ].filter((id) => attr(id, 'schemeID') === 'SEPA');
    ctx.check(
      creditorIds.length > 0,
      'DE-R-030',
      F,
      r,
      'If the group "DIRECT DEBIT" (BG-19) is delivered, the element "Bank assigned creditor identifier" (BT-90) shall be provided.',
    );
    ctx.check(
      mandates.every((m) => first(m, 'cac:PayerFinancialAccount/cbc:ID') !== undefined),
      'DE-R-031',
      F,
      r,
      'If the group "DIRECT DEBIT" (BG-19) is delivered, the element "Debited account identifier" (BT-91) shall be provided.',
    );
  }
}
