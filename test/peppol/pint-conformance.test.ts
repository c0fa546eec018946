import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validateDocument, type DocumentType, type ValidationResult } from '../../peppol/index.ts';
import { validatePintElement } from '../../peppol/pint/validate.ts';
import { parseXmlTree } from '../../peppol/xml/dom.ts';
import { listData, readData } from './helpers.ts';
import { details, difference, officialResultsOrSkip, type OfficialResult, type Subject } from './official-rules.ts';
import { AU_BUYER, AU_SELLER, NZ_BUYER, NZ_SELLER, smallestBody } from './pint-fixtures.ts';

/**
 * Conformance with the official PINT rule sets of phive-rules-peppol 4.3.7 (pint-aunz 1.1.2, pint-sg
 * 1.4.0, pint-jp 1.1.2, pint-my 1.3.0, pint-ae 2026.5), run by scripts/official-rules.mjs, which picks
 * them by the document's CustomizationID. Our renderings must be accepted; on the official examples
 * and on mutations of them our native rules must reach the same verdict with the same fatal rule ids.
 */

function pintValidate(xml: string): ValidationResult {
  const parsed = parseXmlTree(xml);
  if (!parsed.ok) return { valid: false, errors: parsed.errors, warnings: [] };
  return validatePintElement(parsed.root);
}

function renderings(): Subject[] {
  const cases: [
    string,
    DocumentType,
    Parameters<typeof smallestBody>[1],
    Parameters<typeof smallestBody>[2],
    string,
  ][] = [
    ['AU invoice', 'invoice', AU_SELLER, AU_BUYER, '10'],
    ['AU credit note', 'credit-note', AU_SELLER, AU_BUYER, '10'],
    ['NZ invoice', 'invoice', NZ_SELLER, NZ_BUYER, '15'],
    ['NZ credit note', 'credit-note', NZ_SELLER, NZ_BUYER, '15'],
    ['AU seller, NZ buyer', 'invoice', AU_SELLER, NZ_BUYER, '0'],
    [
      'DE seller, AU buyer',
      'invoice',
      { country: 'DE', peppolId: '9930:DE123456789', vatNumber: 'DE123456789' },
      AU_BUYER,
      '10',
    ],
    [
      'SG invoice',
      'invoice',
      { country: 'SG', peppolId: '0195:SGUEN201912345K', vatNumber: 'SGM20012345K' },
      { country: 'SG', peppolId: '0195:SGUEN199912345A' },
      '9',
    ],
    [
      'JP invoice',
      'invoice',
      { country: 'JP', peppolId: '0221:T1234567890123', vatNumber: 'JPT1234567890123' },
      { country: 'JP', peppolId: '0221:T3210987654321' },
      '10',
    ],
  ];
  return cases.map(([name, type, seller, buyer, rate]) => {
    const body = smallestBody(type, seller, buyer, rate);
    if (rate === '0') body.lines[0].vatCategory = 'Z';
    const ours = validateDocument(type, body);
    return { name: `rendered ${name}`, xml: ours.xml, ours };
  });
}

function examples(): Subject[] {
  return listData('pint').flatMap((folder) =>
    listData('pint', folder)
      .filter((file) => !file.startsWith('selfbilling'))
      .map((file) => {
        const xml = readData('pint', folder, file);
        return { name: `${folder}/${file}`, xml, ours: pintValidate(xml) };
      }),
  );
}

/** Mutations of official A-NZ examples, each breaking what one or a few official rules check. */
const MUTATIONS: [string, string, (xml: string) => string][] = [
  ['no issue date', 'billing_AU_Invoice.xml', (x) => x.replace(/<cbc:IssueDate>[^<]*<\/cbc:IssueDate>/, '')],
  [
    'no seller ABN',
    'billing_AU_Invoice.xml',
    (x) => x.replace('<cbc:CompanyID schemeID="0151">47555222000</cbc:CompanyID>', ''),
  ],
  [
    'buyer ABN check digit',
    'billing_AU_Invoice.xml',
    (x) => x.replace('<cbc:EndpointID schemeID="0151">91888222000', '<cbc:EndpointID schemeID="0151">91888222001'),
  ],
  [
    'no buyer reference nor order',
    'billing_AU_Invoice.xml',
    (x) =>
      x
        .replace(/<cbc:BuyerReference>[^<]*<\/cbc:BuyerReference>/, '')
        .replace(/<cac:OrderReference>[\s\S]*?<\/cac:OrderReference>/, ''),
  ],
  [
    'BIS 3 profile',
    'billing_AU_Invoice.xml',
    (x) => x.replace('urn:peppol:bis:billing', 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0'),
  ],
  [
    'payable amount off',
    'billing_AU_Invoice.xml',
    (x) => x.replace('>1636.14</cbc:PayableAmount>', '>1636.15</cbc:PayableAmount>'),
  ],
  [
    'no due date nor terms',
    'billing_AU_Invoice.xml',
    (x) =>
      x.replace(/<cbc:DueDate>[^<]*<\/cbc:DueDate>/, '').replace(/<cac:PaymentTerms>[\s\S]*?<\/cac:PaymentTerms>/, ''),
  ],
  [
    'no seller name',
    'billing_AU_Invoice.xml',
    (x) => x.replace('<cbc:RegistrationName>Supplier Official Name Ltd</cbc:RegistrationName>', ''),
  ],
  [
    'no buyer endpoint',
    'billing_AU_Invoice.xml',
    (x) => x.replace(/<cbc:EndpointID schemeID="0151">91888222000<\/cbc:EndpointID>/, ''),
  ],
  [
    'no item name',
    'billing_NZ_No_Allowances.xml',
    (x) => x.replace(/(<cac:Item>[\s\S]*?)<cbc:Name>[^<]*<\/cbc:Name>/, '$1'),
  ],
  [
    'no currency',
    'billing_NZ_No_Allowances.xml',
    (x) => x.replace(/<cbc:DocumentCurrencyCode>[^<]*<\/cbc:DocumentCurrencyCode>/, ''),
  ],
  [
    'one amount in another currency',
    'billing_AU_Invoice.xml',
    (x) => x.replace('<cbc:PayableAmount currencyID="AUD">', '<cbc:PayableAmount currencyID="NZD">'),
  ],
  [
    'total with tax off',
    'billing_NZ_No_Allowances.xml',
    (x) =>
      x.replace(
        /(<cbc:TaxInclusiveAmount currencyID="NZD">)([0-9]+)/,
        (_m, open: string, units: string) => `${open}${Number(units) + 1}`,
      ),
  ],
  ['NZBN check digit', 'billing_NZ_No_Allowances.xml', (x) => x.replace(/9429033591476/g, '9429033591477')],
];

function mutations(): Subject[] {
  return MUTATIONS.map(([name, file, mutate]) => {
    const xml = mutate(readData('pint', 'pint-aunz', file));
    return { name: `mutation of ${file}: ${name}`, xml, ours: pintValidate(xml) };
  });
}

describe('conformance with the official PINT rule sets (phive-rules-peppol 4.3.7)', function () {
  const rendered = renderings();
  const others = [...examples(), ...mutations()];
  const dir = mkdtempSync(join(tmpdir(), 'pint-official-'));
  let official = new Map<string, OfficialResult>();

  before(function () {
    this.timeout(180000);
    official = officialResultsOrSkip(this, [...rendered, ...others], dir);
  });

  after(() => rmSync(dir, { recursive: true, force: true }));

  describe('our renderings are accepted by the official rules of their specialization', () => {
    for (const subject of rendered) {
      it(subject.name, () => {
        const result = official.get(subject.name);
        expect(result?.rules?.[0] ?? '', 'the PINT rules ran').to.match(/^pint-/);
        const fatal = (result?.failed ?? []).filter((f) => f.flag === 'fatal');
        expect(fatal.map((f) => `${f.id} at ${f.location}: ${f.text}`)).to.deep.equal([]);
        expect(difference(subject, result, { fatalOnly: true }), details(subject, result)).to.equal('');
      });
    }
  });

  describe('official examples and mutations: same verdict, same fatal rules', () => {
    for (const subject of others) {
      it(subject.name, () => {
        const result = official.get(subject.name);
        expect(difference(subject, result, { fatalOnly: true }), details(subject, result)).to.equal('');
      });
    }
  });
});
