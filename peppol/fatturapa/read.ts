import { type Dec, ONE, ZERO, decimalOf, sum } from '../money.ts';
import type {
  Address,
  AllowanceCharge,
  DocumentBody,
  DocumentLine,
  DocumentType,
  Party,
  PaymentInfo,
  SchemedId,
  ValidationIssue,
  VatBreakdown,
  VatCategory,
  VatExemption,
} from '../types.ts';
import { type El, all, first, kids, parseXmlTree, val } from '../xml/dom.ts';
import { FATTURAPA_NS, type FatturaPAFormat, IT_SCHEMES, categoryOfNatura, paymentOfModalita } from './codes.ts';

/** What a FatturaPA says that has no place in the DocumentBody. */
export interface FatturaPAEnvelope {
  format: FatturaPAFormat;
  progressivoInvio?: string;
  codiceDestinatario?: string;
  pec?: string;
  regimeFiscale?: string;
  /** TD01…TD28 as written. */
  tipoDocumento: string;
  transmitter?: { country: string; code: string };
}

export interface FatturaPADocument {
  type: Extract<DocumentType, 'invoice' | 'credit-note' | 'debit-note'>;
  body: DocumentBody;
  fatturapa: FatturaPAEnvelope;
}

export type FatturaPAReadResult =
  { ok: true; documents: FatturaPADocument[]; warnings: ValidationIssue[] } | { ok: false; errors: ValidationIssue[] };

const CREDIT = new Set(['TD04', 'TD08']);
const DEBIT = new Set(['TD05', 'TD09']);

/**
 * Reads a received FatturaPA 1.2.x into DocumentBodies, one for each FatturaElettronicaBody (a batch file
 * holds several invoices of the same seller to the same buyer). Totals are taken as the file states them
 * (VAT summaries, document total, line totals), never recomputed, so nothing of its figures is lost.
 * Pure; never throws: a file that is not a FatturaPA comes back as errors with an XPath.
 */
export function readFatturaPA(xml: string): FatturaPAReadResult {
  const parsed = parseXmlTree(xml);
  if (!parsed.ok) return parsed;
  const root = parsed.root;
  if (root.localName !== 'FatturaElettronica' || root.namespaceURI !== FATTURAPA_NS)
    return fail(
      'FPA-ROOT',
      '/',
      `not a FatturaPA 1.2: root ${root.nodeName} in ${root.namespaceURI ?? 'no namespace'}`,
    );
  const versione = root.getAttributeNode('versione')?.value;
  if (versione !== 'FPA12' && versione !== 'FPR12')
    return fail('FPA-VERSIONE', '/*/@versione', `versione ${versione ?? '(none)'} is neither FPA12 nor FPR12`);
  const header = first(root, 'FatturaElettronicaHeader');
  if (!header) return fail('FPA-HEADER', '/*', 'FatturaElettronicaHeader is missing');
  const warnings: ValidationIssue[] = [];

  const tx = first(header, 'DatiTrasmissione');
  const sellerEl = first(header, 'CedentePrestatore');
  const buyerEl = first(header, 'CessionarioCommittente');
  if (!sellerEl || !buyerEl) return fail('FPA-HEADER', '/*/FatturaElettronicaHeader', 'seller or buyer is missing');
  const codice = val(tx, 'CodiceDestinatario');
  const pec = val(tx, 'PECDestinatario');
  const txCountry = val(tx, 'IdTrasmittente/IdPaese');
  const txCode = val(tx, 'IdTrasmittente/IdCodice');
  const regime = val(sellerEl, 'DatiAnagrafici/RegimeFiscale');
  const seller = party(sellerEl);
  if (regime && regime !== 'RF01') seller.taxRegistration = regime;
  const buyer = party(buyerEl);
  const buyerIds: SchemedId[] = [...(buyer.identifiers ?? [])];
  if (codice && /^[A-Z0-9]{6}$/.test(codice)) buyer.peppolId = `${IT_SCHEMES.ipa}:${codice}`;
  else if (codice && codice !== '0000000' && codice !== 'XXXXXXX')
    buyer.peppolId = `${IT_SCHEMES.codiceDestinatario}:${codice}`;
  if (pec) buyerIds.push({ scheme: IT_SCHEMES.pec, value: pec });
  if (buyerIds.length) buyer.identifiers = buyerIds;
  const representative = first(header, 'RappresentanteFiscale');

  const bodies = kids(root, 'FatturaElettronicaBody');
  if (!bodies.length) return fail('FPA-BODY', '/*', 'FatturaElettronicaBody is missing');
  const documents: FatturaPADocument[] = [];
  for (const [i, b] of bodies.entries()) {
    const path = `/*/FatturaElettronicaBody[${i + 1}]`;
    const doc = first(b, 'DatiGenerali/DatiGeneraliDocumento');
    const tipo = val(doc, 'TipoDocumento');
    const number = val(doc, 'Numero');
    const date = val(doc, 'Data');
    if (!doc || !tipo || !number || !date)
      return fail('FPA-DOCUMENT', `${path}/DatiGenerali`, 'TipoDocumento, Numero and Data are required');
    const body: DocumentBody = { number, issueDate: date, currency: val(doc, 'Divisa') ?? 'EUR', lines: [] };
    body.seller = structuredClone(seller);
    body.buyer = structuredClone(buyer);
    if (representative) body.taxRepresentative = party(representative);
    const causale = all(doc, 'Causale').map(textOf).filter(Boolean);
    // Causale holds 200 characters: a full one was cut from a longer text, a shorter one ends a sentence.
    if (causale.length)
      body.note = causale.reduce((a, c, k) => (k === 0 ? c : a + (causale[k - 1].length >= 200 ? '' : ' ') + c), '');
    const general = first(b, 'DatiGenerali');
    body.orderReference = val(general, 'DatiOrdineAcquisto/IdDocumento');
    body.contractReference = val(general, 'DatiContratto/IdDocumento');
    body.receiptReference = val(general, 'DatiRicezione/IdDocumento');
    const linked = all(general, 'DatiFattureCollegate').flatMap((f) => {
      const n = val(f, 'IdDocumento');
      const d = val(f, 'Data');
      return n ? [d ? { number: n, issueDate: d } : { number: n }] : [];
    });
    if (linked.length) body.billingReferences = linked;

    readLines(b, body);
    readSummaries(b, body, doc, warnings, path);
    readPayment(b, body);
    readAttachments(b, body);
    for (const key of Object.keys(body) as (keyof DocumentBody)[]) if (body[key] === undefined) delete body[key];

    const type = CREDIT.has(tipo) ? 'credit-note' : DEBIT.has(tipo) ? 'debit-note' : 'invoice';
    if (type === 'invoice' && tipo !== 'TD01')
      warnings.push({
        rule: 'FPA-TIPO',
        message: `TipoDocumento ${tipo} read as an invoice`,
        path: `${path}/DatiGenerali`,
      });
    const envelope: FatturaPAEnvelope = { format: versione, tipoDocumento: tipo };
    const progressivo = val(tx, 'ProgressivoInvio');
    if (progressivo) envelope.progressivoInvio = progressivo;
    if (codice) envelope.codiceDestinatario = codice;
    if (pec) envelope.pec = pec;
    if (regime) envelope.regimeFiscale = regime;
    if (txCountry && txCode) envelope.transmitter = { country: txCountry, code: txCode };
    documents.push({ type, body, fatturapa: envelope });
  }
  return { ok: true, documents, warnings };
}

function fail(rule: string, path: string, message: string): FatturaPAReadResult {
  return { ok: false, errors: [{ rule, message, path }] };
}

function textOf(el: El): string {
  return (el.textContent ?? '').trim();
}

function party(el: El): Party {
  const p: Party = {};
  const ana = first(el, 'DatiAnagrafici');
  const country = val(ana, 'IdFiscaleIVA/IdPaese');
  const code = val(ana, 'IdFiscaleIVA/IdCodice');
  if (country && code) p.vatNumber = `${country === 'GR' ? 'EL' : country}${code}`;
  const cf = val(ana, 'CodiceFiscale');
  if (cf) p.legalId = { scheme: IT_SCHEMES.codiceFiscale, value: cf };
  const denominazione = val(ana, 'Anagrafica/Denominazione');
  const person = [val(ana, 'Anagrafica/Nome'), val(ana, 'Anagrafica/Cognome')].filter(Boolean).join(' ');
  const name = denominazione ?? (person || undefined);
  if (name) p.name = name;
  const sede = first(el, 'Sede');
  if (sede) {
    const a: Address = { country: val(sede, 'Nazione') ?? 'IT' };
    const street = [val(sede, 'Indirizzo'), val(sede, 'NumeroCivico')].filter(Boolean).join(' ');
    if (street) a.street = street;
    const city = val(sede, 'Comune');
    if (city) a.city = city;
    const cap = val(sede, 'CAP');
    if (cap && !(a.country !== 'IT' && cap === '00000')) a.postalCode = cap;
    const province = val(sede, 'Provincia');
    if (province) a.region = province;
    p.address = a;
  }
  const phone = val(el, 'Contatti/Telefono');
  const email = val(el, 'Contatti/Email');
  if (phone || email) p.contact = { ...(phone ? { phone } : {}), ...(email ? { email } : {}) };
  return p;
}

function dec(el: El | undefined, path: string): Dec | undefined {
  const t = val(el, path);
  return t === undefined ? undefined : decimalOf(t);
}

function categoryOf(rate: Dec | undefined, natura: string | undefined): VatCategory {
  if (natura) return categoryOfNatura(natura).category;
  return rate && !rate.isZero() ? 'S' : 'Z';
}

function readLines(b: El, body: DocumentBody): void {
  const lines: DocumentLine[] = [];
  const allowances: AllowanceCharge[] = [];
  const charges: AllowanceCharge[] = [];
  for (const d of all(b, 'DatiBeniServizi/DettaglioLinee')) {
    const total = dec(d, 'PrezzoTotale') ?? ZERO;
    const r = dec(d, 'AliquotaIVA') ?? ZERO;
    const natura = val(d, 'Natura');
    const category = categoryOf(r, natura);
    const tipo = val(d, 'TipoCessionePrestazione');
    const description = val(d, 'Descrizione') ?? '';
    const qty = dec(d, 'Quantita');
    // A document allowance or charge written as a line of its own (as the renderer does).
    if ((tipo === 'SC' && total.isNegative()) || (tipo === 'AC' && !total.isNegative())) {
      if (qty === undefined) {
        const ac: AllowanceCharge = { amount: total.abs().toFixed(2), reason: description, vatCategory: category };
        if (category !== 'O') ac.vatRate = r.toFixed();
        (tipo === 'SC' ? allowances : charges).push(ac);
        continue;
      }
    }
    // EN16931 has no negative price: a negative one moves its sign to the quantity.
    const price = dec(d, 'PrezzoUnitario') ?? ZERO;
    const negative = price.isNegative();
    const quantity = negative ? (qty ?? ONE).negated() : (qty ?? ONE);
    const unitPrice = price.abs();
    const line: DocumentLine = {
      id: val(d, 'NumeroLinea') ?? String(lines.length + 1),
      description,
      quantity: quantity.toFixed(),
      unitPrice: unitPrice.toFixed(),
      netAmount: total.toFixed(),
      vatCategory: category,
    };
    if (category !== 'O') line.vatRate = r.toFixed();
    const unit = val(d, 'UnitaMisura');
    if (unit) line.unit = unit;
    const start = val(d, 'DataInizioPeriodo');
    const end = val(d, 'DataFinePeriodo');
    if (start || end) line.period = { ...(start ? { start } : {}), ...(end ? { end } : {}) };
    for (const c of all(d, 'CodiceArticolo')) {
      const tipoCodice = val(c, 'CodiceTipo');
      const value = val(c, 'CodiceValore');
      if (!value) continue;
      if (tipoCodice === 'SA' && !line.itemCode) line.itemCode = value;
      else if (tipoCodice === 'BY' && !line.buyerItemCode) line.buyerItemCode = value;
      else if (!line.standardItemId) line.standardItemId = tipoCodice ? { scheme: tipoCodice, value } : { value };
    }
    const sm = all(d, 'ScontoMaggiorazione');
    if (sm.length) {
      // The price after discounts and surcharges is what the line total follows; each one keeps its amount.
      let net = unitPrice;
      for (const s of sm) {
        const pct = dec(s, 'Percentuale');
        const imp = dec(s, 'Importo') ?? (pct ? net.times(pct).div(100) : ZERO);
        const charge = val(s, 'Tipo') === 'MG';
        net = charge ? net.plus(imp) : net.minus(imp);
        const amount = imp.times(quantity).toDecimalPlaces(2);
        const ac: AllowanceCharge = { amount: amount.toFixed(2), reason: charge ? 'Maggiorazione' : 'Sconto' };
        if (charge) (line.charges ??= []).push(ac);
        else (line.allowances ??= []).push(ac);
      }
    }
    lines.push(line);
  }
  body.lines = lines;
  if (allowances.length) body.allowances = allowances;
  if (charges.length) body.charges = charges;
}

function readSummaries(b: El, body: DocumentBody, doc: El, warnings: ValidationIssue[], path: string): void {
  const breakdown: VatBreakdown[] = [];
  const exemptions: VatExemption[] = [];
  const naturas = new Map<VatCategory, string>();
  for (const r of all(b, 'DatiBeniServizi/DatiRiepilogo')) {
    const rate = dec(r, 'AliquotaIVA') ?? ZERO;
    const natura = val(r, 'Natura');
    if (natura) {
      const category = categoryOf(rate, natura);
      const seen = naturas.get(category);
      if (seen && seen !== natura)
        warnings.push({
          rule: 'FPA-NATURA',
          message: `Natura ${seen} and ${natura} are both VAT category ${category}: the lines keep their amounts, not which nature each had`,
          path: `${path}/DatiBeniServizi`,
        });
      naturas.set(category, natura);
    }
    const mapped = natura ? categoryOfNatura(natura) : undefined;
    const category = categoryOf(rate, natura);
    const taxable = (dec(r, 'ImponibileImporto') ?? ZERO).plus(dec(r, 'SpeseAccessorie') ?? ZERO);
    const v: VatBreakdown = {
      category,
      taxableAmount: taxable.toFixed(2),
      taxAmount: (dec(r, 'Imposta') ?? ZERO).toFixed(2),
    };
    if (category !== 'O') v.rate = rate.toFixed();
    if (natura) {
      const riferimento = val(r, 'RiferimentoNormativo');
      // The nature leads the reason text so that it survives a conversion to EN16931 and back.
      v.exemptionReason = riferimento ? `${natura} ${riferimento}` : natura;
      if (mapped?.reasonCode) v.exemptionReasonCode = mapped.reasonCode;
      if (!exemptions.some((e) => e.category === category))
        exemptions.push({
          category,
          reason: v.exemptionReason,
          ...(v.exemptionReasonCode ? { reasonCode: v.exemptionReasonCode } : {}),
        });
    }
    breakdown.push(v);
  }
  if (!breakdown.length) {
    warnings.push({ rule: 'FPA-RIEPILOGO', message: 'no DatiRiepilogo', path: `${path}/DatiBeniServizi` });
    return;
  }
  const net = sum(breakdown.map((v) => decimalOf(String(v.taxableAmount))!));
  const vat = sum(breakdown.map((v) => decimalOf(String(v.taxAmount))!));
  const rounding = dec(doc, 'Arrotondamento');
  const stated = dec(doc, 'ImportoTotaleDocumento');
  // ImportoTotaleDocumento includes the Arrotondamento; EN16931's gross amount does not.
  const gross = stated ? stated.minus(rounding ?? ZERO) : net.plus(vat);
  const payments = all(b, 'DatiPagamento/DettaglioPagamento')
    .map((p) => dec(p, 'ImportoPagamento'))
    .filter((d): d is Dec => d !== undefined);
  body.totals = {
    netAmount: net.toFixed(2),
    vatAmount: vat.toFixed(2),
    grossAmount: gross.toFixed(2),
    payableAmount: (payments.length ? sum(payments) : gross).toFixed(2),
    vatBreakdown: breakdown,
    ...(rounding ? { roundingAmount: rounding.toFixed(2) } : {}),
  };
  if (exemptions.length) body.vatExemptions = exemptions;
}

function readPayment(b: El, body: DocumentBody): void {
  const d = first(b, 'DatiPagamento/DettaglioPagamento');
  if (!d) return;
  const iban = val(d, 'IBAN');
  const p: PaymentInfo = { ...paymentOfModalita(val(d, 'ModalitaPagamento') ?? '', iban) };
  if (iban) p.iban = iban;
  const bic = val(d, 'BIC');
  if (bic) p.bic = bic;
  const name = val(d, 'Beneficiario');
  if (name) p.accountName = name;
  const ref = val(d, 'CodicePagamento');
  if (ref) p.reference = ref;
  const condizioni = val(b, 'DatiPagamento/CondizioniPagamento');
  if (condizioni === 'TP01') p.terms = 'Pagamento a rate';
  body.payment = p;
  const due = val(d, 'DataScadenzaPagamento');
  if (due) body.dueDate = due;
}

function readAttachments(b: El, body: DocumentBody): void {
  const out = all(b, 'Allegati').flatMap((a, i) => {
    const content = val(a, 'Attachment');
    if (!content) return [];
    const name = val(a, 'NomeAttachment') ?? `allegato-${i + 1}`;
    const description = val(a, 'DescrizioneAttachment');
    const format = val(a, 'FormatoAttachment')?.toLowerCase();
    const mime =
      format === 'pdf' ? 'application/pdf' : format === 'png' || format === 'jpeg' ? `image/${format}` : undefined;
    return [
      {
        id: name,
        filename: name,
        content,
        ...(description ? { description } : {}),
        ...(mime ? { mimeCode: mime } : {}),
      },
    ];
  });
  if (out.length) body.attachments = out;
}
