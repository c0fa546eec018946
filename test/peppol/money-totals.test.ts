import { expect } from 'chai';
import { computeDocument, type DocumentBody } from '../../peppol/index.ts';
import { formatAmount, fractionDigits, parseDecimal, round2 } from '../../peppol/money.ts';

const doc = (over: Partial<DocumentBody>): DocumentBody => ({
  number: '1',
  issueDate: '2026-01-01',
  lines: [],
  ...over,
});
const fmt = (d: { toFixed: (n: number) => string } | undefined) => (d ? d.toFixed(2) : undefined);

describe('money', () => {
  it('parses decimals strictly and never through floats', () => {
    expect(parseDecimal('0.1')!.plus(parseDecimal('0.2')!).toString()).to.equal('0.3');
    expect(parseDecimal(0.1)!.toString()).to.equal('0.1');
    for (const bad of ['1e3', '1,5', '', ' ', 'abc', NaN, Infinity, null, {}])
      expect(parseDecimal(bad), String(bad)).to.equal(undefined);
  });

  it('rounds half away from zero to 2 decimals', () => {
    expect(formatAmount(round2(parseDecimal('2.675')!))).to.equal('2.68');
    expect(formatAmount(round2(parseDecimal('-2.675')!))).to.equal('-2.68');
    expect(formatAmount(round2(parseDecimal('1.004')!))).to.equal('1.00');
  });

  it('counts written decimals', () => {
    expect(fractionDigits('10.123')).to.equal(3);
    expect(fractionDigits('10')).to.equal(0);
  });
});

describe('totals and VAT breakdown', () => {
  it('line net = quantity × price / base quantity, rounded per line', () => {
    const c = computeDocument(
      doc({
        lines: [
          { description: 'a', quantity: '2500', unitPrice: '12.50', baseQuantity: '1000', vatRate: '21' },
          { description: 'b', quantity: '3', unitPrice: '0.333', vatRate: '21' },
        ],
      }),
    );
    expect(c.lines.map((l) => fmt(l.net))).to.deep.equal(['31.25', '1.00']);
    expect(fmt(c.totals.lineTotal)).to.equal('32.25');
    expect(fmt(c.totals.vat)).to.equal('6.77');
  });

  it('groups VAT per category and rate, with document allowances and charges', () => {
    const c = computeDocument(
      doc({
        lines: [
          { description: 'a', quantity: '1', unitPrice: '100', vatRate: '21' },
          { description: 'b', quantity: '1', unitPrice: '50', vatRate: '6' },
          { description: 'c', quantity: '1', unitPrice: '30', vatCategory: 'E', vatRate: '0' },
        ],
        allowances: [{ amount: '10', reason: 'x', vatCategory: 'S', vatRate: '21' }],
        charges: [{ percent: '10', baseAmount: '50', reason: 'y', vatCategory: 'S', vatRate: '6' }],
      }),
    );
    expect(
      c.totals.breakdown.map((b) => `${b.category}/${b.rate?.toString() ?? '-'} ${fmt(b.taxable)} ${fmt(b.tax)}`),
    ).to.deep.equal(['S/21 90.00 18.90', 'S/6 55.00 3.30', 'E/0 30.00 0.00']);
    expect([fmt(c.totals.net), fmt(c.totals.vat), fmt(c.totals.gross), fmt(c.totals.payable)]).to.deep.equal([
      '175.00',
      '22.20',
      '197.20',
      '197.20',
    ]);
  });

  it('document allowance inherits the only line category', () => {
    const c = computeDocument(
      doc({
        lines: [{ description: 'a', quantity: '1', unitPrice: '100', vatRate: '21' }],
        allowances: [{ percent: '5', reason: 'x' }],
      }),
    );
    expect(c.allowances[0].category).to.equal('S');
    expect(fmt(c.allowances[0].amount)).to.equal('5.00');
    expect(fmt(c.totals.vat)).to.equal('19.95');
  });

  it('payable = gross − prepaid + rounding', () => {
    const c = computeDocument(
      doc({
        lines: [{ description: 'a', quantity: '1', unitPrice: '99.99', vatRate: '21' }],
        totals: { prepaidAmount: '20', roundingAmount: '-0.01' },
      }),
    );
    expect(fmt(c.totals.payable)).to.equal('100.98');
  });

  it('default exemption codes for AE, K, G, O and none for E', () => {
    for (const [category, code] of [
      ['AE', 'VATEX-EU-AE'],
      ['K', 'VATEX-EU-IC'],
      ['G', 'VATEX-EU-G'],
      ['O', 'VATEX-EU-O'],
      ['E', undefined],
    ] as const) {
      const c = computeDocument(
        doc({ lines: [{ description: 'a', quantity: '1', unitPrice: '10', vatCategory: category }] }),
      );
      expect(c.totals.breakdown[0].exemptionReasonCode, category).to.equal(code);
      expect(c.totals.breakdown[0].rate === undefined, category).to.equal(category === 'O');
    }
  });

  it('derives the VAT total in tax currency from the exchange rate', () => {
    const c = computeDocument(
      doc({
        currency: 'GBP',
        taxCurrency: 'EUR',
        taxExchangeRate: '1.1732',
        lines: [{ description: 'a', quantity: '8', unitPrice: '120', vatRate: '21' }],
      }),
    );
    expect(fmt(c.totals.vat)).to.equal('201.60');
    expect(fmt(c.totals.vatInTaxCurrency)).to.equal('236.52');
  });

  it('sums 1000 lines of 0.10 exactly', () => {
    const c = computeDocument(
      doc({
        lines: Array.from({ length: 1000 }, () => ({
          description: 'x',
          quantity: '1',
          unitPrice: '0.10',
          vatRate: '21',
        })),
      }),
    );
    expect(fmt(c.totals.lineTotal)).to.equal('100.00');
    expect(fmt(c.totals.vat)).to.equal('21.00');
  });

  it('adds line nets in line order where they exceed the 40 digits of an amount', () => {
    // 10^39 + 0.4 rounds back to 10^39, so the line order gives 0.4 where adding per VAT rate
    // first (10^39 − 10^39, then 0.4 + 0.4) would give 0.8.
    const big = '1' + '0'.repeat(39);
    const line = (amount: string, vatRate: string) => ({
      description: 'x',
      quantity: '1',
      unitPrice: amount,
      netAmount: amount,
      vatRate,
    });
    const c = computeDocument(
      doc({ lines: [line(big, '21'), line('0.4', '6'), line(`-${big}`, '21'), line('0.4', '6')] }),
    );
    expect(c.totals.lineTotal.toFixed()).to.equal('0.4');
    expect(c.totals.breakdown.map((b) => [b.rate?.toFixed(), b.taxable.toFixed()])).to.deep.equal([
      ['21', '0'],
      ['6', '0.8'],
    ]);
  });
});
