import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AFRelationship, PDFDocument } from 'pdf-lib';
import { renderDocumentPdf } from '../../api/documents/pdf.ts';
import { renderCii } from '../../peppol/cii/render.ts';
import { isPeppolLayerRule } from '../../peppol/cii/rules.ts';
import { extractFacturX, facturXProfileOf, readFacturX } from '../../peppol/facturx.ts';
import { parseCii, readXmlDocument, type DocumentBody, type DocumentType } from '../../peppol/index.ts';
import { CORPUS } from '../data/peppol/corpus.ts';
import { SHARED } from '../support/paths.ts';
import { listData, readData } from './helpers.ts';

const CII_XSD = `${SHARED}/standards/cii-d16b/uncoupled-clm/CII/uncefact/data/standard/CrossIndustryInvoice_100pD16B.xsd`;
const GUIDELINE = '<ram:ID>urn:cen.eu:en16931:2017</ram:ID>';

const PARTY = { peppolId: '0009:12345678200011', name: 'Acme France', vatNumber: null };

const entry = (name: string) => CORPUS.find((c) => c.name.startsWith(name))!;

async function facturXPdf(type: DocumentType, body: DocumentBody, compress = true) {
  const xml = renderCii(type, body).xml!;
  const row = { id: 'doc_fx', type, direction: 'outgoing', number: body.number, sender: PARTY, receiver: PARTY };
  const pdf = await renderDocumentPdf({ ...row, currency: body.currency ?? 'EUR' }, body, {
    facturX: { xml },
    compress,
  });
  return { xml, pdf };
}

/** A PDF as other producers make them: pdf-lib, one attachment under the given name. */
async function pdfWith(name: string | undefined, xml: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.addPage();
  if (name)
    await pdf.attach(Buffer.from(xml), name, { mimeType: 'text/xml', afRelationship: AFRelationship.Alternative });
  return pdf.save();
}

const withGuideline = (xml: string, id: string) => xml.replace(GUIDELINE, `<ram:ID>${id}</ram:ID>`);

describe('Factur-X', () => {
  const dir = mkdtempSync(join(tmpdir(), 'facturx-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  describe('writing (our PDF with the CII as PDF/A-3 associated file)', () => {
    for (const name of ['French seller to Belgian buyer', 'credit note referencing invoice', 'SEPA direct debit']) {
      it(`${name}: pdfdetach extracts factur-x.xml, valid against the CII schema and the EN16931 rules`, async () => {
        const { type, body } = entry(name);
        const { xml, pdf } = await facturXPdf(type, body);
        const file = join(dir, 'invoice.pdf');
        writeFileSync(file, pdf);
        expect(execFileSync('pdfdetach', ['-list', file], { encoding: 'utf8' })).to.match(/1: factur-x\.xml/);
        const saved = join(dir, 'factur-x.xml');
        execFileSync('pdfdetach', ['-save', '1', '-o', saved, file]);
        const extracted = readFileSync(saved, 'utf8');
        expect(extracted).to.equal(xml);
        execFileSync('xmllint', ['--noout', '--schema', CII_XSD, saved], { stdio: 'pipe' });
        const core = readXmlDocument(extracted, 'cii-xml').errors.filter((e) => !isPeppolLayerRule(e.rule));
        expect(core, JSON.stringify(core)).to.deep.equal([]);
      });
    }

    it('carries the PDF/A-3b identification and the Factur-X XMP (pdfinfo -meta)', async () => {
      const { type, body } = entry('French seller to Belgian buyer');
      const file = join(dir, 'meta.pdf');
      writeFileSync(file, (await facturXPdf(type, body)).pdf);
      const meta = execFileSync('pdfinfo', ['-meta', file], { encoding: 'utf8' });
      expect(meta).to.include('<pdfaid:part>3</pdfaid:part>');
      expect(meta).to.include('<pdfaid:conformance>B</pdfaid:conformance>');
      expect(meta).to.include('<fx:DocumentType>INVOICE</fx:DocumentType>');
      expect(meta).to.include('<fx:DocumentFileName>factur-x.xml</fx:DocumentFileName>');
      expect(meta).to.include('<fx:Version>1.0</fx:Version>');
      expect(meta).to.include('<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>');
      expect(meta).to.include('<pdfaSchema:namespaceURI>urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#');
      expect(execFileSync('pdfinfo', [file], { encoding: 'utf8' })).to.match(/PDF version:\s+1\.7/);
    });

    it('declares the file as associated (/AF, /AFRelationship /Data) with the MIME type text/xml', async () => {
      const { type, body } = entry('French seller to Belgian buyer');
      const raw = Buffer.from((await facturXPdf(type, body, false)).pdf).toString('latin1');
      expect(raw).to.match(/\/AF \[\d+ 0 R\]/);
      expect(raw).to.include('/AFRelationship /Data');
      expect(raw).to.include('/Subtype /text#2Fxml');
      expect(raw).to.match(/\/OutputIntents \[\d+ 0 R\]/);
    });

    it('our reader reads it back: profile EN 16931 and the same invoice', async () => {
      const { type, body } = entry('French seller to Belgian buyer');
      const read = await readFacturX((await facturXPdf(type, body)).pdf);
      if (!read.ok) throw new Error(read.message);
      expect(read.profile).to.equal('EN 16931');
      expect(read.filename).to.equal('factur-x.xml');
      expect(read.document.type).to.equal('invoice');
      expect(read.document.body?.number).to.equal(body.number);
      expect(read.document.body?.seller?.vatNumber).to.equal(body.seller?.vatNumber);
      expect(read.document.errors.filter((e) => !isPeppolLayerRule(e.rule))).to.deep.equal([]);
    });

    it('leaves a plain rendering without attachment or PDF/A claim', async () => {
      const { type, body } = entry('French seller to Belgian buyer');
      const row = { id: 'doc_p', type, direction: 'outgoing', number: body.number, sender: PARTY, receiver: PARTY };
      const pdf = await renderDocumentPdf({ ...row, currency: 'EUR' }, body, { compress: false });
      expect(Buffer.from(pdf).toString('latin1')).not.to.include('pdfaid');
      const read = await extractFacturX(pdf);
      expect(read).to.deep.include({ ok: false, reason: 'NO_EMBEDDED_INVOICE' });
    });
  });

  describe('reading PDFs of other producers', () => {
    for (const file of listData('cii').slice(0, 4)) {
      it(`${file} embedded as factur-x.xml reads as the CII it carries`, async () => {
        const xml = readData('cii', file);
        const read = await readFacturX(await pdfWith('factur-x.xml', xml));
        if (!read.ok) throw new Error(read.message);
        const direct = parseCii(xml);
        if (!direct.ok) throw new Error('parse failed');
        expect(read.profile).to.equal('EN 16931');
        expect(read.document.body).to.deep.equal(direct.body);
      });
    }

    const base = () => renderCii('invoice', entry('simple standard-rated invoice').body).xml!;
    const cases: [string, string, string, string][] = [
      [
        'zugferd-invoice.xml',
        'urn:cen.eu:en16931:2017#compliant#urn:factur-x.eu:1p0:basic',
        'BASIC',
        'ZUGFeRD 2 BASIC',
      ],
      ['factur-x.xml', 'urn:cen.eu:en16931:2017#conformant#urn:factur-x.eu:1p0:extended', 'EXTENDED', 'EXTENDED'],
      [
        'xrechnung.xml',
        'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0',
        'XRECHNUNG',
        'XRechnung',
      ],
      ['Factur-X.XML', 'urn:cen.eu:en16931:2017', 'EN 16931', 'a name in other case'],
    ];
    for (const [name, guideline, profile, label] of cases) {
      it(`accepts ${label} (${name}) as profile ${profile}`, async () => {
        const read = await extractFacturX(await pdfWith(name, withGuideline(base(), guideline)));
        expect(read).to.deep.include({ ok: true, profile, guideline });
      });
    }

    for (const [guideline, profile] of [
      ['urn:factur-x.eu:1p0:minimum', 'MINIMUM'],
      ['urn:factur-x.eu:1p0:basicwl', 'BASIC WL'],
    ]) {
      it(`refuses ${profile} with UNSUPPORTED_PROFILE`, async () => {
        const read = await extractFacturX(await pdfWith('factur-x.xml', withGuideline(base(), guideline)));
        expect(read).to.deep.include({ ok: false, reason: 'UNSUPPORTED_PROFILE', profile });
        if (!read.ok) expect(read.message).to.include(`Profile ${profile} is not supported`);
      });
    }

    it('refuses an unknown specification identifier and ZUGFeRD 1.0 with UNSUPPORTED_PROFILE', async () => {
      const unknown = await extractFacturX(await pdfWith('factur-x.xml', withGuideline(base(), 'urn:example:x')));
      expect(unknown).to.deep.include({ ok: false, reason: 'UNSUPPORTED_PROFILE' });
      const zugferd1 =
        '<rsm:CrossIndustryDocument xmlns:rsm="urn:ferd:CrossIndustryDocument:invoice:1p0"></rsm:CrossIndustryDocument>';
      const old = await extractFacturX(await pdfWith('ZUGFeRD-invoice.xml', zugferd1));
      expect(old).to.deep.include({ ok: false, reason: 'UNSUPPORTED_PROFILE' });
      if (!old.ok) expect(old.message).to.include('ZUGFeRD 1.0');
    });

    it('answers NO_EMBEDDED_INVOICE for a PDF without attachment, with another one, or with a UBL', async () => {
      const none = await extractFacturX(await pdfWith(undefined, ''));
      expect(none).to.deep.include({ ok: false, reason: 'NO_EMBEDDED_INVOICE' });
      const other = await extractFacturX(await pdfWith('invoice.xml', base()));
      expect(other).to.deep.include({ ok: false, reason: 'NO_EMBEDDED_INVOICE' });
      if (!other.ok) expect(other.message).to.include('it has invoice.xml');
      const ubl = await extractFacturX(
        await pdfWith('factur-x.xml', readData('examples', 'bis-3.0.21', 'base-example.xml')),
      );
      expect(ubl).to.deep.include({ ok: false, reason: 'NO_EMBEDDED_INVOICE' });
      const broken = await extractFacturX(await pdfWith('factur-x.xml', '<rsm:CrossIndustryInvoice'));
      expect(broken).to.deep.include({ ok: false, reason: 'NO_EMBEDDED_INVOICE' });
    });

    it('answers NOT_PDF for XML, random bytes and a damaged PDF', async () => {
      for (const bytes of [Buffer.from(base()), Buffer.from([1, 2, 3, 4]), Buffer.from('%PDF-1.7\n garbage')]) {
        const read = await extractFacturX(bytes);
        expect(read).to.deep.include({ ok: false, reason: 'NOT_PDF' });
      }
    });
  });

  it('recognises the profiles of Factur-X 1.0 and ZUGFeRD 2 from BT-24', () => {
    expect(facturXProfileOf('urn:cen.eu:en16931:2017')).to.equal('EN 16931');
    expect(facturXProfileOf('urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0')).to.equal(
      'EN 16931',
    );
    expect(facturXProfileOf('urn:zugferd.de:2p0:minimum')).to.equal('MINIMUM');
    expect(facturXProfileOf('urn:cen.eu:en16931:2017#conformant#urn:zugferd.de:2p0:extended')).to.equal('EXTENDED');
    expect(facturXProfileOf('urn:cen.eu:en16931:2017#compliant#urn:zugferd.de:2p0:basic')).to.equal('BASIC');
    expect(facturXProfileOf('urn:ferd:CrossIndustryDocument:invoice:1p0:comfort')).to.equal('EN 16931');
    expect(facturXProfileOf('urn:factur-x.eu:1p0:unknown')).to.equal(undefined);
    expect(facturXProfileOf('')).to.equal(undefined);
  });
});
