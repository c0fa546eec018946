import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseUbl, renderUbl, unwrapSbdh, wrapInSbdh } from '../../peppol/index.ts';
import { CORPUS, TRADE_CORPUS } from '../data/peppol/corpus.ts';
import { SHARED } from '../support/paths.ts';

const options = {
  sender: '0208:0403019261',
  receiver: '0208:0202239951',
  instanceId: '6f1c1f5e-3d0a-4a43-9a52-2f1f4d8e8e01',
  createdAt: new Date('2026-03-01T10:00:00.123Z'),
  countryC1: 'BE',
};

describe('SBDH envelope', () => {
  it('wraps an invoice with the Peppol document type and process ids', () => {
    const ubl = renderUbl('invoice', CORPUS[0].body).xml!;
    const wrapped = wrapInSbdh(ubl, options);
    if (!wrapped.ok) throw new Error(JSON.stringify(wrapped.errors));
    expect(wrapped.documentTypeId).to.equal(
      'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2::Invoice##urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0::2.1',
    );
    expect(wrapped.processId).to.equal('urn:fdc:peppol.eu:2017:poacc:billing:01:1.0');
    expect(wrapped.xml).to.contain('<CreationDateAndTime>2026-03-01T10:00:00Z</CreationDateAndTime>');
  });

  it('unwraps to the same header and a payload that parses to the same body', () => {
    const ubl = renderUbl('credit-note', CORPUS.find((c) => c.type === 'credit-note')!.body).xml!;
    const wrapped = wrapInSbdh(ubl, options);
    if (!wrapped.ok) throw new Error('wrap failed');
    const unwrapped = unwrapSbdh(wrapped.xml);
    if (!unwrapped.ok) throw new Error(JSON.stringify(unwrapped.errors));
    expect(unwrapped.header).to.deep.include({
      sender: options.sender,
      receiver: options.receiver,
      type: 'CreditNote',
      countryC1: 'BE',
      documentTypeId: wrapped.documentTypeId,
    });
    const a = parseUbl(ubl);
    const b = parseUbl(unwrapped.payload);
    expect(a.ok && b.ok && JSON.stringify(a.body) === JSON.stringify(b.body)).to.equal(true);
  });

  it('an event has no receiver: the sender is written as receiver', () => {
    const ubl = renderUbl('event', TRADE_CORPUS.find((c) => c.type === 'event')!.body).xml!;
    const wrapped = wrapInSbdh(ubl, { ...options, receiver: undefined });
    if (!wrapped.ok) throw new Error('wrap failed');
    const unwrapped = unwrapSbdh(wrapped.xml);
    expect(unwrapped.ok && unwrapped.header.receiver).to.equal(options.sender);
  });

  it('refuses a payload that is not UBL with SBDH_ERROR', () => {
    const wrapped = wrapInSbdh('<foo/>', options);
    expect(wrapped.ok).to.equal(false);
    if (!wrapped.ok) expect(wrapped.errors[0].rule).to.equal('SBDH_ERROR');
    const bad = unwrapSbdh('<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/>');
    expect(bad.ok).to.equal(false);
  });

  it('wrapped documents validate against SBDH 1.3 + UBL payload XSD (needs xmllint)', () => {
    try {
      execFileSync('xmllint', ['--version'], { stdio: 'ignore' });
    } catch {
      throw new Error(
        'xmllint is not installed: run `apt-get install -y libxml2-utils` (required for the SBDH XSD check)',
      );
    }
    const dir = mkdtempSync(join(tmpdir(), 'peppol-sbd-'));
    const paths = [...CORPUS.slice(0, 5), ...TRADE_CORPUS].map((entry, i) => {
      const wrapped = wrapInSbdh(renderUbl(entry.type, entry.body).xml!, options);
      if (!wrapped.ok) throw new Error('wrap failed');
      const path = join(dir, `sbd-${i}.xml`);
      writeFileSync(path, wrapped.xml);
      return path;
    });
    execFileSync('xmllint', ['--noout', '--schema', `${SHARED}/standards/sbdh/sbd-with-payload.xsd`, ...paths], {
      stdio: 'pipe',
    });
  });
});
