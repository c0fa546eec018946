import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { companyParty } from '../../../api/documents/parties.ts';
import { renderDocumentPdf } from '../../../api/documents/pdf.ts';
import { renderCii } from '../../../peppol/cii/render.ts';
import { isPeppolLayerRule } from '../../../peppol/cii/rules.ts';
import { readXmlDocument, type DocumentBody } from '../../../peppol/index.ts';
import { bearer, createTenant, type Tenant } from '../../support/access.ts';
import { FLOWS, flowForm, startAfnorApp } from '../../support/afnor.ts';
import type { TestApp } from '../../support/app.ts';
import { invoiceBody, RECIPIENT } from '../../support/documents.ts';
import { testServers } from '../../support/servers.ts';
import { ensureTestWorkers } from '../../support/workers.ts';

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');
const EN16931 = '<ram:ID>urn:cen.eu:en16931:2017</ram:ID>';
const PROFILES = {
  Basic: 'urn:cen.eu:en16931:2017#compliant#urn:factur-x.eu:1p0:basic',
  Extended: 'urn:cen.eu:en16931:2017#conformant#urn:factur-x.eu:1p0:extended',
  Minimum: 'urn:factur-x.eu:1p0:minimum',
};

describe('AFNOR flow service: Factur-X in and out', () => {
  let app: TestApp;
  let tenant: Tenant;
  const dir = mkdtempSync(join(tmpdir(), 'afnor-facturx-'));

  before(async () => {
    await ensureTestWorkers();
    app = await startAfnorApp();
    tenant = await createTenant({ livemode: false, plan: 'pro' });
  });
  after(async () => {
    rmSync(dir, { recursive: true, force: true });
    await app.close();
  });

  const submit = (form: FormData) =>
    fetch(`${app.url}${FLOWS}/flows`, { method: 'POST', headers: bearer(tenant.key), body: form });
  const getFlow = (id: string, docType: string) =>
    fetch(`${app.url}${FLOWS}/flows/${id}?docType=${docType}`, { headers: bearer(tenant.key) });

  /** A plain Factur-X as an invoicing tool makes it: EN 16931 CII without the Peppol ids, in a PDF/A-3. */
  async function facturX(number: string, guideline?: string): Promise<{ pdf: Buffer; cii: string }> {
    const company = await testServers()
      .db.selectFrom('companies')
      .selectAll()
      .where('id', '=', tenant.companyId)
      .executeTakeFirstOrThrow();
    const body = {
      ...invoiceBody({ number }),
      seller: companyParty(company),
      buyer: { ...invoiceBody().buyer, peppolId: RECIPIENT },
    } as DocumentBody;
    let cii = renderCii('invoice', body, { identifiers: false }).xml!;
    expect(cii).to.include(EN16931);
    expect(cii).to.not.include('peppol.eu');
    if (guideline) cii = cii.replace(EN16931, `<ram:ID>${guideline}</ram:ID>`);
    const row = { id: 'doc_fx', type: 'invoice', direction: 'outgoing', number, sender: body.seller, receiver: null };
    const pdf = await renderDocumentPdf({ ...row, currency: 'EUR' } as never, body, { facturX: { xml: cii } });
    return { pdf, cii };
  }

  /** What poppler's pdfdetach finds in a PDF: the attachment list, and the first attachment's text. */
  function detach(pdf: Buffer): { list: string; first?: string } {
    const file = join(dir, 'view.pdf');
    writeFileSync(file, pdf);
    const list = execFileSync('pdfdetach', ['-list', file], { encoding: 'utf8' });
    if (!/^1: /m.test(list)) return { list };
    const saved = join(dir, 'attached.xml');
    execFileSync('pdfdetach', ['-save', '1', '-o', saved, file]);
    return { list, first: readFileSync(saved, 'utf8') };
  }

  describe('in: POST /flows with flowSyntax Factur-X', () => {
    it('202: the CII is extracted, validated, sent as a document of /v1; Original is the PDF received', async () => {
      const { pdf } = await facturX('FX-IN-1');
      const res = await submit(
        flowForm({ name: 'FX-IN-1.pdf', flowSyntax: 'Factur-X', sha256: sha256(pdf) }, pdf, 'FX-IN-1.pdf'),
      );
      const body = await res.json();
      expect(res.status, JSON.stringify(body)).to.equal(202);
      expect(body).to.deep.include({ name: 'FX-IN-1.pdf', flowSyntax: 'Factur-X', sha256: sha256(pdf) });

      const doc = await (await fetch(`${app.url}/v1/documents/${body.flowId}`, { headers: bearer(tenant.key) })).json();
      expect(doc).to.deep.include({ id: body.flowId, number: 'FX-IN-1', direction: 'outgoing', status: 'sent' });
      expect(doc.receiver.peppolId).to.equal(RECIPIENT);

      const flow = await (await getFlow(body.flowId, 'Metadata')).json();
      expect(flow).to.deep.include({ flowSyntax: 'Factur-X', flowType: 'CustomerInvoice', flowDirection: 'Out' });

      const original = await getFlow(body.flowId, 'Original');
      expect(original.status).to.equal(200);
      expect(Buffer.from(await original.arrayBuffer()).equals(pdf)).to.equal(true);

      const converted = await (await getFlow(body.flowId, 'Converted')).text();
      expect(converted).to.include('urn:oasis:names:specification:ubl:schema:xsd:Invoice-2');
      expect(converted).to.include('urn:fdc:peppol.eu:2017:poacc:billing:3.0');
      expect(converted).to.include('<cbc:ID>FX-IN-1</cbc:ID>');
    });

    for (const profile of ['Basic', 'Extended'] as const) {
      it(`202 for the ${profile} profile`, async () => {
        const { pdf } = await facturX(`FX-${profile}`, PROFILES[profile]);
        const res = await submit(flowForm({ name: `${profile}.pdf`, flowSyntax: 'Factur-X' }, pdf, 'fx.pdf'));
        expect(res.status, await res.clone().text()).to.equal(202);
      });
    }

    it('400 in the AFNOR error shape for a file that is no PDF, a PDF without invoice, and MINIMUM', async () => {
      const { cii, pdf: minimumPdf } = await facturX('FX-MIN', PROFILES.Minimum);
      const bare = await PDFDocument.create();
      bare.addPage();
      const cases: Array<[Buffer, string]> = [
        [Buffer.from(cii), 'NOT_PDF'],
        [Buffer.from(await bare.save()), 'NO_EMBEDDED_INVOICE'],
        [minimumPdf, 'UNSUPPORTED_PROFILE'],
      ];
      for (const [file, rule] of cases) {
        const res = await submit(flowForm({ name: 'x.pdf', flowSyntax: 'Factur-X' }, file, 'x.pdf'));
        const body = await res.json();
        expect(res.status, JSON.stringify(body)).to.equal(400);
        expect(body).to.deep.include({ errorCode: 'INVALID_REQUEST', instance: res.headers.get('x-request-id') });
        expect(body.details[0]).to.deep.include({ field: 'file', rule });
      }
    });

    it('422 with the EN 16931 rules when the embedded invoice is invalid', async () => {
      const { pdf, cii } = await facturX('FX-BAD');
      const broken = cii.replace(/<ram:DuePayableAmount>[^<]*</, '<ram:DuePayableAmount>1.00<');
      const rebuilt = await renderWith(await PDFDocument.load(pdf), broken);
      const res = await submit(flowForm({ name: 'bad.pdf', flowSyntax: 'Factur-X' }, rebuilt, 'bad.pdf'));
      const body = await res.json();
      expect(res.status, JSON.stringify(body)).to.equal(422);
      expect(body.errorCode).to.equal('UBL_VALIDATION_FAILED');
      expect(body.details.map((d: { rule: string }) => d.rule)).to.include('BR-CO-16');
    });
  });

  describe('out: GET /flows/{id}?docType=ReadableView', () => {
    it('a French company’s invoice reads as a Factur-X: pdfdetach finds factur-x.xml, the CII passes EN 16931', async () => {
      const { pdf } = await facturX('FX-OUT-1');
      const res = await submit(flowForm({ name: 'out.pdf', flowSyntax: 'Factur-X' }, pdf, 'out.pdf'));
      const { flowId } = await res.json();

      const before = await getFlow(flowId, 'ReadableView');
      expect(before.status).to.equal(200);
      expect(detach(Buffer.from(await before.arrayBuffer())).first).to.equal(undefined);

      await testServers()
        .db.updateTable('companies')
        .set({ country: 'FR' })
        .where('id', '=', tenant.companyId)
        .execute();
      try {
        const view = await getFlow(flowId, 'ReadableView');
        expect(view.status).to.equal(200);
        expect(view.headers.get('content-disposition')).to.match(/^attachment; filename="?[^";]+\.pdf"?$/);
        const { list, first } = detach(Buffer.from(await view.arrayBuffer()));
        expect(list).to.match(/1: factur-x\.xml/);
        expect(first).to.include('<ram:ID>FX-OUT-1</ram:ID>');
        const core = readXmlDocument(first!, 'cii-xml').errors.filter((e) => !isPeppolLayerRule(e.rule));
        expect(core, JSON.stringify(core)).to.deep.equal([]);
      } finally {
        await testServers()
          .db.updateTable('companies')
          .set({ country: 'BE' })
          .where('id', '=', tenant.companyId)
          .execute();
      }
    });
  });

  /** The same PDF pages with another factur-x.xml, as a tool that wrote a wrong total would. */
  async function renderWith(source: PDFDocument, cii: string): Promise<Buffer> {
    const pdf = await PDFDocument.create();
    const [page] = await pdf.copyPages(source, [0]);
    pdf.addPage(page);
    await pdf.attach(Buffer.from(cii), 'factur-x.xml', { mimeType: 'text/xml' });
    return Buffer.from(await pdf.save());
  }
});
