import { expect } from 'chai';
import { validateDocument, validateUblXml, type DocumentBody } from '../../peppol/index.ts';
import { CORPUS } from '../data/peppol/corpus.ts';
import { listData, readData } from './helpers.ts';

const base = CORPUS[0].body;
const body = (over: Partial<DocumentBody>): DocumentBody => ({ ...base, ...over });
const REASON_RULES = ['BR-CO-05', 'BR-CO-06', 'BR-CO-07', 'BR-CO-08'];

describe('EN16931 BR-CO-05…08 (allowance/charge reason code and reason text agree)', () => {
  it('warns (never blocks) when a document allowance reason is the name of another code: BR-CO-05', () => {
    const r = validateDocument(
      'invoice',
      body({
        allowances: [{ amount: '10.00', reason: 'Special rebate', reasonCode: '95', vatCategory: 'S', vatRate: '21' }],
      }),
    );
    expect(r.valid).to.equal(true);
    expect(r.errors.map((e) => e.rule)).to.not.include('BR-CO-05');
    const w = r.warnings.filter((e) => e.rule === 'BR-CO-05');
    expect(w).to.have.length(1);
    expect(w[0].path).to.equal('$.allowances[0].reason');
    expect(w[0].message).to.contain('Reason code 95 means "Discount"').and.contain('code 100');
  });

  it('warns on a document charge whose reason names another charge code: BR-CO-06', () => {
    const r = validateDocument(
      'invoice',
      body({ charges: [{ amount: '12.50', reason: 'packing', reasonCode: 'FC', vatCategory: 'S', vatRate: '21' }] }),
    );
    expect(r.valid).to.equal(true);
    expect(r.warnings.filter((e) => e.rule === 'BR-CO-06').map((e) => e.path)).to.deep.equal(['$.charges[0].reason']);
  });

  it('warns on line allowances and charges: BR-CO-07 and BR-CO-08', () => {
    const line = {
      ...base.lines[0],
      allowances: [{ amount: '5.00', reason: '100', reasonCode: '95' }],
      charges: [{ amount: '3.00', reason: 'Packing', reasonCode: 'FC' }],
    };
    const r = validateDocument('invoice', body({ lines: [line] }));
    expect(r.valid).to.equal(true);
    expect(
      r.warnings
        .filter((e) => REASON_RULES.includes(e.rule))
        .map((e) => `${e.rule} ${e.path}`)
        .sort(),
    ).to.deep.equal(['BR-CO-07 $.lines[0].allowances[0].reason', 'BR-CO-08 $.lines[0].charges[0].reason']);
  });

  it('accepts matching names, codes given alone, free text and unknown codes', () => {
    const line = {
      ...base.lines[0],
      allowances: [{ amount: '5.00', reason: 'Discount', reasonCode: '95' }],
      charges: [{ amount: '3.00', reason: 'Freight service', reasonCode: 'FC' }],
    };
    const r = validateDocument(
      'invoice',
      body({
        lines: [line],
        allowances: [
          { amount: '1.00', reason: 'Loyalty discount', reasonCode: '95', vatCategory: 'S', vatRate: '21' },
          { amount: '1.00', reasonCode: '100', vatCategory: 'S', vatRate: '21' },
        ],
        charges: [{ amount: '2.00', reason: 'Transport', reasonCode: 'FC', vatCategory: 'S', vatRate: '21' }],
      }),
    );
    expect(r.valid, JSON.stringify(r.errors)).to.equal(true);
    expect(r.warnings.filter((e) => REASON_RULES.includes(e.rule))).to.deep.equal([]);
  });

  it('reports an XPath on XML input', () => {
    const xml = validateDocument(
      'invoice',
      body({
        allowances: [{ amount: '10.00', reason: 'Special rebate', reasonCode: '95', vatCategory: 'S', vatRate: '21' }],
      }),
    ).xml!;
    const r = validateUblXml(xml);
    expect(r.warnings.filter((e) => e.rule === 'BR-CO-05').map((e) => e.path)).to.deep.equal([
      '/Invoice/cac:AllowanceCharge/cbc:AllowanceChargeReason',
    ]);
  });

  it('never fires on the official BIS examples (the official artefacts assert true())', () => {
    for (const release of ['bis-3.0.19', 'bis-3.0.21']) {
      for (const file of listData('examples', release).filter((f) => f.endsWith('.xml'))) {
        const r = validateUblXml(readData('examples', release, file));
        expect(
          [...r.errors, ...r.warnings].filter((e) => REASON_RULES.includes(e.rule)),
          `${release}/${file}`,
        ).to.deep.equal([]);
      }
    }
  });
});
