import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFRawStream,
  PDFString,
  type PDFObject,
} from 'pdf-lib';
import { isPeppolLayerRule } from './cii/rules.ts';
import type { ValidationIssue } from './types.ts';
import { validateUblElement } from './validation/validate-ubl.ts';
import { readXmlDocumentChecked, type XmlDocument } from './xml-input.ts';
import { first, NS, parseXml, text } from './xml/dom.ts';
import { escapeXml } from './xml/writer.ts';

/**
 * Factur-X (France) and ZUGFeRD 2 (Germany) are one format: a PDF/A-3 whose associated file is the
 * invoice in UN/CEFACT CII. The conformance level is read from the CII's specification identifier
 * (BT-24), never from the XMP, which is only a hint for PDF readers.
 */
export type FacturXProfile = 'MINIMUM' | 'BASIC WL' | 'BASIC' | 'EN 16931' | 'EXTENDED' | 'XRECHNUNG';

/** The profiles that carry a complete EN16931 invoice; MINIMUM and BASIC WL have no lines. */
export const SUPPORTED_FACTURX_PROFILES: readonly FacturXProfile[] = ['BASIC', 'EN 16931', 'EXTENDED', 'XRECHNUNG'];

/** File names the Factur-X 1.0 and ZUGFeRD 2.x specifications give the embedded invoice, in order of preference. */
export const FACTURX_FILENAMES = ['factur-x.xml', 'zugferd-invoice.xml', 'xrechnung.xml'] as const;

export type FacturXFailure = 'NOT_PDF' | 'NO_EMBEDDED_INVOICE' | 'UNSUPPORTED_PROFILE';

export type FacturXExtraction =
  | { ok: true; xml: string; filename: string; profile: FacturXProfile; guideline: string }
  | { ok: false; reason: FacturXFailure; message: string; profile?: FacturXProfile | undefined };

/**
 * The profile of a CII specification identifier (BT-24), as Factur-X 1.0 and ZUGFeRD 2.0–2.3
 * write them; any other EN16931 identifier (a CIUS such as Peppol's) counts as EN 16931.
 */
export function facturXProfileOf(guideline: string): FacturXProfile | undefined {
  const id = guideline.trim().toLowerCase();
  // Factur-X (factur-x.eu), ZUGFeRD 2 (zugferd.de) and the early CII drafts (urn:ferd:) end with the level.
  if (/factur-x\.eu:|zugferd\.de:|^urn:ferd:/.test(id)) {
    const level = id.slice(id.lastIndexOf(':') + 1);
    if (level === 'minimum') return 'MINIMUM';
    if (level === 'basicwl') return 'BASIC WL';
    if (level === 'basic') return 'BASIC';
    // COMFORT is ZUGFeRD's name for the EN 16931 level.
    if (level === 'comfort' || level === 'en16931') return 'EN 16931';
    if (level === 'extended') return 'EXTENDED';
    return undefined;
  }
  if (id.includes('xeinkauf.de:kosit:xrechnung')) return 'XRECHNUNG';
  if (id.startsWith('urn:cen.eu:en16931:2017')) return 'EN 16931';
  return undefined;
}

const fail = (reason: FacturXFailure, message: string, profile?: FacturXProfile): FacturXExtraction => ({
  ok: false,
  reason,
  message,
  profile,
});

function nameOf(spec: PDFDict): string | undefined {
  for (const key of ['UF', 'F']) {
    const value = spec.lookup(PDFName.of(key));
    if (value instanceof PDFString || value instanceof PDFHexString) return value.decodeText();
  }
  return undefined;
}

/** Leaves of a PDF name tree: [name, value, name, value …] pairs under Names, or under Kids. */
function nameTreeValues(node: PDFDict | undefined, depth = 0): PDFObject[] {
  if (!node || depth > 32) return [];
  const names = node.lookupMaybe(PDFName.of('Names'), PDFArray);
  const values: PDFObject[] = [];
  for (let i = 1; names && i < names.size(); i += 2) {
    const value = names.lookup(i);
    if (value) values.push(value);
  }
  const kids = node.lookupMaybe(PDFName.of('Kids'), PDFArray);
  for (let i = 0; kids && i < kids.size(); i++) {
    const kid = kids.lookup(i);
    if (kid instanceof PDFDict) values.push(...nameTreeValues(kid, depth + 1));
  }
  return values;
}

/** Every embedded file of the PDF: its associated files (/AF, PDF/A-3) and its EmbeddedFiles name tree. */
function embeddedFiles(pdf: PDFDocument): { name: string; content: Uint8Array }[] {
  const catalog = pdf.catalog;
  const specs: PDFObject[] = [];
  const af = catalog.lookupMaybe(PDFName.of('AF'), PDFArray);
  for (let i = 0; af && i < af.size(); i++) {
    const spec = af.lookup(i);
    if (spec) specs.push(spec);
  }
  const names = catalog.lookupMaybe(PDFName.of('Names'), PDFDict);
  specs.push(...nameTreeValues(names?.lookupMaybe(PDFName.of('EmbeddedFiles'), PDFDict)));
  const files: { name: string; content: Uint8Array }[] = [];
  for (const spec of specs) {
    if (!(spec instanceof PDFDict)) continue;
    const name = nameOf(spec);
    const stream = spec.lookupMaybe(PDFName.of('EF'), PDFDict)?.lookup(PDFName.of('F'));
    if (!name || !(stream instanceof PDFRawStream)) continue;
    files.push({ name, content: decodePDFRawStream(stream).decode() });
  }
  return files;
}

/**
 * Finds the CII invoice of a Factur-X / ZUGFeRD PDF and its profile. Fails with NOT_PDF (no PDF
 * header, or a file pdf-lib cannot read), NO_EMBEDDED_INVOICE (no attachment under one of the
 * specified names, or one that is not a CII invoice) or UNSUPPORTED_PROFILE (MINIMUM and BASIC WL,
 * which are not invoices under EN16931, ZUGFeRD 1.0, or an unknown specification).
 */
export async function extractFacturX(bytes: Uint8Array): Promise<FacturXExtraction> {
  // A PDF may carry up to 1024 bytes of junk before its header; readers accept that, and so do we.
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1');
  if (!head.includes('%PDF-')) return fail('NOT_PDF', 'The file is not a PDF (no %PDF- header).');
  let pdf: PDFDocument;
  try {
    pdf = await PDFDocument.load(bytes, { updateMetadata: false, throwOnInvalidObject: false });
    // pdf-lib reads almost anything after a header; without a catalog and a page it is no PDF document.
    if (pdf.getPageCount() === 0) throw new Error('it has no pages');
  } catch (e) {
    return fail('NOT_PDF', `The PDF cannot be read: ${String((e as Error)?.message ?? e)}`);
  }
  let files: { name: string; content: Uint8Array }[];
  try {
    files = embeddedFiles(pdf);
  } catch (e) {
    return fail('NO_EMBEDDED_INVOICE', `The PDF's attachments cannot be read: ${String((e as Error)?.message ?? e)}`);
  }
  const file = FACTURX_FILENAMES.map((n) => files.find((f) => f.name.toLowerCase() === n)).find((f) => f);
  if (!file) {
    // ZUGFeRD 1.0 (CrossIndustryDocument) is a different XML that EN16931 does not describe.
    if (files.some((f) => f.name.toLowerCase() === 'zugferd-invoice.xml'))
      return fail('UNSUPPORTED_PROFILE', 'ZUGFeRD 1.0 is not supported.');
    const seen = files.length ? ` (it has ${files.map((f) => f.name).join(', ')})` : ' (it has no attachments)';
    return fail(
      'NO_EMBEDDED_INVOICE',
      `The PDF carries no embedded invoice named ${FACTURX_FILENAMES.join(', ')}${seen}.`,
    );
  }
  const xml = Buffer.from(file.content)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  const parsed = parseXml(xml);
  if (!parsed.ok)
    return fail('NO_EMBEDDED_INVOICE', `${file.name} is not well-formed XML: ${parsed.errors[0]?.message}`);
  const root = parsed.root;
  if (root.localName === 'CrossIndustryDocument')
    return fail('UNSUPPORTED_PROFILE', `${file.name} is a ZUGFeRD 1.0 CrossIndustryDocument, which is not supported.`);
  if (root.localName !== 'CrossIndustryInvoice' || root.namespaceURI !== NS.rsm)
    return fail('NO_EMBEDDED_INVOICE', `${file.name} is not a CII CrossIndustryInvoice.`);
  const guideline = text(
    first(root, 'rsm:ExchangedDocumentContext/ram:GuidelineSpecifiedDocumentContextParameter/ram:ID'),
  );
  const profile = facturXProfileOf(guideline);
  if (!profile) return fail('UNSUPPORTED_PROFILE', `Unknown specification identifier '${guideline}' in ${file.name}.`);
  if (!SUPPORTED_FACTURX_PROFILES.includes(profile))
    return fail(
      'UNSUPPORTED_PROFILE',
      `Profile ${profile} is not supported: it is not a complete EN16931 invoice. Send BASIC, EN 16931 or EXTENDED.`,
      profile,
    );
  return { ok: true, xml, filename: file.name, profile, guideline };
}

export type FacturXRead =
  | { ok: true; profile: FacturXProfile; filename: string; xml: string; document: XmlDocument }
  | Extract<FacturXExtraction, { ok: false }>;

/** A Factur-X PDF through the CII path: extraction, then the schema and rules every CII invoice gets. */
export async function readFacturX(bytes: Uint8Array): Promise<FacturXRead> {
  const extracted = await extractFacturX(bytes);
  if (!extracted.ok) return extracted;
  const document = await readXmlDocumentChecked(extracted.xml, 'cii-xml');
  return { ok: true, profile: extracted.profile, filename: extracted.filename, xml: extracted.xml, document };
}

/**
 * A Factur-X read to be sent over Peppol. Its CII is a plain EN 16931 invoice without the Peppol
 * specification and process ids, so the Peppol CII rules on the CII itself do not apply: it becomes
 * a Peppol document by its conversion, and the Peppol and national rules judge that UBL (paths in
 * those findings point into the UBL). The schema and EN 16931 findings on the CII stand as read.
 */
export function asPeppolConversion(read: XmlDocument): XmlDocument {
  const own = (issues: ValidationIssue[]) => issues.filter((i) => !isPeppolLayerRule(i.rule));
  const layer = (issues: ValidationIssue[]) => issues.filter((i) => isPeppolLayerRule(i.rule));
  const converted = read.ubl ? parseXml(read.ubl) : undefined;
  const peppol = converted?.ok ? validateUblElement(converted.root) : { errors: [], warnings: [] };
  const errors = [...own(read.errors), ...layer(peppol.errors)];
  const warnings = [...own(read.warnings), ...layer(peppol.warnings)];
  return { ...read, valid: Boolean(read.ubl) && errors.length === 0, errors, warnings };
}

export interface FacturXMetadata {
  /** The name of the embedded invoice, `factur-x.xml` for Factur-X 1.0. */
  fileName?: string;
  conformanceLevel?: FacturXProfile;
  documentType?: 'INVOICE' | 'ORDER' | 'ORDER_RESPONSE' | 'ORDER_CHANGE';
}

const FX_NS = 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#';

const FX_PROPERTIES: [name: string, description: string][] = [
  ['DocumentFileName', 'The name of the embedded XML document'],
  ['DocumentType', 'The type of the hybrid document in capital letters, e.g. INVOICE or ORDER'],
  ['Version', 'The actual version of the standard applying to the embedded XML document'],
  ['ConformanceLevel', 'The conformance level of the embedded XML document'],
];

/**
 * The XMP that makes a PDF/A-3 a Factur-X: the `fx:` properties, and the PDF/A extension schema
 * that declares them (PDF/A allows no XMP property its validators cannot look up). One or more
 * rdf:Description elements, to go inside the document's rdf:RDF.
 */
export function facturXXmp(metadata: FacturXMetadata = {}): string {
  const properties = FX_PROPERTIES.map(
    ([name, description]) => `
            <rdf:li rdf:parseType="Resource">
              <pdfaProperty:name>${name}</pdfaProperty:name>
              <pdfaProperty:valueType>Text</pdfaProperty:valueType>
              <pdfaProperty:category>external</pdfaProperty:category>
              <pdfaProperty:description>${description}</pdfaProperty:description>
            </rdf:li>`,
  ).join('');
  return `
    <rdf:Description rdf:about="" xmlns:fx="${FX_NS}">
      <fx:DocumentType>${metadata.documentType ?? 'INVOICE'}</fx:DocumentType>
      <fx:DocumentFileName>${escapeXml(metadata.fileName ?? 'factur-x.xml')}</fx:DocumentFileName>
      <fx:Version>1.0</fx:Version>
      <fx:ConformanceLevel>${metadata.conformanceLevel ?? 'EN 16931'}</fx:ConformanceLevel>
    </rdf:Description>
    <rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/" xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">
      <pdfaExtension:schemas>
        <rdf:Bag>
          <rdf:li rdf:parseType="Resource">
            <pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>
            <pdfaSchema:namespaceURI>${FX_NS}</pdfaSchema:namespaceURI>
            <pdfaSchema:prefix>fx</pdfaSchema:prefix>
            <pdfaSchema:property>
              <rdf:Seq>${properties}
              </rdf:Seq>
            </pdfaSchema:property>
          </rdf:li>
        </rdf:Bag>
      </pdfaExtension:schemas>
    </rdf:Description>`;
}
