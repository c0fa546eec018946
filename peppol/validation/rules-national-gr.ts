import { isValidGreekTin } from '../checksums.ts';
import { type RuleContext, addressCountry, all, attr, first, kids, text, val, vatIds } from './context.ts';

const GREEK_DOC_TYPES = new Set(['1.1', '1.6', '2.1', '2.4', '5.1', '5.2']);

/** The official u:TinVerification: the check digit of the first nine digits; anything after them is ignored. */
const tinVerification = (value: string) => /^[0-9]{9}/.test(value) && isValidGreekTin(value.slice(0, 9));

/** Greek national rules (GR-R-*, GR-S-*); `sc`/`cc` are the supplier and customer countries. */
export function checkGreece(ctx: RuleContext, sc: string, cc: string): void {
  const r = ctx.root;
  const greekSender = sc === 'GR' || sc === 'EL';
  const greekReceiver = cc === 'GR' || cc === 'EL';
  const sellerVat = val(
    all(ctx.seller, 'cac:PartyTaxScheme').find((s) => val(s, 'cac:TaxScheme/cbc:ID') === 'VAT'),
    'cbc:CompanyID',
  );
  const accountingSupplierCountry = sellerVat
    ? sellerVat.slice(0, 2).toUpperCase()
    : (val(ctx.seller, 'cac:PostalAddress/cac:Country/cbc:IdentificationCode') ?? 'XX').toUpperCase();
  if (greekSender) {
    const idEl = first(r, 'cbc:ID');
    if (idEl) {
      const segments = (idEl.textContent ?? '').split('|');
      ctx.check(
        segments.length === 6,
        'GR-R-001-1',
        'fatal',
        idEl,
        'When the Supplier is Greek, the Invoice Id should consist of 6 segments',
      );
      const repVat = val(
        all(r, 'cac:TaxRepresentativeParty/cac:PartyTaxScheme').find((s) => val(s, 'cac:TaxScheme/cbc:ID') === 'VAT'),
        'cbc:CompanyID',
      );
      const s1 = segments[0] ?? '';
      ctx.check(
        s1.trim().length === 9 &&
          tinVerification(s1) &&
          (s1 === sellerVat?.slice(2, 11) || s1 === repVat?.slice(2, 11)),
        'GR-R-001-2',
        'fatal',
        idEl,
        "When the Supplier is Greek, the Invoice Id first segment must be a valid TIN Number and match either the Supplier's or the Tax Representative's Tin Number",
      );
      const s2 = segments[1] ?? '';
      const dateParts = s2.split('/');
      const issue = (val(r, 'cbc:IssueDate') ?? '').split('-');
      ctx.check(
        s2.trim().length > 0 &&
          /^(0?[1-9]|[12][0-9]|3[01])[-\\/ ]?(0?[1-9]|1[0-2])[-\\/ ]?(19|20)[0-9]{2}/.test(s2) &&
          dateParts[0] === issue[2] &&
          dateParts[1] === issue[1] &&
          dateParts[2] === issue[0],
        'GR-R-001-3',
        'fatal',
        idEl,
        'When the Supplier is Greek, the Invoice Id second segment must be a valid Date that matches the invoice Issue Date',
      );
      const s3 = segments[2] ?? '';
      ctx.check(
        s3.trim().length > 0 && /^\s*\d+\s*$/.test(s3),
        'GR-R-001-4',
        'fatal',
        idEl,
        'When Supplier is Greek, the Invoice Id third segment must be a positive integer',
      );
      const s4 = segments[3] ?? '';
      ctx.check(
        s4.trim().length > 0 && GREEK_DOC_TYPES.has(s4),
        'GR-R-001-5',
        'fatal',
        idEl,
        'When Supplier is Greek, the Invoice Id in the fourth segment must be a valid greek document type',
      );
      ctx.check(
        (segments[4] ?? '').length > 0,
        'GR-R-001-6',
        'fatal',
        idEl,
        'When Supplier is Greek, the Invoice Id fifth segment must not be empty',
      );
      ctx.check(
        (segments[5] ?? '').length > 0,
        'GR-R-001-7',
        'fatal',
        idEl,
        'When Supplier is Greek, the Invoice Id sixth segment must not be empty',
      );
    }
    if (ctx.seller) {
      ctx.check(
        text(first(ctx.seller, 'cac:PartyName/cbc:Name')).length > 0 ||
          (first(ctx.seller, 'cac:PartyName/cbc:Name')?.textContent ?? '').length > 0,
        'GR-R-002',
        'fatal',
        ctx.seller,
        'Greek Suppliers must provide their full name as they are registered in the Greek Business Registry (G.E.MH.) as a legal entity or in the Tax Registry as a natural person',
      );
      const vats = vatIds(ctx.seller);
      const v = vats[0] ? (vats[0].textContent ?? '') : '';
      ctx.check(
        vats.length === 1 && v.slice(0, 2) === 'EL' && tinVerification(v.slice(2)),
        'GR-S-011',
        'warning',
        ctx.seller,
        'Greek suppliers must provide their Seller Tax Registration Number, prefixed by the country code',
      );
      for (const id of vats) {
        const t = id.textContent ?? '';
        ctx.check(
          t.slice(0, 2) === 'EL' && tinVerification(t.slice(2)),
          'GR-R-003',
          'fatal',
          id,
          "For the Greek Suppliers, the VAT must start with 'EL' and must be a valid TIN number",
        );
      }
    }
    const addressGr = addressCountry(ctx.seller) === 'GR';
    const refs = kids(r, 'cac:AdditionalDocumentReference');
    if (addressGr) {
      const marks = refs.filter((d) => text(first(d, 'cbc:DocumentDescription')) === '##M.AR.K##');
      ctx.check(marks.length === 1, 'GR-R-004-1', 'fatal', r, 'When Supplier is Greek, there must be one MARK Number');
      const urls = refs.filter((d) => text(first(d, 'cbc:DocumentDescription')) === '##INVOICE|URL##');
      ctx.check(
        urls.length === 1,
        'GR-S-008-1',
        'warning',
        r,
        'When Supplier is Greek, there should be one invoice url',
      );
      ctx.check(
        urls.length <= 1,
        'GR-R-008-2',
        'fatal',
        r,
        'When Supplier is Greek, there should be no more than one invoice url',
      );
      for (const m of marks) {
        const id = first(m, 'cbc:ID');
        if (id)
          ctx.check(
            /^[1-9]([0-9]*)/.test(id.textContent ?? ''),
            'GR-R-004-2',
            'fatal',
            id,
            'When Supplier is Greek, the MARK Number must be a positive integer',
          );
      }
    }
    for (const d of refs.filter((x) => text(first(x, 'cbc:DocumentDescription')) === '##INVOICE|URL##')) {
      ctx.check(
        text(first(d, 'cac:Attachment/cac:ExternalReference/cbc:URI')).length > 0,
        'GR-R-008-3',
        'fatal',
        d,
        'When Supplier is Greek and the INVOICE URL Document reference exists, the External Reference URI should be present',
      );
    }
    if (ctx.buyer)
      ctx.check(
        (first(ctx.buyer, 'cac:PartyName/cbc:Name')?.textContent ?? '').length > 0,
        'GR-R-005',
        'fatal',
        ctx.buyer,
        'Greek Suppliers must provide the full name of the buyer',
      );
  }
  if (accountingSupplierCountry === 'GR' || accountingSupplierCountry === 'EL') {
    for (const ep of kids(ctx.seller, 'cbc:EndpointID')) {
      ctx.check(
        attr(ep, 'schemeID') === '9933' && tinVerification(ep.textContent ?? ''),
        'GR-R-009',
        'fatal',
        ep,
        'Greek suppliers that send an invoice through the PEPPOL network must use a correct TIN number as an electronic address according to PEPPOL Electronic Address Identifier scheme (schemeID 9933).',
      );
    }
  }
  if (greekSender && greekReceiver && ctx.buyer) {
    const vats = vatIds(ctx.buyer);
    const v = vats[0] ? (vats[0].textContent ?? '') : '';
    ctx.check(
      vats.length === 1 && v.slice(0, 2) === 'EL' && tinVerification(v.slice(2)),
      'GR-R-006',
      'fatal',
      ctx.buyer,
      'Greek Suppliers must provide the VAT number of the buyer, if the buyer is Greek',
    );
    for (const ep of kids(ctx.buyer, 'cbc:EndpointID')) {
      ctx.check(
        attr(ep, 'schemeID') === '9933' && tinVerification(ep.textContent ?? ''),
        'GR-R-010',
        'fatal',
        ep,
        'Greek Suppliers that send an invoice through the PEPPOL network to a greek buyer must use a correct TIN number as an electronic address according to PEPPOL Electronic Address Identifier scheme (SchemeID 9933)',
      );
    }
  }
}
