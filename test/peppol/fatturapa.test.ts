import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  readFatturaPA,
  renderFatturaPA,
  type FatturaPADocument,
  type FatturaPAOptions,
} from '../../peppol/fatturapa/index.ts';
import { naturaOf } from '../../peppol/fatturapa/codes.ts';
import { Dec } from '../../peppol/money.ts';
import type { DocumentBody, DocumentType } from '../../peppol/types.ts';
import { SHARED } from '../support/paths.ts';

const FPA = `${SHARED}/standards/fatturapa`;
const XSD = `${FPA}/schemas/Schema_del_file_xml_FatturaPA_v1.2.2.xsd`;
const EXAMPLES = `${FPA}/examples/invoices`;

/** Runs xmllint on the files offline (the xmldsig import resolves through the catalog); returns failures. */
function xsdCheck(xmls: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'fatturapa-'));
  try {
    const files = xmls.map((xml, i) => {
      const file = join(dir, `${i}.xml`);
      writeFileSync(file, xml);
      return file;
    });
    try {
      execFileSync('xmllint', ['--nonet', '--noout', '--schema', XSD, ...files], {
        stdio: 'pipe',
        env: { ...process.env, XML_CATALOG_FILES: `${FPA}/schemas/catalog.xml` },
      });
      return '';
    } catch (e) {
      const err = e as { code?: string; stderr?: Buffer };
      if (err.code === 'ENOENT') throw new Error('xmllint is missing: apt-get install -y libxml2-utils', { cause: e });
      return String(err.stderr);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const SELLER = {
  name: 'Alpha Srl',
  vatNumber: 'IT01234567897',
  address: { street: 'Viale Roma 543', city: 'Sassari', postalCode: '07100', region: 'SS', country: 'IT' },
};
const BUYER = {
  name: 'Beta Gamma Spa',
  vatNumber: 'IT09876543217',
  peppolId: '0205:ABC1234',
  address: { street: 'Via Torino 38-B', city: 'Roma', postalCode: '00145', region: 'RM', country: 'IT' },
};

function smallest(): DocumentBody {
  return {
    number: '1',
    issueDate: '2026-11-20',
    seller: structuredClone(SELLER),
    buyer: structuredClone(BUYER),
    lines: [{ description: 'Consulenza', quantity: '1', unitPrice: '100', vatRate: '22' }],
  };
}

function rich(): DocumentBody {
  return {
    number: 'FT-2026/0042',
    issueDate: '2026-11-20',
    dueDate: '2026-12-31',
    note: `${'Fornitura di servizi professionali secondo il contratto quadro. '.repeat(5)}Fine.`,
    orderReference: 'PO-77',
    contractReference: 'CTR-2026-1',
    seller: {
      ...structuredClone(SELLER),
      legalId: { scheme: '0210', value: '01234567897' },
      taxRegistration: 'RF19',
      contact: { phone: '079 123456', email: 'fatture@alpha.it' },
    },
    buyer: structuredClone(BUYER),
    payment: {
      means: 'credit_transfer',
      iban: 'IT60X0542811101000000123456',
      bic: 'BPMOIT22XXX',
      accountName: 'Alpha Srl',
      reference: 'RIF 42',
    },
    lines: [
      {
        description: 'Consulenza “senior”',
        quantity: '10',
        unit: 'HUR',
        unitPrice: '85.50',
        vatRate: '22',
        itemCode: 'CONS-S',
      },
      {
        description: 'Licenza',
        quantity: '3',
        unitPrice: '120',
        grossPrice: '150',
        vatRate: '22',
        period: { start: '2026-11-01', end: '2026-11-30' },
      },
      {
        description: 'Carta',
        quantity: '7',
        unitPrice: '12.5',
        baseQuantity: '10',
        vatRate: '10',
        allowances: [{ amount: '1.25', reason: 'Sconto' }],
      },
      { description: 'Libri', quantity: '4', unitPrice: '19.9', vatRate: '4' },
      { description: 'Esportazione', quantity: '1', unitPrice: '300', vatCategory: 'G', vatRate: '0' },
      { description: 'Formazione esente', quantity: '1', unitPrice: '200', vatCategory: 'E', vatRate: '0' },
      { description: 'Subappalto edile', quantity: '1', unitPrice: '1000', vatCategory: 'AE', vatRate: '0' },
      { description: 'Spese anticipate', quantity: '1', unitPrice: '15', vatCategory: 'O' },
      { description: 'Reso', quantity: '-1', unitPrice: '19.9', vatRate: '4' },
    ],
    allowances: [{ amount: '20', reason: 'Sconto fedelta', vatCategory: 'S', vatRate: '22' }],
    charges: [{ amount: '12.30', reason: 'Trasporto', vatCategory: 'S', vatRate: '22' }],
    vatExemptions: [
      { category: 'E', reason: 'Esente art. 10 n. 20 DPR 633/72', reasonCode: 'VATEX-EU-132-1I' },
      { category: 'AE', reason: 'N6.3 Inversione contabile art. 17 c. 6 lett. a DPR 633/72' },
      { category: 'O', reason: 'N1 Escluse art. 15 DPR 633/72' },
    ],
  };
}

function rendered(type: DocumentType, body: DocumentBody, options?: FatturaPAOptions) {
  const result = renderFatturaPA(type, body, options);
  if (!result.xml) throw new Error(`not rendered: ${JSON.stringify(result.errors)}`);
  return { ...result, xml: result.xml };
}

function only(xml: string): FatturaPADocument {
  const read = readFatturaPA(xml);
  if (!read.ok) throw new Error(JSON.stringify(read.errors));
  expect(read.documents).to.have.length(1);
  return read.documents[0];
}

function values(xml: string, name: string): string[] {
  const unescape = (t: string) =>
    t.replace(/&(quot|apos|lt|gt|amp);/g, (_, e: string) => ({ quot: '"', apos: "'", lt: '<', gt: '>', amp: '&' })[e]!);
  return [...xml.matchAll(new RegExp(`<${name}>([^<]*)</${name}>`, 'g'))].map((m) => unescape(m[1].trim()));
}

function total(texts: (string | number | undefined)[]): string {
  return texts.reduce<Dec>((a, t) => a.plus(new Dec(String(t ?? 0))), new Dec(0)).toFixed(2);
}

describe('FatturaPA 1.2.2', () => {
  describe('rendering', () => {
    it('renders the smallest body as an FPR12 valid against the official schema', () => {
      const r = rendered('invoice', smallest());
      expect(r.format).to.equal('FPR12');
      expect(r.errors).to.deep.equal([]);
      expect(r.fileName).to.equal('IT01234567897_00001.xml');
      expect(values(r.xml, 'FormatoTrasmissione')).to.deep.equal(['FPR12']);
      expect(values(r.xml, 'CodiceDestinatario')).to.deep.equal(['ABC1234']);
      expect(values(r.xml, 'ProgressivoInvio')).to.deep.equal(['1']);
      expect(values(r.xml, 'RegimeFiscale')).to.deep.equal(['RF01']);
      expect(values(r.xml, 'TipoDocumento')).to.deep.equal(['TD01']);
      expect(values(r.xml, 'ImponibileImporto')).to.deep.equal(['100.00']);
      expect(values(r.xml, 'Imposta')).to.deep.equal(['22.00']);
      expect(values(r.xml, 'ImportoTotaleDocumento')).to.deep.equal(['122.00']);
      expect(r.xml).to.match(/<p:FatturaElettronica versione="FPR12"/);
      expect(xsdCheck([r.xml])).to.equal('');
    });

    it('sends to a public administration as FPA12 when the recipient is a 6-character IPA code', () => {
      const body = smallest();
      body.buyer = {
        ...BUYER,
        vatNumber: undefined,
        peppolId: '0201:UFXY12',
        legalId: { scheme: '0210', value: '80012345678' },
      };
      const r = rendered('invoice', body, { esigibilitaIva: 'S' });
      expect(r.format).to.equal('FPA12');
      expect(values(r.xml, 'CodiceDestinatario')).to.deep.equal(['UFXY12']);
      expect(values(r.xml, 'CodiceFiscale')).to.deep.equal(['80012345678']);
      expect(values(r.xml, 'EsigibilitaIVA')).to.deep.equal(['S']);
      expect(r.xml).to.match(/versione="FPA12"/);
      expect(xsdCheck([r.xml])).to.equal('');
    });

    it('writes 0000000 and the PEC when the buyer is reached by PEC only', () => {
      const body = smallest();
      body.buyer = { ...BUYER, peppolId: undefined, identifiers: [{ scheme: '0202', value: 'beta@pec.it' }] };
      const r = rendered('invoice', body);
      expect(values(r.xml, 'CodiceDestinatario')).to.deep.equal(['0000000']);
      expect(values(r.xml, 'PECDestinatario')).to.deep.equal(['beta@pec.it']);
      expect(xsdCheck([r.xml])).to.equal('');
    });

    it('writes XXXXXXX and the foreign VAT number for a buyer abroad', () => {
      const body = smallest();
      body.buyer = {
        name: 'Kunde GmbH',
        vatNumber: 'DE123456789',
        address: { street: 'Hauptstr. 1', city: 'Berlin', postalCode: '10115', country: 'DE' },
      };
      body.lines[0].vatCategory = 'K';
      body.lines[0].vatRate = '0';
      const r = rendered('invoice', body);
      expect(values(r.xml, 'CodiceDestinatario')).to.deep.equal(['XXXXXXX']);
      expect(values(r.xml, 'IdPaese')).to.deep.equal(['IT', 'IT', 'DE']);
      expect(values(r.xml, 'CAP')).to.deep.equal(['07100', '00000']);
      expect(values(r.xml, 'Natura')).to.deep.equal(['N3.2', 'N3.2']);
      expect(xsdCheck([r.xml])).to.equal('');
    });

    it('renders a rich invoice, a credit note and a debit note, all schema-valid, with totals that add up', () => {
      const invoice = rendered('invoice', rich(), { progressivoInvio: 'A0042' });
      const credit = rich();
      credit.billingReferences = [{ number: 'FT-2026/0041', issueDate: '2026-11-01' }];
      const creditNote = rendered('credit-note', credit);
      const debitNote = rendered('debit-note', rich());
      expect(xsdCheck([invoice.xml, creditNote.xml, debitNote.xml])).to.equal('');
      expect(values(creditNote.xml, 'TipoDocumento')).to.deep.equal(['TD04']);
      expect(values(debitNote.xml, 'TipoDocumento')).to.deep.equal(['TD05']);
      expect(creditNote.xml).to.contain(
        '<DatiFattureCollegate><IdDocumento>FT-2026/0041</IdDocumento><Data>2026-11-01</Data>',
      );

      const xml = invoice.xml;
      expect(invoice.fileName).to.equal('IT01234567897_A0042.xml');
      expect(values(xml, 'RegimeFiscale')).to.deep.equal(['RF19']);
      // 9 lines, then the document allowance and charge as lines of their own
      expect(values(xml, 'NumeroLinea')).to.deep.equal(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11']);
      expect(values(xml, 'TipoCessionePrestazione')).to.deep.equal(['SC', 'AC']);
      expect(values(xml, 'Natura')).to.deep.equal(['N3.1', 'N4', 'N6.3', 'N1', 'N3.1', 'N4', 'N6.3', 'N1']);
      expect(values(xml, 'RiferimentoNormativo')).to.deep.equal([
        'Esente art. 10 n. 20 DPR 633/72',
        'Inversione contabile art. 17 c. 6 lett. a DPR 633/72',
        'Escluse art. 15 DPR 633/72',
      ]);
      expect(values(xml, 'Descrizione')[0]).to.equal('Consulenza "senior"');
      expect(values(xml, 'Causale')).to.have.length(2);
      expect(values(xml, 'ModalitaPagamento')).to.deep.equal(['MP05']);
      expect(values(xml, 'IBAN')).to.deep.equal(['IT60X0542811101000000123456']);
      // the returned line: positive quantity, negative price
      expect(xml).to.contain(
        '<Descrizione>Reso</Descrizione><Quantita>1.00</Quantita><PrezzoUnitario>-19.90</PrezzoUnitario>',
      );
      // price per base quantity: 12.5 for 10 sheets
      expect(xml).to.contain('<PrezzoUnitario>1.25</PrezzoUnitario>');

      // SdI consistency: per rate, ImponibileImporto is the sum of the PrezzoTotale of its lines
      const lines = [
        ...xml.matchAll(/<DettaglioLinee>.*?<PrezzoTotale>([^<]+)<\/PrezzoTotale><AliquotaIVA>([^<]+)<\/AliquotaIVA>/g),
      ];
      for (const r of xml.matchAll(
        /<DatiRiepilogo><AliquotaIVA>([^<]+)<\/AliquotaIVA>(?:<Natura>([^<]+)<\/Natura>)?<ImponibileImporto>([^<]+)</g,
      )) {
        const natura = r[2];
        const sameGroup = [...xml.matchAll(/<DettaglioLinee>(.*?)<\/DettaglioLinee>/g)].filter((l) => {
          const rate = /<AliquotaIVA>([^<]+)</.exec(l[1])![1];
          const n = /<Natura>([^<]+)</.exec(l[1])?.[1];
          return rate === r[1] && n === natura;
        });
        expect(total(sameGroup.map((l) => /<PrezzoTotale>([^<]+)</.exec(l[1])![1]))).to.equal(r[3]);
      }
      expect(lines).to.have.length(11);
      const taxable = total(values(xml, 'ImponibileImporto'));
      const tax = total(values(xml, 'Imposta'));
      expect(values(xml, 'ImportoTotaleDocumento')).to.deep.equal([new Dec(taxable).plus(tax).toFixed(2)]);
      expect(values(xml, 'ImportoPagamento')).to.deep.equal(values(xml, 'ImportoTotaleDocumento'));
    });

    it('writes the rounding in the document total and reads it back apart', () => {
      const body = smallest();
      body.totals = { roundingAmount: '0.01', prepaidAmount: '50' };
      body.lines[0].unitPrice = '99.99';
      const r = rendered('invoice', body);
      expect(values(r.xml, 'Arrotondamento')).to.deep.equal(['0.01']);
      expect(values(r.xml, 'ImportoTotaleDocumento')).to.deep.equal(['122.00']);
      expect(values(r.xml, 'ImportoPagamento')).to.deep.equal([]);
      expect(xsdCheck([r.xml])).to.equal('');
      const back = only(r.xml).body.totals!;
      expect(back).to.deep.include({
        grossAmount: '121.99',
        roundingAmount: '0.01',
        netAmount: '99.99',
        vatAmount: '22.00',
      });
    });

    it('maps the VAT category and exemption reason to the Natura', () => {
      expect(naturaOf('Z', undefined, undefined)).to.equal('N3.6');
      expect(naturaOf('E', undefined, undefined)).to.equal('N4');
      expect(naturaOf('E', 'VATEX-EU-132-1I', undefined)).to.equal('N4');
      expect(naturaOf('E', 'VATEX-EU-79-C', undefined)).to.equal('N1');
      expect(naturaOf('E', 'VATEX-EU-F', undefined)).to.equal('N5');
      expect(naturaOf('AE', undefined, undefined)).to.equal('N6.9');
      expect(naturaOf('AE', 'N6.7', undefined)).to.equal('N6.7');
      expect(naturaOf('K', 'VATEX-EU-IC', undefined)).to.equal('N3.2');
      expect(naturaOf('G', undefined, undefined)).to.equal('N3.1');
      expect(naturaOf('O', undefined, undefined)).to.equal('N2.2');
      expect(naturaOf('O', undefined, 'N2.1 art. 7-ter DPR 633/72')).to.equal('N2.1');
      expect(naturaOf('Z', undefined, "[N3.5] dichiarazione d'intento")).to.equal('N3.5');
    });
  });

  describe('bad input', () => {
    const cases: [string, (b: DocumentBody) => DocumentBody | void, string, string, DocumentType?][] = [
      ['a seller without VAT number', (b) => void delete b.seller!.vatNumber, 'FPA-SELLER-VAT', '$.seller.vatNumber'],
      [
        'a seller with a foreign VAT number',
        (b) => void (b.seller!.vatNumber = 'DE123456789'),
        'FPA-SELLER-VAT',
        '$.seller.vatNumber',
      ],
      [
        'a seller established abroad',
        (b) => void (b.seller!.address!.country = 'FR'),
        'FPA-SELLER-COUNTRY',
        '$.seller.address.country',
      ],
      ['no seller', (b) => void delete b.seller, 'FPA-SELLER', '$.seller'],
      [
        'a buyer with neither VAT number nor codice fiscale',
        (b) => void delete b.buyer!.vatNumber,
        'FPA-BUYER-ID',
        '$.buyer.vatNumber',
      ],
      [
        'an Italian business buyer with neither codice destinatario nor PEC',
        (b) => void delete b.buyer!.peppolId,
        'FPA-RECIPIENT',
        '$.buyer.peppolId',
      ],
      [
        'a codice destinatario of 5 characters',
        (b) => void (b.buyer!.peppolId = '0205:AB123'),
        'FPA-CODICE-DESTINATARIO',
        '$.buyer.peppolId',
      ],
      [
        'an Italian address without CAP',
        (b) => void delete b.seller!.address!.postalCode,
        'FPA-CAP',
        '$.seller.address.postalCode',
      ],
      ['an address without city', (b) => void delete b.buyer!.address!.city, 'FPA-ADDRESS', '$.buyer.address'],
      [
        'a Canary Islands VAT category',
        (b) => void Object.assign(b.lines[0], { vatCategory: 'L', vatRate: '7' }),
        'FPA-VAT-CATEGORY',
        '$.lines[0].vatCategory',
      ],
      ['a number of 21 characters', (b) => void (b.number = 'N'.repeat(20) + '1'), 'FPA-NUMERO', '$.number'],
      ['a number without digit', (b) => void (b.number = 'ABC'), 'FPA-NUMERO', '$.number'],
      [
        'an unknown RegimeFiscale',
        (b) => void (b.seller!.taxRegistration = 'RF99'),
        'FPA-REGIME-FISCALE',
        '$.seller.taxRegistration',
      ],
      [
        'a Natura that does not fit its category',
        (b) =>
          void Object.assign(b, {
            lines: [{ description: 'x', quantity: '1', unitPrice: '1', vatCategory: 'AE', vatRate: '0' }],
            vatExemptions: [{ category: 'AE', reasonCode: 'N4' }],
          }),
        'FPA-NATURA',
        '$.vatExemptions',
      ],
      ['a non-decimal price', (b) => void (b.lines[0].unitPrice = '12,50'), 'JSON-DECIMAL', '$.lines[0].unitPrice'],
      ['an order', () => undefined, 'FPA-TYPE', '$.type', 'purchase-order'],
    ];
    for (const [name, change, rule, path, type] of cases)
      it(`refuses ${name} (${rule})`, () => {
        const body = smallest();
        change(body);
        const r = renderFatturaPA(type ?? 'invoice', body);
        expect(r.xml).to.equal(undefined);
        expect(r.errors.map((e) => [e.rule, e.path])).to.deep.include([rule, path]);
        for (const e of r.errors) expect(e.message).to.be.a('string').and.not.equal('');
      });

    it('accepts a private consumer known only by codice fiscale, with 0000000 and a warning', () => {
      const body = smallest();
      body.buyer = {
        name: 'Mario Rossi',
        legalId: { scheme: '0210', value: 'RSSMRA80A01H501U' },
        address: BUYER.address,
      };
      const r = rendered('invoice', body);
      expect(values(r.xml, 'CodiceDestinatario')).to.deep.equal(['0000000']);
      expect(r.warnings.map((w) => w.rule)).to.include('FPA-RECIPIENT');
      expect(xsdCheck([r.xml])).to.equal('');
    });

    it('replaces what Latin-1 cannot hold and cuts long names, with warnings', () => {
      const body = smallest();
      body.buyer!.name = `Ωmega ${'x'.repeat(100)}`;
      const r = rendered('invoice', body);
      expect(r.warnings.map((w) => w.rule)).to.include.members(['FPA-LATIN', 'FPA-LENGTH']);
      expect(xsdCheck([r.xml])).to.equal('');
    });

    const unreadable: [string, string, string][] = [
      ['a UBL invoice', '<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/>', 'FPA-ROOT'],
      ['malformed XML', '<p:FatturaElettronica', 'XML-MALFORMED'],
      ['a DOCTYPE', '<!DOCTYPE x [<!ENTITY a "b">]><x/>', 'XML-DTD'],
      [
        'an unknown versione',
        '<p:FatturaElettronica xmlns:p="http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2" versione="FPR99"/>',
        'FPA-VERSIONE',
      ],
      [
        'a file without body',
        '<p:FatturaElettronica xmlns:p="http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2" versione="FPR12"><FatturaElettronicaHeader><CedentePrestatore/><CessionarioCommittente/></FatturaElettronicaHeader></p:FatturaElettronica>',
        'FPA-BODY',
      ],
    ];
    for (const [name, xml, rule] of unreadable)
      it(`does not read ${name} (${rule})`, () => {
        const r = readFatturaPA(xml);
        expect(r.ok).to.equal(false);
        if (!r.ok) expect(r.errors.map((e) => e.rule)).to.include(rule);
      });
  });

  describe('render, then read', () => {
    for (const [name, type, make] of [
      ['the smallest invoice', 'invoice', smallest],
      ['the rich invoice', 'invoice', rich],
      ['a credit note', 'credit-note', rich],
    ] as const)
      it(`gives back ${name} with its parties, codes, lines and totals`, () => {
        const body = make();
        const first = rendered(type, body);
        const doc = only(first.xml);
        expect(doc.type).to.equal(type);
        expect(doc.fatturapa).to.include({
          format: 'FPR12',
          codiceDestinatario: 'ABC1234',
          tipoDocumento: type === 'invoice' ? 'TD01' : 'TD04',
        });
        const read = doc.body;
        expect(read.number).to.equal(body.number);
        expect(read.issueDate).to.equal(body.issueDate);
        expect(read.seller!.vatNumber).to.equal(body.seller!.vatNumber);
        expect(read.seller!.address).to.deep.equal(body.seller!.address);
        expect(read.buyer!.peppolId).to.equal('0205:ABC1234');
        expect(read.buyer!.vatNumber).to.equal(body.buyer!.vatNumber);
        expect(read.lines).to.have.length(body.lines.length);
        expect(read.allowances?.length ?? 0).to.equal(body.allowances?.length ?? 0);
        expect(read.charges?.length ?? 0).to.equal(body.charges?.length ?? 0);
        expect(read.note).to.equal(body.note);
        expect(read.dueDate).to.equal(body.dueDate);
        expect(read.payment?.iban).to.equal(body.payment?.iban);
        expect(values(first.xml, 'PrezzoTotale').slice(0, body.lines.length)).to.deep.equal(
          read.lines.map((l) => new Dec(String(l.netAmount)).toFixed(2)),
        );
        expect(read.totals!.grossAmount).to.equal(values(first.xml, 'ImportoTotaleDocumento')[0]);

        // Rendered again from what was read: the same FatturaPA.
        const again = rendered(type, read, { progressivoInvio: doc.fatturapa.progressivoInvio! });
        expect(again.xml).to.equal(first.xml);
      });
  });

  describe('the official examples', () => {
    const files = readdirSync(EXAMPLES).filter((f) => f.endsWith('.xml'));
    it('are all here', () => expect(files).to.have.length(6));
    for (const file of files)
      it(`reads ${file} without losing a line or a total, and renders it again schema-valid`, () => {
        const xml = readFileSync(join(EXAMPLES, file), 'utf8');
        const result = readFatturaPA(xml);
        if (!result.ok) throw new Error(JSON.stringify(result.errors));
        const bodies = [...xml.matchAll(/<FatturaElettronicaBody>([\s\S]*?)<\/FatturaElettronicaBody>/g)].map(
          (m) => m[1],
        );
        expect(result.documents).to.have.length(bodies.length);
        const versione = /versione="(FP[AR]12)"/.exec(xml)![1];
        for (const [i, doc] of result.documents.entries()) {
          const src = bodies[i];
          expect(doc.fatturapa.format).to.equal(versione);
          const code = values(xml, 'CodiceDestinatario')[0];
          expect(doc.fatturapa.codiceDestinatario).to.equal(code);
          expect(doc.body.buyer!.peppolId).to.equal(
            code === '0000000' ? undefined : `${versione === 'FPA12' ? '0201' : '0205'}:${code}`,
          );
          expect(doc.body.seller!.vatNumber).to.equal(`IT${values(xml, 'IdCodice')[1]}`);
          expect(doc.body.number).to.equal(values(src, 'Numero')[0]);
          expect(doc.body.issueDate).to.equal(values(src, 'Data')[0]);
          expect(doc.body.lines.map((l) => new Dec(String(l.netAmount)).toFixed(2))).to.deep.equal(
            values(src, 'PrezzoTotale').map((v) => new Dec(v).toFixed(2)),
          );
          expect(doc.body.lines.map((l) => l.description)).to.deep.equal(values(src, 'Descrizione'));
          const riepilogo = [...src.matchAll(/<DatiRiepilogo>([\s\S]*?)<\/DatiRiepilogo>/g)].map((m) => m[1]);
          const breakdown = doc.body.totals!.vatBreakdown!;
          expect(breakdown.map((v) => [v.taxableAmount, v.taxAmount])).to.deep.equal(
            riepilogo.map((r) => [values(r, 'ImponibileImporto')[0], values(r, 'Imposta')[0]]),
          );
          const taxable = total(riepilogo.map((r) => values(r, 'ImponibileImporto')[0]));
          const tax = total(riepilogo.map((r) => values(r, 'Imposta')[0]));
          expect(doc.body.totals!.netAmount).to.equal(taxable);
          expect(doc.body.totals!.vatAmount).to.equal(tax);
          const stated = values(src, 'ImportoTotaleDocumento')[0];
          expect(doc.body.totals!.grossAmount).to.equal(stated ?? new Dec(taxable).plus(tax).toFixed(2));
          const payments = values(src, 'ImportoPagamento');
          if (payments.length) expect(doc.body.totals!.payableAmount).to.equal(total(payments));
          expect(doc.body.dueDate).to.equal(values(src, 'DataScadenzaPagamento')[0]);

          // the same document rendered again is a valid FatturaPA with the same lines and totals
          const again = rendered(doc.type, doc.body, { progressivoInvio: doc.fatturapa.progressivoInvio! });
          expect(again.format).to.equal(versione);
          expect(xsdCheck([again.xml])).to.equal('');
          const back = only(again.xml);
          expect(back.body.lines).to.deep.equal(doc.body.lines);
          expect(back.body.totals).to.deep.include({
            netAmount: doc.body.totals!.netAmount,
            vatAmount: doc.body.totals!.vatAmount,
            vatBreakdown: doc.body.totals!.vatBreakdown,
          });
        }
      });

    it('are themselves valid against the schema, but for the ContattiTrasmittente out of place in FPR02', () => {
      const xmls = files
        .filter((f) => f !== 'IT01234567890_FPR02.xml')
        .map((f) => readFileSync(join(EXAMPLES, f), 'utf8'));
      expect(xsdCheck(xmls)).to.equal('');
      const fpr02 = readFileSync(join(EXAMPLES, 'IT01234567890_FPR02.xml'), 'utf8');
      expect(xsdCheck([fpr02])).to.contain("Element 'ContattiTrasmittente': This element is not expected");
      expect(xsdCheck([fpr02.replace('<ContattiTrasmittente/>', '')])).to.equal('');
      expect(
        xsdCheck([xmls[0].replace('<TipoDocumento>TD01</TipoDocumento>', '<TipoDocumento>TD99</TipoDocumento>')]),
      ).to.contain('TipoDocumento');
    });
  });
});
