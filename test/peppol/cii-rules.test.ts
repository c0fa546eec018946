import { expect } from 'chai';
import { readXmlDocument } from '../../peppol/xml-input.ts';
import { readData } from './helpers.ts';

describe('Peppol rules on CII input', () => {
  const findings = (file: string) => {
    const result = readXmlDocument(readData('cii', file), 'cii-xml');
    return [...result.errors, ...result.warnings];
  };

  it('judges the Peppol and national rules on the CII, with XPaths into it', () => {
    const peppol = findings('CII_example5.xml').filter((f) => /^(PEPPOL-|NL-R-)/.test(f.rule));
    expect(peppol.map((f) => f.rule)).to.include.members(['PEPPOL-EN16931-R001', 'PEPPOL-EN16931-CL008', 'NL-R-003']);
    for (const f of peppol) expect(f.path).to.match(/^\/rsm:CrossIndustryInvoice\//);
  });

  it('reports each CII payment means, not only the one the conversion keeps', () => {
    expect(findings('CII_example4.xml').filter((f) => f.rule === 'DK-R-005')).to.have.length(2);
  });

  it('leaves out the rules only the UBL artefacts have (here the German ones)', () => {
    expect(
      findings('CII_business_example_02.xml')
        .map((f) => f.rule)
        .filter((r) => r.startsWith('DE-R-')),
    ).to.deep.equal([]);
  });
});
