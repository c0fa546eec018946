import { Decimal } from 'decimal.js';
import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';

/**
 * ISO 20022 pain.001.001.09 customer credit-transfer initiation, SEPA flavour (EPC SCT C2PSP): one
 * payment information block, one transaction per invoice, the invoice number as unstructured
 * remittance information. Amounts are summed with a decimal library, never floats.
 */
export const PAIN_001_NAMESPACE = 'urn:iso:std:iso:20022:tech:xsd:pain.001.001.09';

export interface SepaAccount {
  name: string;
  iban: string;
  bic?: string | undefined;
}

export interface SepaTransfer {
  /** At most 35 characters of the SEPA character set; unique per transfer. */
  endToEndId: string;
  /** Decimal string or number; at most 2 decimals, EUR. */
  amount: string;
  creditor: SepaAccount;
  /** Unstructured remittance information (the invoice number), at most 140 characters. */
  remittance: string;
}

export interface CreditTransferFile {
  messageId: string;
  createdAt: Date;
  /** YYYY-MM-DD */
  requestedExecutionDate: string;
  debtor: SepaAccount & { bic: string };
  transfers: SepaTransfer[];
}

export interface BuiltCreditTransfer {
  xml: string;
  numberOfTransactions: number;
  /** Decimal string with 2 decimals. */
  controlSum: string;
}

export type SepaIssue = { field: string; message: string };

/** IBAN / BIC / amount checks of one file; empty when it can be built. */
export function checkCreditTransfer(file: CreditTransferFile): SepaIssue[] {
  const issues: SepaIssue[] = [];
  if (!isValidIBAN(electronicFormatIBAN(file.debtor.iban) ?? ''))
    issues.push({ field: 'debtor.iban', message: 'is not a valid IBAN' });
  if (!isValidBIC(file.debtor.bic.trim().toUpperCase()))
    issues.push({ field: 'debtor.bic', message: 'is not a valid BIC' });
  file.transfers.forEach((t, i) => {
    if (!isValidIBAN(electronicFormatIBAN(t.creditor.iban) ?? ''))
      issues.push({ field: `transfers[${i}].creditor.iban`, message: 'is not a valid IBAN' });
    if (t.creditor.bic && !isValidBIC(t.creditor.bic.trim().toUpperCase()))
      issues.push({ field: `transfers[${i}].creditor.bic`, message: 'is not a valid BIC' });
    const amount = new Decimal(t.amount);
    if (amount.lessThan('0.01') || amount.greaterThan('999999999.99') || amount.decimalPlaces() > 2)
      issues.push({
        field: `transfers[${i}].amount`,
        message: 'must be between 0.01 and 999999999.99 with at most 2 decimals',
      });
  });
  if (file.transfers.length === 0) issues.push({ field: 'transfers', message: 'at least one transfer is needed' });
  return issues;
}

const escape = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

/** The SEPA character set (EPC best practice): Latin letters, digits and / - ? : ( ) . , ' + and space. */
export function sepaText(text: string, max: number): string {
  const latin = text.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  const cleaned = latin
    .replace(/[^A-Za-z0-9/\-?:().,'+ ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return (cleaned || 'NOTPROVIDED').slice(0, max);
}

const iban = (value: string) => electronicFormatIBAN(value) ?? value;
const bic = (value: string) => value.trim().toUpperCase();
const isoSeconds = (d: Date) => `${d.toISOString().slice(0, 19)}+00:00`;

export function buildCreditTransfer(file: CreditTransferFile): BuiltCreditTransfer {
  const issues = checkCreditTransfer(file);
  if (issues.length)
    throw new Error(`invalid credit transfer: ${issues.map((i) => `${i.field} ${i.message}`).join('; ')}`);
  const controlSum = file.transfers.reduce((sum, t) => sum.plus(t.amount), new Decimal(0)).toFixed(2);
  const count = String(file.transfers.length);
  const transactions = file.transfers
    .map(
      (t) => `
      <CdtTrfTxInf>
        <PmtId>
          <EndToEndId>${escape(sepaText(t.endToEndId, 35))}</EndToEndId>
        </PmtId>
        <Amt>
          <InstdAmt Ccy="EUR">${new Decimal(t.amount).toFixed(2)}</InstdAmt>
        </Amt>${
          t.creditor.bic
            ? `
        <CdtrAgt>
          <FinInstnId>
            <BICFI>${escape(bic(t.creditor.bic))}</BICFI>
          </FinInstnId>
        </CdtrAgt>`
            : ''
        }
        <Cdtr>
          <Nm>${escape(sepaText(t.creditor.name, 70))}</Nm>
        </Cdtr>
        <CdtrAcct>
          <Id>
            <IBAN>${escape(iban(t.creditor.iban))}</IBAN>
          </Id>
        </CdtrAcct>
        <RmtInf>
          <Ustrd>${escape(sepaText(t.remittance, 140))}</Ustrd>
        </RmtInf>
      </CdtTrfTxInf>`,
    )
    .join('');
  const messageId = escape(sepaText(file.messageId, 35));
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="${PAIN_001_NAMESPACE}">
  <CstmrCdtTrfInitn>
    <GrpHdr>
      <MsgId>${messageId}</MsgId>
      <CreDtTm>${isoSeconds(file.createdAt)}</CreDtTm>
      <NbOfTxs>${count}</NbOfTxs>
      <CtrlSum>${controlSum}</CtrlSum>
      <InitgPty>
        <Nm>${escape(sepaText(file.debtor.name, 70))}</Nm>
      </InitgPty>
    </GrpHdr>
    <PmtInf>
      <PmtInfId>${messageId}</PmtInfId>
      <PmtMtd>TRF</PmtMtd>
      <NbOfTxs>${count}</NbOfTxs>
      <CtrlSum>${controlSum}</CtrlSum>
      <PmtTpInf>
        <SvcLvl>
          <Cd>SEPA</Cd>
        </SvcLvl>
      </PmtTpInf>
      <ReqdExctnDt>
        <Dt>${escape(file.requestedExecutionDate)}</Dt>
      </ReqdExctnDt>
      <Dbtr>
        <Nm>${escape(sepaText(file.debtor.name, 70))}</Nm>
      </Dbtr>
      <DbtrAcct>
        <Id>
          <IBAN>${escape(iban(file.debtor.iban))}</IBAN>
        </Id>
      </DbtrAcct>
      <DbtrAgt>
        <FinInstnId>
          <BICFI>${escape(bic(file.debtor.bic))}</BICFI>
        </FinInstnId>
      </DbtrAgt>
      <ChrgBr>SLEV</ChrgBr>${transactions}
    </PmtInf>
  </CstmrCdtTrfInitn>
</Document>
`;
  return { xml, numberOfTransactions: file.transfers.length, controlSum };
}
