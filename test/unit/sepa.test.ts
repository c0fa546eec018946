import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DOMParser } from '@xmldom/xmldom';
import xpath from 'xpath';
import { buildCreditTransfer, checkCreditTransfer, sepaText, type CreditTransferFile } from '../../peppol/sepa.ts';
import { SHARED } from '../support/paths.ts';

const STANDARDS = `${SHARED}/standards/iso20022`;

/** xmllint against an XSD; returns its complaints (empty when valid). */
export function schemaErrors(xml: string, xsd: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'pain-')), 'file.xml');
  writeFileSync(file, xml);
  try {
    execFileSync('xmllint', ['--noout', '--schema', xsd, file], { stdio: 'pipe' });
    return '';
  } catch (err) {
    return String((err as { stderr?: Buffer }).stderr ?? err);
  }
}

const file = (overrides: Partial<CreditTransferFile> = {}): CreditTransferFile => ({
  messageId: 'SEPA-20261122-0001',
  createdAt: new Date('2026-11-22T10:00:00.123Z'),
  requestedExecutionDate: '2026-12-01',
  debtor: { name: 'Acme Buyer NV', iban: 'BE68 5390 0754 7034', bic: 'gkccbebb' },
  transfers: [
    {
      endToEndId: 'doc-A1',
      amount: '0.10',
      creditor: { name: 'Société Générale & Fils', iban: 'FR1420041010050500013M02606', bic: 'SOGEFRPP' },
      remittance: 'INV-2026-001',
    },
    {
      endToEndId: 'doc-A2',
      amount: '0.20',
      creditor: { name: 'Proximus SA', iban: 'BE71096123456769' },
      remittance: 'INV-2026-002',
    },
    {
      endToEndId: 'doc-A3',
      amount: '1149.50',
      creditor: { name: 'Müller GmbH', iban: 'DE89370400440532013000' },
      remittance: 'INV/2026/003',
    },
  ],
  ...overrides,
});

describe('pain.001.001.09 credit transfer (peppol/sepa.ts)', () => {
  const built = buildCreditTransfer(file());
  const doc = new DOMParser().parseFromString(built.xml, 'text/xml');
  const select = xpath.useNamespaces({ p: 'urn:iso:std:iso:20022:tech:xsd:pain.001.001.09' });
  const text = (path: string) => select(`string(${path})`, doc as any) as string;

  it('validates against the ISO 20022 schema and the EPC SEPA C2PSP profile', () => {
    expect(schemaErrors(built.xml, `${STANDARDS}/pain.001.001.09.xsd`)).to.equal('');
    expect(schemaErrors(built.xml, `${STANDARDS}/epc-sct-2023/pain.001.001.09.xsd`)).to.equal('');
  });

  it('sums with decimals: 0.10 + 0.20 + 1149.50 = 1149.80, in the header and the payment block', () => {
    expect(built.controlSum).to.equal('1149.80');
    expect(built.numberOfTransactions).to.equal(3);
    expect(text('/p:Document/p:CstmrCdtTrfInitn/p:GrpHdr/p:CtrlSum')).to.equal('1149.80');
    expect(text('/p:Document/p:CstmrCdtTrfInitn/p:GrpHdr/p:NbOfTxs')).to.equal('3');
    expect(text('//p:PmtInf/p:CtrlSum')).to.equal('1149.80');
    expect(text('//p:PmtInf/p:NbOfTxs')).to.equal('3');
  });

  it('carries header, debtor and execution date field by field', () => {
    expect(text('//p:GrpHdr/p:MsgId')).to.equal('SEPA-20261122-0001');
    expect(text('//p:GrpHdr/p:CreDtTm')).to.equal('2026-11-22T10:00:00+00:00');
    expect(text('//p:GrpHdr/p:InitgPty/p:Nm')).to.equal('Acme Buyer NV');
    expect(text('//p:PmtInf/p:PmtMtd')).to.equal('TRF');
    expect(text('//p:PmtInf/p:PmtTpInf/p:SvcLvl/p:Cd')).to.equal('SEPA');
    expect(text('//p:PmtInf/p:ReqdExctnDt/p:Dt')).to.equal('2026-12-01');
    expect(text('//p:PmtInf/p:DbtrAcct/p:Id/p:IBAN')).to.equal('BE68539007547034');
    expect(text('//p:PmtInf/p:DbtrAgt/p:FinInstnId/p:BICFI')).to.equal('GKCCBEBB');
    expect(text('//p:PmtInf/p:ChrgBr')).to.equal('SLEV');
  });

  it('one transaction per invoice with the invoice number as remittance information', () => {
    const txs = select('//p:CdtTrfTxInf', doc as any) as Node[];
    expect(txs).to.have.length(3);
    const field = (i: number, path: string) => select(`string(${path})`, txs[i]) as string;
    expect(field(0, 'p:PmtId/p:EndToEndId')).to.equal('doc-A1');
    expect(field(0, 'p:Amt/p:InstdAmt')).to.equal('0.10');
    expect(field(0, 'p:Amt/p:InstdAmt/@Ccy')).to.equal('EUR');
    expect(field(0, 'p:CdtrAgt/p:FinInstnId/p:BICFI')).to.equal('SOGEFRPP');
    expect(field(0, 'p:Cdtr/p:Nm')).to.equal('Societe Generale Fils');
    expect(field(0, 'p:CdtrAcct/p:Id/p:IBAN')).to.equal('FR1420041010050500013M02606');
    expect(field(0, 'p:RmtInf/p:Ustrd')).to.equal('INV-2026-001');
    expect(field(1, 'count(p:CdtrAgt)')).to.equal('0');
    expect(field(2, 'p:Cdtr/p:Nm')).to.equal('Muller GmbH');
    expect(field(2, 'p:RmtInf/p:Ustrd')).to.equal('INV/2026/003');
  });

  it('refuses bad IBANs, BICs and amounts', () => {
    const bad = file({
      debtor: { name: 'x', iban: 'BE68539007547035', bic: 'NOTABIC' },
      transfers: [
        {
          endToEndId: 'x',
          amount: '0.001',
          creditor: { name: 'y', iban: 'DE00370400440532013000', bic: 'X' },
          remittance: 'r',
        },
      ],
    });
    expect(checkCreditTransfer(bad).map((i) => i.field)).to.deep.equal([
      'debtor.iban',
      'debtor.bic',
      'transfers[0].creditor.iban',
      'transfers[0].creditor.bic',
      'transfers[0].amount',
    ]);
    expect(() => buildCreditTransfer(bad)).to.throw('debtor.iban');
  });

  it('keeps text inside the SEPA character set', () => {
    expect(sepaText('Ærø <Ltd> & Co', 70)).to.equal('r Ltd Co');
    expect(sepaText('', 70)).to.equal('NOTPROVIDED');
  });
});
