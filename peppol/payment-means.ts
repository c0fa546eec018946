import type { PaymentInfo } from './types.ts';

type Means = NonNullable<PaymentInfo['means']>;

/** UNCL 4461 code each payment means maps to; 58/59 are the SEPA codes Peppol recommends in the EU. */
export const PAYMENT_MEANS_CODES: Record<Means, string> = {
  credit_transfer: '30',
  direct_debit: '59',
  card: '48',
  cash: '10',
  cheque: '20',
};

/** The payment means each UNCL 4461 code read from UBL or CII stands for. */
const MEANS_BY_CODE: Record<string, Means> = {
  '30': 'credit_transfer',
  '31': 'credit_transfer',
  '42': 'credit_transfer',
  '58': 'credit_transfer',
  '49': 'direct_debit',
  '59': 'direct_debit',
  '48': 'card',
  '54': 'card',
  '55': 'card',
  '10': 'cash',
  '20': 'cheque',
};

/**
 * A received payment means code as the DocumentBody holds it: the means, plus the code itself
 * when it is not the one that means renders to (so a round trip keeps it).
 */
export function paymentMeansFromCode(code: string | undefined): Pick<PaymentInfo, 'means' | 'meansCode'> {
  const means = code ? MEANS_BY_CODE[code] : undefined;
  return { means, meansCode: code && (!means || PAYMENT_MEANS_CODES[means] !== code) ? code : undefined };
}

/**
 * The object without the keys whose value is undefined, so parsed objects carry only what the
 * document says. A copy: deleting keys would turn every parsed line into a slow dictionary object.
 */
export function compact<T extends object>(o: T): T {
  const out = {} as T;
  for (const k in o) if (o[k] !== undefined) out[k] = o[k];
  return out;
}
