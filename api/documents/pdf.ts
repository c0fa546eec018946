import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Router } from 'express';
import PDFDocument from 'pdfkit';
import SVGtoPDF from 'svg-to-pdfkit';
import { parseLogo } from '../../core/logos.ts';
import { findBranding } from '../../db/platform-settings.ts';
import type { Branding } from '../../db/tables/platform.ts';
import type { Db } from '../../db/database.ts';
import { findDocument, type DocumentRow } from '../../db/documents.ts';
import { findFile } from '../../db/files.ts';
import {
  computeDocument,
  DOCUMENT_TYPE_INFO,
  renderCii,
  type Address,
  type DocumentBody,
  type DocumentType,
  type Party,
} from '../../peppol/index.ts';
import type { Scope } from '../../core/scope.ts';
import type { Dec } from '../../peppol/money.ts';
import { FACTURX_FILENAMES, facturXXmp, type FacturXProfile } from '../../peppol/facturx.ts';
import { ApiError } from '../errors.ts';
import { scopeOf } from '../scope.ts';
import { brandsTenants } from '../platform/branding.ts';

import { languageOfCountry, pdfLocale, type LabelKey, type PdfLanguage, type PdfLocale } from './pdf-locale.ts';

const EN_MEANS = new Set(['credit_transfer', 'direct_debit', 'card', 'cash', 'cheque']);

const MARGIN = 50;
const PAGE = { width: 595.28, height: 841.89 };
const CONTENT_WIDTH = PAGE.width - 2 * MARGIN;
const BOTTOM = PAGE.height - MARGIN - 20;

// The standard 14 PDF fonts only cover WinAnsi, so Ł, ő, ș, Greek and Cyrillic came out as garbage.
// DejaVu Sans covers every script of the Peppol countries; pdfkit embeds a subset of the glyphs used
// and writes a ToUnicode map, so copying or extracting the text gives back the original characters.
// The files come from npm so a plain `npm install` is enough, whatever fonts the host has.
const fontFile = (name: string) => createRequire(import.meta.url).resolve(`dejavu-fonts-ttf/ttf/${name}`);
let fonts: { regular: Buffer; bold: Buffer } | undefined;
const loadFonts = () =>
  (fonts ??= {
    regular: readFileSync(fontFile('DejaVuSans.ttf')),
    bold: readFileSync(fontFile('DejaVuSans-Bold.ttf')),
  });
const REGULAR = 'DejaVuSans';
const BOLD = 'DejaVuSans-Bold';
const CJK_REGULAR = 'NotoSansJP';
const CJK_BOLD = 'NotoSansJP-Bold';

// DejaVu has no CJK glyphs: Japanese (Peppol PINT), Chinese and Korean text is set in Noto Sans JP,
// embedded as a subset of the glyphs the document uses like DejaVu. Loaded only for a document that
// has such text.
const CJK = /[\u1100-\u11ff\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef]/u;
let cjkFonts: { regular: Buffer; bold: Buffer } | undefined;
const loadCjkFonts = () => {
  const resolve = (path: string) => createRequire(import.meta.url).resolve(`@expo-google-fonts/noto-sans-jp/${path}`);
  return (cjkFonts ??= {
    regular: readFileSync(resolve('400Regular/NotoSansJP_400Regular.ttf')),
    bold: readFileSync(resolve('700Bold/NotoSansJP_700Bold.ttf')),
  });
};

/**
 * An amount as the reader of that currency expects it (`€1,189.25`, `PLN 1,189.25`, `¥1,200`),
 * from the exact decimal: never fewer decimals than the value carries, so the PDF cannot show a
 * figure the UBL does not.
 */
export function formatMoney(value: Dec | string, currency: string, language = 'en'): string {
  const text = value.toString();
  const scale = text.includes('.') ? text.length - text.indexOf('.') - 1 : 0;
  let format: Intl.NumberFormat;
  try {
    format = new Intl.NumberFormat(language, { style: 'currency', currency });
  } catch {
    return `${text} ${currency}`;
  }
  const digits = format.resolvedOptions().minimumFractionDigits ?? 2;
  const exact = new Intl.NumberFormat(language, {
    style: 'currency',
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: Math.max(digits, scale),
  });
  // Intl reads a numeric string as an exact decimal, so large amounts keep every digit.
  return exact.format(text as unknown as number);
}

export interface PdfOptions {
  /** Plain content streams, so tests can read the text without inflating. */
  compress?: boolean;
  /** A white-label's brand: logo and name in the header, its colour on the title, support address in the footer. */
  branding?: Branding;
  /** Makes the PDF a Factur-X: PDF/A-3b with this CII invoice as its associated `factur-x.xml`. */
  facturX?: { xml: string; conformanceLevel?: FacturXProfile };
  /** The language of labels, numbers, dates, countries and units; defaults to the buyer's country's. */
  language?: PdfLanguage;
}

const LOGO_BOX = { width: 160, height: 40 };

/** Draws the brand's header band and returns where the title goes. */
function drawBrandHeader(doc: PDFKit.PDFDocument, brand: Branding, font: string): number {
  const logo = brand.logo ? parseLogo(brand.logo) : undefined;
  if (logo && !('problem' in logo)) {
    if (logo.type === 'png') doc.image(logo.bytes, MARGIN, MARGIN, { fit: [LOGO_BOX.width, LOGO_BOX.height] });
    else
      SVGtoPDF(doc, logo.bytes.toString('utf8'), MARGIN, MARGIN, { ...LOGO_BOX, preserveAspectRatio: 'xMinYMid meet' });
  }
  if (brand.displayName) {
    doc
      .font(font)
      .fontSize(12)
      .fillColor(brand.primaryColor ?? '#000')
      .text(brand.displayName, MARGIN + LOGO_BOX.width + 10, MARGIN + 12, {
        width: CONTENT_WIDTH - LOGO_BOX.width - 10,
        align: 'right',
      });
  }
  const ruleY = MARGIN + LOGO_BOX.height + 8;
  doc
    .moveTo(MARGIN, ruleY)
    .lineTo(MARGIN + CONTENT_WIDTH, ruleY)
    .lineWidth(2)
    .strokeColor(brand.primaryColor ?? '#000')
    .stroke();
  doc.fillColor('#000');
  return ruleY + 14;
}

function addressLines(address: Address | undefined, locale: PdfLocale): string[] {
  if (!address) return [];
  const city = [address.postalCode, address.city].filter(Boolean).join(' ');
  return [
    address.street,
    address.additionalStreet,
    [city, address.region].filter(Boolean).join(', '),
    locale.country(address.country),
  ].filter((l): l is string => Boolean(l));
}

type Column = { title: string; width: number; align: 'left' | 'right' };

/**
 * Renders the document the way a person reads an invoice: parties, lines, VAT breakdown, totals,
 * payment details, notes. Amounts come from the peppol library's computation (decimal, never floats),
 * so the PDF shows the same figures as the UBL.
 */
export function renderDocumentPdf(
  row: Pick<DocumentRow, 'id' | 'type' | 'direction' | 'number' | 'sender' | 'receiver' | 'currency'>,
  body: DocumentBody,
  options: PdfOptions = {},
): Promise<Buffer> {
  // Decomposed input (e + combining accent) would print as two glyphs; the composed form is one.
  // Normalizing the JSON text is exact: NFC never changes ASCII, so quotes and escapes stay as they are.
  body = JSON.parse(JSON.stringify(body).normalize('NFC')) as DocumentBody;
  const computed = computeDocument(body);
  const currency = body.currency ?? row.currency ?? 'EUR';
  const locale = pdfLocale(options.language ?? languageOfCountry(body.buyer?.address?.country));
  const L = (key: LabelKey) => locale.label(key);
  // English keeps ISO dates, which every reader reads; another language writes its own.
  const date = (value: string | undefined) => (locale.language === 'en' ? value : locale.date(value));
  const title = `${(L(row.type as LabelKey) ?? row.type) || row.type} ${body.number ?? row.number ?? ''}`.trim();
  const { regular, bold } = loadFonts();
  const hasCjk = CJK.test(JSON.stringify(body)) || CJK.test(JSON.stringify([row.sender, row.receiver]));
  const facturX = options.facturX;
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    compress: options.compress ?? true,
    bufferPages: true,
    // pdfkit writes the title into the XMP unescaped; PDF/A needs well-formed XMP that matches the Info title.
    info: { Title: facturX ? title.replace(/[&<>]/g, ' ') : title, Subject: row.id },
    lang: locale.language,
    ...(facturX ? { subset: 'PDF/A-3b' as const, pdfVersion: '1.7' as const } : {}),
  });
  if (facturX) {
    const now = new Date();
    // pdfkit writes /AFRelationship from `relationship`, which its type definitions do not list yet.
    const attachment: PDFKit.Mixins.PDFAttachmentOptions & { relationship: string } = {
      name: FACTURX_FILENAMES[0],
      type: 'text/xml',
      // Data: the XML is the invoice's data, the PDF its visual representation (Factur-X 1.0, France).
      relationship: 'Data',
      description: 'Factur-X invoice (UN/CEFACT CII)',
      creationDate: now,
      modifiedDate: now,
    };
    doc.file(Buffer.from(facturX.xml, 'utf8'), attachment);
    doc.appendXML(facturXXmp({ conformanceLevel: facturX.conformanceLevel ?? 'EN 16931' }));
  }
  doc.registerFont(REGULAR, regular);
  doc.registerFont(BOLD, bold);
  if (hasCjk) {
    const cjk = loadCjkFonts();
    doc.registerFont(CJK_REGULAR, cjk.regular);
    doc.registerFont(CJK_BOLD, cjk.bold);
    // A text with CJK characters is set in the CJK font of the same weight; the rest stays in DejaVu.
    let current = REGULAR;
    const font = doc.font.bind(doc);
    doc.font = (name: string, ...rest: unknown[]) => {
      current = name;
      return (font as (...a: unknown[]) => PDFKit.PDFDocument)(name, ...rest);
    };
    const text = doc.text.bind(doc);
    doc.text = (value: unknown, ...rest: unknown[]) => {
      const latin = current;
      if (typeof value === 'string' && CJK.test(value) && (latin === REGULAR || latin === BOLD)) {
        font(latin === BOLD ? CJK_BOLD : CJK_REGULAR);
        (text as (...a: unknown[]) => PDFKit.PDFDocument)(value, ...rest);
        font(latin);
        current = latin;
        return doc;
      }
      return (text as (...a: unknown[]) => PDFKit.PDFDocument)(value, ...rest);
    };
    const heightOfString = doc.heightOfString.bind(doc);
    doc.heightOfString = (value: string, ...rest: unknown[]) => {
      const latin = current;
      if (!CJK.test(value) || (latin !== REGULAR && latin !== BOLD))
        return (heightOfString as (...a: unknown[]) => number)(value, ...rest);
      font(latin === BOLD ? CJK_BOLD : CJK_REGULAR);
      const height = (heightOfString as (...a: unknown[]) => number)(value, ...rest);
      font(latin);
      return height;
    };
  }
  doc.font(REGULAR);
  const money = (value: Dec) => formatMoney(value, currency, locale.language);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const ensure = (height: number) => {
    if (doc.y + height > BOTTOM) doc.addPage();
  };
  const heading = (text: string) => {
    ensure(40);
    doc.moveDown(0.8).font(BOLD).fontSize(11).fillColor('#000').text(text, MARGIN, doc.y, { width: CONTENT_WIDTH });
    doc.moveDown(0.3);
  };
  const pairs = (items: Array<[string, string | undefined | null]>) => {
    for (const [label, value] of items) {
      if (!value) continue;
      ensure(14);
      const y = doc.y;
      doc.font(BOLD).fontSize(9).text(label, MARGIN, y, { width: 130 });
      doc
        .font(REGULAR)
        .fontSize(9)
        .text(value, MARGIN + 130, y, { width: CONTENT_WIDTH - 130 });
    }
  };
  // Amounts line up on their right edge, under the Net column, so figures of every size compare at a glance.
  const amounts = (items: Array<[string, string | undefined]>, boldLast = false) => {
    const valueWidth = 130;
    items.forEach(([label, value], i) => {
      if (!value) return;
      ensure(14);
      const y = doc.y;
      const strong = boldLast && i === items.length - 1;
      doc
        .font(strong ? BOLD : REGULAR)
        .fontSize(9)
        .text(label, MARGIN, y, { width: CONTENT_WIDTH - valueWidth - 10 });
      const end = doc.y;
      doc
        .font(strong ? BOLD : REGULAR)
        .fontSize(9)
        .text(value, MARGIN + CONTENT_WIDTH - valueWidth, y, { width: valueWidth - 2, align: 'right' });
      doc.y = Math.max(end, doc.y);
    });
  };

  // Title and dates.
  const brand = options.branding;
  const titleY = brand ? drawBrandHeader(doc, brand, BOLD) : MARGIN;
  doc
    .font(BOLD)
    .fontSize(20)
    .fillColor(brand?.primaryColor ?? '#000')
    .text(title, MARGIN, titleY, { width: CONTENT_WIDTH });
  doc.fillColor('#000');
  doc.moveDown(0.5);
  pairs([
    [L('issueDate'), date(body.issueDate)],
    [L('dueDate'), date(body.dueDate)],
    [L('currency'), currency],
    [L('buyerReference'), body.buyerReference],
    [L('orderReference'), body.orderReference],
    [L('contractReference'), body.contractReference],
    [L('documentId'), row.id],
  ]);

  // Seller and buyer side by side.
  const seller: Party = body.seller ?? {
    name: row.sender.name ?? undefined,
    peppolId: row.sender.peppolId ?? undefined,
    vatNumber: row.sender.vatNumber ?? undefined,
  };
  const buyer: Party = body.buyer ?? {
    name: row.receiver?.name ?? undefined,
    peppolId: row.receiver?.peppolId ?? undefined,
    vatNumber: row.receiver?.vatNumber ?? undefined,
  };
  const partyBlock = (label: string, party: Party, x: number, y: number): number => {
    const width = CONTENT_WIDTH / 2 - 10;
    doc.font(BOLD).fontSize(11).text(label, x, y, { width });
    doc
      .font(BOLD)
      .fontSize(9)
      .text(party.name ?? party.legalName ?? '-', x, doc.y + 2, { width });
    doc.font(REGULAR).fontSize(9);
    const lines = [
      ...(party.legalName && party.legalName !== party.name ? [party.legalName] : []),
      ...addressLines(party.address, locale),
      ...(party.vatNumber ? [`${L('vat')}: ${party.vatNumber}`] : []),
      ...(party.peppolId ? [`Peppol ID: ${party.peppolId}`] : []),
      ...(party.contact?.email ? [party.contact.email] : []),
    ];
    for (const line of lines) doc.text(line, x, doc.y, { width });
    return doc.y;
  };
  doc.moveDown(1);
  ensure(110);
  const top = doc.y;
  const leftEnd = partyBlock(L('seller'), seller, MARGIN, top);
  const rightEnd = partyBlock(L('buyer'), buyer, MARGIN + CONTENT_WIDTH / 2 + 10, top);
  doc.y = Math.max(leftEnd, rightEnd);
  // Every other party the document carries, two to a row: the payee (BG-10), the seller's tax
  // representative (BG-11) and where the goods go (BG-13).
  const delivery = body.delivery;
  const others: Array<[string, Party]> = [
    ...(body.payee ? [[L('payee'), body.payee] as [string, Party]] : []),
    ...(body.taxRepresentative ? [[L('taxRepresentative'), body.taxRepresentative] as [string, Party]] : []),
    ...(delivery && (delivery.partyName || delivery.address || delivery.locationId)
      ? [
          [
            L('deliverTo'),
            {
              name: delivery.partyName ?? delivery.locationId?.value,
              address: delivery.address,
            },
          ] as [string, Party],
        ]
      : []),
  ];
  for (let i = 0; i < others.length; i += 2) {
    doc.moveDown(1);
    ensure(90);
    const rowTop = doc.y;
    const left = partyBlock(others[i][0], others[i][1], MARGIN, rowTop);
    const right = others[i + 1]
      ? partyBlock(others[i + 1][0], others[i + 1][1], MARGIN + CONTENT_WIDTH / 2 + 10, rowTop)
      : left;
    doc.y = Math.max(left, right);
  }
  if (delivery?.date) pairs([[L('deliveryDate'), date(delivery.date)]]);

  // Lines, with the header repeated on every page the table runs onto.
  const columns: Column[] = [
    { title: L('description'), width: 145, align: 'left' },
    { title: L('quantity'), width: 55, align: 'right' },
    { title: L('unit'), width: 60, align: 'left' },
    { title: L('unitPrice'), width: 80, align: 'right' },
    { title: L('vatPercent'), width: 40, align: 'right' },
    { title: L('net'), width: CONTENT_WIDTH - 380, align: 'right' },
  ];
  const row6 = (cells: string[], bold: boolean) => {
    doc.font(bold ? BOLD : REGULAR).fontSize(9);
    const height = Math.max(...cells.map((cell, i) => doc.heightOfString(cell, { width: columns[i].width - 4 })));
    const y = doc.y;
    let x = MARGIN;
    cells.forEach((cell, i) => {
      doc.text(cell, x + 2, y, { width: columns[i].width - 4, align: columns[i].align });
      x += columns[i].width;
    });
    doc.y = y + height + 4;
    return height;
  };
  const tableHeader = () => {
    row6(
      columns.map((c) => c.title),
      true,
    );
    doc
      .moveTo(MARGIN, doc.y - 2)
      .lineTo(MARGIN + CONTENT_WIDTH, doc.y - 2)
      .lineWidth(0.5)
      .stroke();
  };
  heading(L('lines'));
  tableHeader();
  for (const line of computed.lines) {
    const description = line.source.description ?? line.source.name ?? '';
    const detail = [
      line.source.itemCode ? `${L('item')} ${line.source.itemCode}` : undefined,
      line.source.period?.start || line.source.period?.end
        ? `${L('period')} ${date(line.source.period?.start) ?? ''} - ${date(line.source.period?.end) ?? ''}`
        : undefined,
    ]
      .filter(Boolean)
      .join(' · ');
    const cells = [
      detail ? `${description}\n${detail}` : description,
      locale.number(line.quantity.toString()),
      locale.unit(line.unit),
      money(line.price),
      line.rate ? line.rate.toString() : line.category,
      money(line.net),
    ];
    doc.font(REGULAR).fontSize(9);
    const needed = Math.max(...cells.map((cell, i) => doc.heightOfString(cell, { width: columns[i].width - 4 }))) + 4;
    if (doc.y + needed > BOTTOM) {
      doc.addPage();
      tableHeader();
    }
    row6(cells, false);
  }

  const adjustments = [...computed.allowances, ...computed.charges];
  if (adjustments.length) {
    heading(L('allowancesAndCharges'));
    amounts(
      adjustments.map((ac) => [
        `${ac.charge ? L('charge') : L('allowance')}${(ac.reason ?? ac.reasonCode) ? `: ${ac.reason ?? ac.reasonCode}` : ''}`,
        money(ac.charge ? ac.amount : ac.amount.neg()),
      ]),
    );
  }

  heading(L('vatBreakdown'));
  amounts(
    computed.totals.breakdown.flatMap((vat): Array<[string, string]> => {
      const label = `${L('category')} ${vat.category}${vat.rate ? ` ${locale.number(vat.rate.toString())}%` : ''}${vat.exemptionReason ? ` (${vat.exemptionReason})` : ''}`;
      return [
        [`${label} ${L('taxable')}`, money(vat.taxable)],
        [`${label} ${L('vat')}`, money(vat.tax)],
      ];
    }),
  );

  const totals = computed.totals;
  heading(L('totals'));
  amounts(
    [
      [L('lineTotal'), money(totals.lineTotal)],
      [L('allowances'), totals.allowanceTotal ? money(totals.allowanceTotal) : undefined],
      [L('charges'), totals.chargeTotal ? money(totals.chargeTotal) : undefined],
      [L('totalNet'), money(totals.net)],
      [L('totalVat'), money(totals.vat)],
      [L('totalGross'), money(totals.gross)],
      [L('prepaid'), totals.prepaid ? money(totals.prepaid) : undefined],
      [L('amountPayable'), money(totals.payable)],
    ],
    true,
  );

  const payment = body.payment;
  if (payment && (payment.means || payment.iban || payment.bic || payment.reference || payment.terms)) {
    heading(L('paymentDetails'));
    const means = payment.means as string | undefined;
    pairs([
      [L('means'), means ? (EN_MEANS.has(means) ? L(means as LabelKey) : means) : undefined],
      ['IBAN', payment.iban],
      ['BIC', payment.bic],
      [L('accountName'), payment.accountName],
      [L('reference'), payment.reference],
      [L('terms'), payment.terms],
    ]);
  }

  if (body.note) {
    heading(L('notes'));
    doc.font(REGULAR).fontSize(9).text(body.note, MARGIN, doc.y, { width: CONTENT_WIDTH });
  }

  // Page numbers once the page count is known.
  const footerBrand = [brand?.displayName, brand?.supportEmail].filter(Boolean).join(' · ');
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // The footer sits in the bottom margin; without this pdfkit would break to a new page for it.
    doc.page.margins.bottom = 0;
    doc
      .font(REGULAR)
      .fontSize(8)
      .fillColor('#555')
      .text(
        `${[title, footerBrand].filter(Boolean).join(' - ')} - ${L('page')} ${i + 1} ${L('of')} ${range.count}`,
        MARGIN,
        PAGE.height - MARGIN + 10,
        {
          width: CONTENT_WIDTH,
          align: 'center',
          lineBreak: false,
        },
      );
  }
  doc.end();
  return done;
}

export type PdfFormat = 'pdf' | 'factur-x';

/**
 * What GET /pdf answers: the rendering of a structured document, or the stored upload when that is a
 * PDF. `factur-x` is the same rendering with the invoice embedded as CII (invoices, credit and debit notes).
 */
export async function documentPdf(
  db: Db,
  scope: Scope,
  documentId: string,
  options: PdfOptions = {},
  format: PdfFormat = 'pdf',
): Promise<{ content: Buffer; filename: string }> {
  const row = await findDocument(db, scope, documentId);
  if (!row) throw new ApiError('DOCUMENT_NOT_FOUND', `No document ${documentId} in this organization.`);
  const safe = (name: string) => name.replace(/[^A-Za-z0-9._-]/g, '_');
  const brand = row.body ? await findBranding(db, row.organization_id, row.livemode) : undefined;
  const branding = brand?.branding && brandsTenants(brand.plan) ? brand.branding : undefined;
  const branded: PdfOptions = { ...options, ...(branding && Object.keys(branding).length ? { branding } : {}) };
  if (format === 'factur-x') {
    const body = row.body as unknown as DocumentBody | null;
    const type = row.type as DocumentType;
    if (!body || !DOCUMENT_TYPE_INFO[type]?.billing) {
      throw new ApiError(
        'RESOURCE_NOT_FOUND',
        `Document ${row.id} is ${body ? `a ${row.type}` : 'a stored file'}: only structured invoices, credit notes and debit notes have a Factur-X rendering.`,
      );
    }
    const cii = renderCii(type, body, { identifiers: false });
    if (!cii.xml) {
      throw new ApiError('UBL_VALIDATION_FAILED', `Document ${row.id} cannot be rendered as CII.`, {
        details: cii.errors.map((e) => ({ field: e.path, rule: e.rule, message: e.message })),
      });
    }
    return {
      content: await renderDocumentPdf(row, body, { ...branded, facturX: { xml: cii.xml } }),
      filename: `${safe(row.number ?? row.id)}.pdf`,
    };
  }
  if (row.body) {
    return {
      content: await renderDocumentPdf(row, row.body as unknown as DocumentBody, branded),
      filename: `${safe(row.number ?? row.id)}.pdf`,
    };
  }
  const file = row.file_id ? await findFile(db, scope, row.file_id) : undefined;
  if (file && file.content.subarray(0, 5).toString('latin1') === '%PDF-') {
    return {
      content: file.content,
      filename: safe(file.filename.toLowerCase().endsWith('.pdf') ? file.filename : `${file.filename}.pdf`),
    };
  }
  throw new ApiError(
    'RESOURCE_NOT_FOUND',
    `Document ${row.id} is a stored ${row.stored_format ?? 'file'} without structured content: it has no PDF rendering.`,
  );
}

export function documentPdfRoutes(db: Db): Router {
  const router = Router();
  router.get('/v1/documents/:document_id/pdf', async (req, res) => {
    const format = req.query.format === 'factur-x' ? 'factur-x' : 'pdf';
    // The contract admits only the languages the labels exist in.
    const language = req.query.lang as PdfLanguage | undefined;
    const pdf = await documentPdf(
      db,
      scopeOf(req),
      String(req.params.document_id),
      language ? { language } : {},
      format,
    );
    res.set('Content-Disposition', `inline; filename="${pdf.filename}"`).type('application/pdf').send(pdf.content);
  });
  return router;
}
