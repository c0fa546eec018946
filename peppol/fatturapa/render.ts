import { type ComputedAllowanceCharge, type ComputedLine, computeDocument } from '../totals.ts';
import { type Dec, ZERO, aboveZero } from '../money.ts';
import { splitParticipantId } from '../identifiers.ts';
import { checkDocumentBody } from '../validation/validate-json.ts';
import type { DocumentBody, DocumentType, Party, ValidationIssue, VatCategory } from '../types.ts';
import { XmlWriter } from '../xml/writer.ts';
import {
  FATTURAPA_NS,
  type FatturaPAFormat,
  IT_SCHEMES,
  type Natura,
  compatible,
  modalitaOf,
  naturaOf,
} from './codes.ts';

/** What a FatturaPA needs beyond the DocumentBody; everything has a default or comes from the body. */
export interface FatturaPAOptions {
  /**
   * ProgressivoInvio: the transmitter's number for this file, at most 10 letters or digits, unique for the
   * transmitter. Default: the letters and digits of the document number (its last 10).
   */
  progressivoInvio?: string;
  /** Codice destinatario (7 characters) or IPA office code (6); default from the buyer's identifiers. */
  codiceDestinatario?: string;
  /** PEC address of the recipient; default from a buyer identifier of scheme 0202. */
  pec?: string;
  /** RegimeFiscale of the seller (RF01…RF19); default the seller's `taxRegistration` when it is one, else RF01. */
  regimeFiscale?: string;
  /** IdTrasmittente (country + codice fiscale of who transmits); default the seller's Italian VAT number. */
  transmitter?: { country: string; code: string };
  /** EsigibilitaIVA of the taxed VAT summaries: I immediate (default), D deferred, S split payment (PA only). */
  esigibilitaIva?: 'I' | 'D' | 'S';
}

export interface FatturaPAResult {
  /** The FatturaElettronica XML; absent when an error stopped the rendering. */
  xml?: string;
  format?: FatturaPAFormat;
  /** The SdI file name: `IT<transmitter code>_<5 characters>.xml`. */
  fileName?: string;
  codiceDestinatario?: string;
  /** Problems with the JSON path they concern (`field`); rule ids `FPA-*` or the structural `JSON-*`, `BR-*`. */
  errors: ValidationIssue[];
  warnings: ValidationIssue[];
}

const TIPO_DOCUMENTO: Partial<Record<DocumentType, string>> = {
  invoice: 'TD01',
  'credit-note': 'TD04',
  'debit-note': 'TD05',
};

const RF = /^RF(0[1-9]|1[0-9])$/;
const ZERO_VAT: ReadonlySet<VatCategory> = new Set<VatCategory>(['Z', 'E', 'AE', 'K', 'G', 'O']);

class Issues {
  readonly errors: ValidationIssue[] = [];
  readonly warnings: ValidationIssue[] = [];
  error(rule: string, path: string, message: string): void {
    this.errors.push({ rule, message, path });
  }
  warn(rule: string, path: string, message: string): void {
    this.warnings.push({ rule, message, path });
  }
}

/**
 * Renders a FatturaPA 1.2.2 (`FPR12`, or `FPA12` when the recipient code is a 6-character IPA office code)
 * from the body an Italian seller sends. Pure: never throws on bad input; what an Italian invoice lacks
 * comes back as errors with the JSON path (`$.seller.vatNumber`), and then no XML.
 */
export function renderFatturaPA(
  type: DocumentType,
  body: DocumentBody,
  options: FatturaPAOptions = {},
): FatturaPAResult {
  const issues = new Issues();
  const tipo = TIPO_DOCUMENTO[type];
  if (!tipo) {
    issues.error('FPA-TYPE', '$.type', `a FatturaPA carries invoices, credit notes and debit notes, not ${type}`);
    return { errors: issues.errors, warnings: issues.warnings };
  }
  const structural = checkDocumentBody(type, body);
  if (structural.errors.length) return { errors: structural.errors, warnings: structural.warnings };
  issues.warnings.push(...structural.warnings);

  const seller = sellerIds(body.seller, issues);
  const buyer = buyerIds(body.buyer, issues);
  const recipient = recipientOf(body.buyer, options, buyer, issues);
  const registration = body.seller?.taxRegistration?.trim().toUpperCase();
  const regime = options.regimeFiscale ?? (registration && /^RF\d\d$/.test(registration) ? registration : 'RF01');
  if (!RF.test(regime))
    issues.error('FPA-REGIME-FISCALE', '$.seller.taxRegistration', `${regime} is no RegimeFiscale (RF01…RF19)`);
  const progressivo = options.progressivoInvio ?? body.number.replace(/[^A-Za-z0-9]/g, '').slice(-10);
  if (!/^[A-Za-z0-9]{1,10}$/.test(progressivo))
    issues.error(
      'FPA-PROGRESSIVO',
      '$.number',
      'ProgressivoInvio must be 1 to 10 letters or digits (option progressivoInvio)',
    );
  if (body.number.length > 20)
    issues.error('FPA-NUMERO', '$.number', 'the invoice number has at most 20 characters in a FatturaPA');
  if (!/\d/.test(body.number))
    issues.error('FPA-NUMERO', '$.number', 'the invoice number must contain a digit (SdI check 00425)');
  const transmitter = options.transmitter ?? (seller ? { country: 'IT', code: seller.vat } : undefined);

  const computed = computeDocument(body);
  const naturas = naturaByCategory(body, computed.totals.breakdown, issues);
  for (const [i, line] of computed.lines.entries()) checkVat(line.category, line.rate, `$.lines[${i}]`, issues);
  for (const [i, a] of computed.allowances.entries()) checkVat(a.category, a.rate, `$.allowances[${i}]`, issues);
  for (const [i, c] of computed.charges.entries()) checkVat(c.category, c.rate, `$.charges[${i}]`, issues);

  if (issues.errors.length || !seller || !buyer || !recipient || !transmitter)
    return { errors: issues.errors, warnings: issues.warnings };

  const w = new XmlWriter(false);
  w.raw('<?xml version="1.0" encoding="UTF-8"?>\n');
  w.open('p:FatturaElettronica', {
    versione: recipient.format,
    'xmlns:ds': 'http://www.w3.org/2000/09/xmldsig#',
    'xmlns:p': FATTURAPA_NS,
    'xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance',
  });
  w.open('FatturaElettronicaHeader');
  w.open('DatiTrasmissione');
  w.open('IdTrasmittente')
    .leaf('IdPaese', transmitter.country)
    .leaf('IdCodice', transmitter.code)
    .close('IdTrasmittente');
  w.leaf('ProgressivoInvio', progressivo);
  w.leaf('FormatoTrasmissione', recipient.format);
  w.leaf('CodiceDestinatario', recipient.code);
  w.leaf('PECDestinatario', recipient.pec);
  w.close('DatiTrasmissione');

  const sellerParty = body.seller!;
  w.open('CedentePrestatore').open('DatiAnagrafici');
  w.open('IdFiscaleIVA').leaf('IdPaese', 'IT').leaf('IdCodice', seller.vat).close('IdFiscaleIVA');
  w.leaf('CodiceFiscale', seller.cf);
  anagrafica(w, sellerParty, '$.seller', issues);
  w.leaf('RegimeFiscale', regime);
  w.close('DatiAnagrafici');
  sede(w, sellerParty, '$.seller', issues);
  w.group('Contatti', () => {
    w.leaf('Telefono', phone(sellerParty.contact?.phone));
    w.leaf('Email', latin(sellerParty.contact?.email, 256, '$.seller.contact.email', issues));
  });
  w.close('CedentePrestatore');

  const buyerParty = body.buyer!;
  w.open('CessionarioCommittente').open('DatiAnagrafici');
  if (buyer.vat)
    w.open('IdFiscaleIVA').leaf('IdPaese', buyer.vat.country).leaf('IdCodice', buyer.vat.code).close('IdFiscaleIVA');
  w.leaf('CodiceFiscale', buyer.cf);
  anagrafica(w, buyerParty, '$.buyer', issues);
  w.close('DatiAnagrafici');
  sede(w, buyerParty, '$.buyer', issues);
  w.close('CessionarioCommittente');
  w.close('FatturaElettronicaHeader');

  w.open('FatturaElettronicaBody');
  w.open('DatiGenerali').open('DatiGeneraliDocumento');
  w.leaf('TipoDocumento', tipo);
  w.leaf('Divisa', body.currency ?? 'EUR');
  w.leaf('Data', body.issueDate);
  w.leaf('Numero', body.number);
  // The total to pay before any prepayment: the gross amount with its rounding.
  w.leaf('ImportoTotaleDocumento', amount2(computed.totals.gross.plus(computed.totals.rounding ?? ZERO)));
  if (computed.totals.rounding) w.leaf('Arrotondamento', amount2(computed.totals.rounding));
  for (const part of chunks(latin(body.note, 2000, '$.note', issues), 200)) w.leaf('Causale', part);
  w.close('DatiGeneraliDocumento');
  related(w, 'DatiOrdineAcquisto', body.orderReference);
  related(w, 'DatiContratto', body.contractReference);
  related(w, 'DatiRicezione', body.receiptReference);
  for (const ref of body.billingReferences ?? []) related(w, 'DatiFattureCollegate', ref.number, ref.issueDate);
  w.close('DatiGenerali');

  w.open('DatiBeniServizi');
  let n = 0;
  for (const [i, line] of computed.lines.entries()) dettaglio(w, ++n, line, naturas, `$.lines[${i}]`, issues);
  for (const a of computed.allowances) documentLevel(w, ++n, a, naturas);
  for (const c of computed.charges) documentLevel(w, ++n, c, naturas);
  const esigibilita = options.esigibilitaIva ?? 'I';
  for (const v of computed.totals.breakdown) {
    const natura = naturas.get(v.category);
    w.open('DatiRiepilogo');
    w.leaf('AliquotaIVA', rate(v.rate));
    if (ZERO_VAT.has(v.category)) w.leaf('Natura', natura);
    w.leaf('ImponibileImporto', amount2(v.taxable));
    w.leaf('Imposta', amount2(v.tax));
    if (!ZERO_VAT.has(v.category)) w.leaf('EsigibilitaIVA', esigibilita);
    if (ZERO_VAT.has(v.category))
      w.leaf(
        'RiferimentoNormativo',
        latin(riferimento(v.exemptionReason ?? exemptionText(body, v.category)), 100, '$.vatExemptions', issues),
      );
    w.close('DatiRiepilogo');
  }
  w.close('DatiBeniServizi');

  if (body.payment || body.dueDate) {
    const p = body.payment ?? {};
    w.open('DatiPagamento').leaf('CondizioniPagamento', 'TP02').open('DettaglioPagamento');
    w.leaf('Beneficiario', latin(p.accountName, 200, '$.payment.accountName', issues));
    w.leaf('ModalitaPagamento', modalitaOf(p));
    w.leaf('DataScadenzaPagamento', body.dueDate);
    w.leaf('ImportoPagamento', amount2(computed.totals.payable));
    w.leaf('IBAN', p.iban?.replace(/\s+/g, '').toUpperCase());
    w.leaf('BIC', p.bic?.toUpperCase());
    w.leaf('CodicePagamento', p.reference && p.reference.length <= 60 ? p.reference : undefined);
    w.close('DettaglioPagamento').close('DatiPagamento');
  }
  for (const att of body.attachments ?? []) {
    if (!att.content) continue;
    w.open('Allegati');
    w.leaf('NomeAttachment', latin(att.filename ?? att.id, 60, '$.attachments', issues));
    w.leaf('FormatoAttachment', formatOf(att.mimeCode));
    w.leaf('DescrizioneAttachment', latin(att.description, 100, '$.attachments', issues));
    w.leaf('Attachment', att.content);
    w.close('Allegati');
  }
  w.close('FatturaElettronicaBody');
  w.close('p:FatturaElettronica');

  if (issues.errors.length) return { errors: issues.errors, warnings: issues.warnings };
  const fileName = `${transmitter.country}${transmitter.code}_${fileSuffix(progressivo)}.xml`;
  return {
    xml: w.toString(),
    format: recipient.format,
    fileName,
    codiceDestinatario: recipient.code,
    errors: issues.errors,
    warnings: issues.warnings,
  };
}

// ---------------------------------------------------------------------------------------------------
// Parties

function idsOf(party: Party | undefined, scheme: string): string | undefined {
  if (!party) return undefined;
  const peppol = party.peppolId ? splitParticipantId(party.peppolId) : undefined;
  if (peppol?.scheme === scheme) return peppol.value;
  if (party.legalId?.scheme === scheme) return party.legalId.value;
  return party.identifiers?.find((i) => i.scheme === scheme)?.value;
}

function sellerIds(seller: Party | undefined, issues: Issues): { vat: string; cf?: string } | undefined {
  if (!seller) {
    issues.error('FPA-SELLER', '$.seller', 'the seller (cedente/prestatore) is required');
    return undefined;
  }
  const vat = (seller.vatNumber ?? idsOf(seller, IT_SCHEMES.partitaIva) ?? '').replace(/\s+/g, '').toUpperCase();
  const digits = vat.startsWith('IT') ? vat.slice(2) : vat;
  let ok = true;
  if (!/^\d{11}$/.test(digits) || (vat.length > 11 && !vat.startsWith('IT'))) {
    issues.error(
      'FPA-SELLER-VAT',
      '$.seller.vatNumber',
      'the seller needs an Italian VAT number (partita IVA, IT + 11 digits)',
    );
    ok = false;
  }
  if (seller.address?.country && seller.address.country !== 'IT')
    issues.error(
      'FPA-SELLER-COUNTRY',
      '$.seller.address.country',
      'a FatturaPA is issued by a seller established in Italy',
    );
  const cf = idsOf(seller, IT_SCHEMES.codiceFiscale)?.toUpperCase();
  if (cf !== undefined && !/^[A-Z0-9]{11,16}$/.test(cf)) {
    issues.error('FPA-CODICE-FISCALE', '$.seller.legalId', `${cf} is no codice fiscale (11 to 16 letters or digits)`);
    ok = false;
  }
  return ok ? { vat: digits, ...(cf ? { cf } : {}) } : undefined;
}

interface BuyerIds {
  vat?: { country: string; code: string };
  cf?: string;
}

function buyerIds(buyer: Party | undefined, issues: Issues): BuyerIds | undefined {
  if (!buyer) {
    issues.error('FPA-BUYER', '$.buyer', 'the buyer (cessionario/committente) is required');
    return undefined;
  }
  const out: BuyerIds = {};
  const raw = (buyer.vatNumber ?? idsOf(buyer, IT_SCHEMES.partitaIva) ?? '').replace(/[\s.-]+/g, '').toUpperCase();
  if (raw) {
    const m = /^([A-Z]{2})([A-Z0-9+*]{1,28})$/.exec(raw);
    const country = buyer.address?.country ?? 'IT';
    if (m) out.vat = { country: m[1] === 'EL' ? 'GR' : m[1], code: m[2] };
    else if (/^[A-Z0-9]{1,28}$/.test(raw)) out.vat = { country, code: raw };
    else issues.error('FPA-BUYER-VAT', '$.buyer.vatNumber', `${raw} is no VAT number`);
    if (out.vat?.country === 'IT' && !/^\d{11}$/.test(out.vat.code))
      issues.error('FPA-BUYER-VAT', '$.buyer.vatNumber', 'an Italian partita IVA has 11 digits');
  }
  const cf = idsOf(buyer, IT_SCHEMES.codiceFiscale)?.toUpperCase();
  if (cf !== undefined) {
    if (/^[A-Z0-9]{11,16}$/.test(cf)) out.cf = cf;
    else
      issues.error('FPA-CODICE-FISCALE', '$.buyer.legalId', `${cf} is no codice fiscale (11 to 16 letters or digits)`);
  }
  if (!out.vat && !out.cf) {
    issues.error(
      'FPA-BUYER-ID',
      '$.buyer.vatNumber',
      'the buyer needs a VAT number or a codice fiscale (legalId or identifier with scheme 0210)',
    );
    return undefined;
  }
  return out;
}

interface Recipient {
  format: FatturaPAFormat;
  code: string;
  pec?: string;
}

function recipientOf(
  buyer: Party | undefined,
  options: FatturaPAOptions,
  ids: BuyerIds | undefined,
  issues: Issues,
): Recipient | undefined {
  if (!buyer) return undefined;
  const pec = options.pec ?? idsOf(buyer, IT_SCHEMES.pec);
  if (pec !== undefined && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(pec)) {
    issues.error('FPA-PEC', '$.buyer.identifiers', `${pec} is no PEC address`);
    return undefined;
  }
  const code = (
    options.codiceDestinatario ??
    idsOf(buyer, IT_SCHEMES.ipa) ??
    idsOf(buyer, IT_SCHEMES.codiceDestinatario)
  )?.toUpperCase();
  const path = options.codiceDestinatario !== undefined ? '$.options.codiceDestinatario' : '$.buyer.peppolId';
  if (code !== undefined) {
    if (/^[A-Z0-9]{6}$/.test(code)) {
      if (pec)
        issues.warn(
          'FPA-PEC',
          '$.buyer.identifiers',
          'a public administration receives through its IPA code; the PEC is left out',
        );
      return { format: 'FPA12', code };
    }
    if (/^[A-Z0-9]{7}$/.test(code)) {
      if (code === '0000000' && !pec && ids?.vat?.country === 'IT')
        issues.warn(
          'FPA-RECIPIENT',
          path,
          "no channel: the invoice is only delivered to the buyer's tax reserved area",
        );
      return pec && code === '0000000' ? { format: 'FPR12', code, pec } : { format: 'FPR12', code };
    }
    issues.error(
      'FPA-CODICE-DESTINATARIO',
      path,
      `${code} is neither a codice destinatario (7 letters or digits) nor an IPA office code (6)`,
    );
    return undefined;
  }
  if (pec) return { format: 'FPR12', code: '0000000', pec };
  const country = buyer.address?.country ?? ids?.vat?.country;
  if (country && country !== 'IT') return { format: 'FPR12', code: 'XXXXXXX' };
  if (ids && !ids.vat && ids.cf) {
    issues.warn('FPA-RECIPIENT', '$.buyer', 'a consumer without channel: codice destinatario 0000000');
    return { format: 'FPR12', code: '0000000' };
  }
  issues.error(
    'FPA-RECIPIENT',
    '$.buyer.peppolId',
    'the buyer needs a codice destinatario (scheme 0205), an IPA office code (0201) or a PEC address (0202)',
  );
  return undefined;
}

function anagrafica(w: XmlWriter, party: Party, path: string, issues: Issues): void {
  const name = party.legalName ?? party.name;
  if (!name) {
    issues.error('FPA-NAME', `${path}.name`, 'a name (Denominazione) is required');
    return;
  }
  w.open('Anagrafica')
    .leaf('Denominazione', latin(name, 80, `${path}.name`, issues))
    .close('Anagrafica');
}

function sede(w: XmlWriter, party: Party, path: string, issues: Issues): void {
  const a = party.address;
  const p = `${path}.address`;
  if (!a?.street || !a.city) {
    issues.error('FPA-ADDRESS', p, 'the address needs a street and a city (Sede: Indirizzo, Comune)');
    return;
  }
  const italian = a.country === 'IT';
  let cap = a.postalCode?.replace(/\s+/g, '');
  if (italian && !/^\d{5}$/.test(cap ?? '')) {
    issues.error('FPA-CAP', `${p}.postalCode`, 'an Italian address needs a postal code (CAP) of 5 digits');
    return;
  }
  if (!italian) cap = '00000';
  w.open('Sede');
  w.leaf('Indirizzo', latin([a.street, a.additionalStreet].filter(Boolean).join(' '), 60, `${p}.street`, issues));
  w.leaf('CAP', cap);
  w.leaf('Comune', latin(a.city, 60, `${p}.city`, issues));
  const province = a.region?.trim().toUpperCase();
  if (italian && province && /^[A-Z]{2}$/.test(province)) w.leaf('Provincia', province);
  else if (italian && province) issues.warn('FPA-PROVINCIA', `${p}.region`, 'Provincia is a 2-letter code; left out');
  w.leaf('Nazione', a.country);
  w.close('Sede');
}

function phone(value: string | undefined): string | undefined {
  const v = value?.replace(/[^0-9+\-/. ]/g, '').trim();
  return v && v.length >= 5 && v.length <= 12 ? v : undefined;
}

// ---------------------------------------------------------------------------------------------------
// VAT

function naturaByCategory(
  body: DocumentBody,
  breakdown: readonly { category: VatCategory; exemptionReason?: string; exemptionReasonCode?: string }[],
  issues: Issues,
): Map<VatCategory, Natura> {
  const out = new Map<VatCategory, Natura>();
  for (const v of breakdown) {
    if (!ZERO_VAT.has(v.category) || out.has(v.category)) continue;
    const ex = body.vatExemptions?.find((e) => e.category === v.category);
    const code = v.exemptionReasonCode ?? ex?.reasonCode;
    const reason = v.exemptionReason ?? ex?.reason;
    const natura = naturaOf(v.category, code, reason);
    if (!natura) continue;
    if (!compatible(natura, v.category))
      issues.error('FPA-NATURA', '$.vatExemptions', `Natura ${natura} does not fit VAT category ${v.category}`);
    out.set(v.category, natura);
  }
  return out;
}

function checkVat(category: VatCategory | undefined, r: Dec | undefined, path: string, issues: Issues): void {
  if (!category) issues.error('FPA-VAT-CATEGORY', `${path}.vatCategory`, 'a VAT category is required');
  else if (category === 'L' || category === 'M')
    issues.error(
      'FPA-VAT-CATEGORY',
      `${path}.vatCategory`,
      `VAT category ${category} (Canary Islands, Ceuta and Melilla) has no place in an Italian invoice`,
    );
  else if (category === 'S' && !(r && aboveZero(r)))
    issues.error(
      'FPA-VAT-RATE',
      `${path}.vatRate`,
      'a standard-rated line needs a rate above 0 (Italian rates: 4, 5, 10, 22)',
    );
  else if (ZERO_VAT.has(category) && r && !r.isZero())
    issues.error('FPA-VAT-RATE', `${path}.vatRate`, `VAT category ${category} has rate 0`);
}

/** The exemption reason without the Natura code it may start with; undefined when nothing else is left. */
function riferimento(reason: string | undefined): string | undefined {
  const rest = reason?.replace(/^\s*\[?N\d(?:\.\d)?\]?(?=$|[\s\-:,;])[\s\-:,;]*/, '').trim();
  return rest ? rest : undefined;
}

function exemptionText(body: DocumentBody, category: VatCategory): string | undefined {
  return body.vatExemptions?.find((e) => e.category === category)?.reason;
}

// ---------------------------------------------------------------------------------------------------
// Lines

function dettaglio(
  w: XmlWriter,
  n: number,
  line: ComputedLine,
  naturas: ReadonlyMap<VatCategory, Natura>,
  path: string,
  issues: Issues,
): void {
  const src = line.source;
  const base = line.baseQuantity && !line.baseQuantity.isZero() ? line.baseQuantity : undefined;
  const negative = line.quantity.isNegative();
  const quantity = negative ? line.quantity.negated() : line.quantity;
  const sign = (d: Dec) => (negative ? d.negated() : d);
  const unitGross = (line.grossPrice ?? line.price).div(base ?? 1);
  const unitNet = line.price.div(base ?? 1);
  w.open('DettaglioLinee');
  w.leaf('NumeroLinea', String(n));
  codice(w, 'SA', src.itemCode);
  codice(w, 'BY', src.buyerItemCode);
  if (src.standardItemId) codice(w, src.standardItemId.scheme ?? 'STD', src.standardItemId.value);
  w.leaf('Descrizione', latin(src.description, 1000, `${path}.description`, issues));
  w.leaf('Quantita', amount8(quantity));
  w.leaf('UnitaMisura', src.unit && src.unit.length <= 10 ? src.unit : undefined);
  w.leaf('DataInizioPeriodo', src.period?.start);
  w.leaf('DataFinePeriodo', src.period?.end);
  w.leaf('PrezzoUnitario', amount8(sign(unitGross)));
  if (line.grossPrice && !unitGross.eq(unitNet)) sconto(w, sign(unitGross.minus(unitNet)), false);
  if (!quantity.isZero()) {
    for (const a of line.allowances) sconto(w, a.amount.div(quantity), false);
    for (const c of line.charges) sconto(w, c.amount.div(quantity), true);
  }
  w.leaf('PrezzoTotale', amount8(line.net));
  w.leaf('AliquotaIVA', rate(line.rate));
  if (ZERO_VAT.has(line.category)) w.leaf('Natura', naturas.get(line.category));
  w.close('DettaglioLinee');
}

function codice(w: XmlWriter, tipo: string, value: string | undefined): void {
  if (!value) return;
  w.open('CodiceArticolo')
    .leaf('CodiceTipo', tipo.slice(0, 35))
    .leaf('CodiceValore', value.slice(0, 35))
    .close('CodiceArticolo');
}

function sconto(w: XmlWriter, perUnit: Dec, charge: boolean): void {
  w.open('ScontoMaggiorazione').leaf('Tipo', charge ? 'MG' : 'SC');
  w.leaf('Importo', amount8(perUnit.abs()));
  w.close('ScontoMaggiorazione');
}

/** A document allowance (sconto, negative) or charge (spesa accessoria) as a line of its own. */
function documentLevel(
  w: XmlWriter,
  n: number,
  ac: ComputedAllowanceCharge,
  naturas: ReadonlyMap<VatCategory, Natura>,
): void {
  const price = ac.charge ? ac.amount : ac.amount.negated();
  w.open('DettaglioLinee');
  w.leaf('NumeroLinea', String(n));
  w.leaf('TipoCessionePrestazione', ac.charge ? 'AC' : 'SC');
  w.leaf('Descrizione', (ac.reason ?? (ac.charge ? 'Spese accessorie' : 'Sconto')).slice(0, 1000));
  w.leaf('PrezzoUnitario', amount8(price));
  w.leaf('PrezzoTotale', amount8(price));
  w.leaf('AliquotaIVA', rate(ac.rate));
  if (ac.category && ZERO_VAT.has(ac.category)) w.leaf('Natura', naturas.get(ac.category));
  w.close('DettaglioLinee');
}

function related(w: XmlWriter, name: string, id: string | undefined, date?: string): void {
  if (!id) return;
  w.open(name).leaf('IdDocumento', id.slice(0, 20)).leaf('Data', date).close(name);
}

// ---------------------------------------------------------------------------------------------------
// Values

function amount2(d: Dec): string {
  return d.toFixed(2, 4 /* ROUND_HALF_UP */);
}

/** Amount8DecimalType: 2 to 8 decimals. */
function amount8(d: Dec): string {
  const places = Math.min(8, Math.max(2, d.decimalPlaces()));
  return d.toFixed(places, 4);
}

function rate(d: Dec | undefined): string {
  return (d ?? ZERO).toFixed(2, 4);
}

/** FatturaPA text is Latin-1; longer text than the field holds is cut, both with a warning. */
function latin(text: string | undefined, max: number, path: string, issues: Issues): string | undefined {
  if (text === undefined) return undefined;
  let out = text.replace(/\s+/g, ' ').trim();
  if (/[^\u0000-\u00ff]/.test(out)) {
    out = out
      .replace(/[\u2018\u2019]/g, "'")
      .replace(/[\u201c\u201d]/g, '"')
      .replace(/[\u2013\u2014]/g, '-')
      .replace(/\u20ac/g, 'EUR');
    if (/[^\u0000-\u00ff]/.test(out)) {
      issues.warn('FPA-LATIN', path, 'characters outside Latin-1 were replaced by ?');
      out = out.replace(/[^\u0000-\u00ff]/g, '?');
    }
  }
  if (out.length > max) {
    issues.warn('FPA-LENGTH', path, `cut to the ${max} characters the field holds`);
    out = out.slice(0, max);
  }
  return out;
}

function chunks(text: string | undefined, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; text && i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

function formatOf(mime: string | undefined): string | undefined {
  if (!mime) return undefined;
  const tail = mime.split('/').pop()!.toUpperCase();
  return tail.length <= 10 ? tail : undefined;
}

function fileSuffix(progressivo: string): string {
  return progressivo.slice(-5).padStart(5, '0');
}
