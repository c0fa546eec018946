import type { ValidationIssue } from './types.ts';
import { elementChildren, parseXml, text, type El } from './xml/dom.ts';

/**
 * The French e-reporting file (FRR, DGFiP flux 10): what a platform tells the administration of the
 * transactions and payments that are not e-invoiced between French taxable persons (B2C sales,
 * international trade) and of the payments of services. The DGFiP's schema is not public in a
 * stable form, so the shape checked here is the one its description fixes: a `Report` with a
 * `ReportDocument` (id, issue time, the flux type 10.1–10.4, the issuing company by SIREN), the
 * reported period, and at least one transaction or payment. Element names are matched without
 * regard to their namespace, as the published drafts differ on it.
 */
export type FrrTypeCode = '10.1' | '10.2' | '10.3' | '10.4';

/** The AFNOR flow type of each flux: unitary or aggregated, transactions or payments. */
export const FRR_FLOW_TYPES: Record<FrrTypeCode, string> = {
  '10.1': 'UnitaryCustomerTransactionReport',
  '10.2': 'UnitaryCustomerPaymentReport',
  '10.3': 'AggregatedCustomerTransactionReport',
  '10.4': 'AggregatedCustomerPaymentReport',
};

export interface FrrReport {
  id: string;
  issuedAt: string;
  typeCode: FrrTypeCode;
  /** The SIREN of the company whose transactions are reported. */
  issuerSiren: string;
  period: { start: string; end: string };
  transactions: number;
  payments: number;
}

export type ParsedFrr = { ok: true; report: FrrReport } | { ok: false; errors: ValidationIssue[] };

const child = (el: El | undefined, name: string): El | undefined =>
  el ? elementChildren(el).find((c) => c.localName === name) : undefined;
const children = (el: El | undefined, name: string): El[] =>
  el ? elementChildren(el).filter((c) => c.localName === name) : [];
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Reads an FRR file and checks its shape; every missing or malformed part is one finding. */
export function parseFrr(xml: string): ParsedFrr {
  const parsed = parseXml(xml);
  if (!parsed.ok) return parsed;
  const root = parsed.root;
  if (root.localName !== 'Report')
    return { ok: false, errors: [{ rule: 'FRR-ROOT', path: `/${root.nodeName}`, message: 'the root must be Report' }] };
  const errors: ValidationIssue[] = [];
  const need = (value: string | undefined, path: string, message: string, pattern?: RegExp): string => {
    if (!value || (pattern && !pattern.test(value))) errors.push({ rule: 'FRR-SHAPE', path, message });
    return value ?? '';
  };
  const header = child(root, 'ReportDocument');
  const value = (el: El | undefined, name: string) => text(child(el, name)).trim() || undefined;
  const id = need(value(header, 'Id'), '/Report/ReportDocument/Id', 'the report needs an Id');
  const issuedAt = need(
    value(header, 'IssueDateTime'),
    '/Report/ReportDocument/IssueDateTime',
    'IssueDateTime must be an ISO 8601 date-time',
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/,
  );
  const typeCode = need(
    value(header, 'TypeCode'),
    '/Report/ReportDocument/TypeCode',
    'TypeCode must be 10.1, 10.2, 10.3 or 10.4',
    /^10\.[1-4]$/,
  ) as FrrTypeCode;
  const issuerSiren = need(
    value(child(header, 'Issuer'), 'Id'),
    '/Report/ReportDocument/Issuer/Id',
    'the Issuer must be named by its SIREN (9 digits)',
    /^\d{9}$/,
  );
  const period = child(root, 'ReportPeriod');
  const start = need(value(period, 'StartDate'), '/Report/ReportPeriod/StartDate', 'StartDate must be a date', DATE);
  const end = need(value(period, 'EndDate'), '/Report/ReportPeriod/EndDate', 'EndDate must be a date', DATE);
  if (DATE.test(start) && DATE.test(end) && end < start)
    errors.push({ rule: 'FRR-SHAPE', path: '/Report/ReportPeriod', message: 'EndDate is before StartDate' });
  const transactions = children(child(root, 'TransactionsReport'), 'Transaction').length;
  const payments = children(child(root, 'PaymentsReport'), 'Payment').length;
  const paymentFlux = typeCode === '10.2' || typeCode === '10.4';
  if ((paymentFlux ? payments : transactions) === 0)
    errors.push({
      rule: 'FRR-SHAPE',
      path: paymentFlux ? '/Report/PaymentsReport' : '/Report/TransactionsReport',
      message: `a flux ${typeCode || '10.x'} report needs at least one ${paymentFlux ? 'Payment' : 'Transaction'}`,
    });
  if (errors.length) return { ok: false, errors };
  return { ok: true, report: { id, issuedAt, typeCode, issuerSiren, period: { start, end }, transactions, payments } };
}
