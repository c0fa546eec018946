import type { PaymentInfo, VatCategory } from '../types.ts';

/** Namespace of FatturaPA 1.2 (schema version 1.2.2). */
export const FATTURAPA_NS = 'http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2';

/** FPA12: to a public administration (6-character IPA office code); FPR12: between private parties. */
export type FatturaPAFormat = 'FPA12' | 'FPR12';

/** ISO 6523 ICD schemes Italy registered for Peppol participant ids and party identifiers. */
export const IT_SCHEMES = {
  /** Codice Univoco Unità Organizzativa iPA: the 6-character office code of a public administration. */
  ipa: '0201',
  /** Indirizzo di Posta Elettronica Certificata (PEC). */
  pec: '0202',
  /** Codice destinatario: the 7-character SdI channel code of a private recipient. */
  codiceDestinatario: '0205',
  /** Codice fiscale. */
  codiceFiscale: '0210',
  /** Partita IVA. */
  partitaIva: '0211',
} as const;

/** Natura codes valid since 2021 (the bare N2, N3 and N6 of the schema are refused by the SdI). */
export const NATURA_CODES = [
  'N1',
  'N2.1',
  'N2.2',
  'N3.1',
  'N3.2',
  'N3.3',
  'N3.4',
  'N3.5',
  'N3.6',
  'N4',
  'N5',
  'N6.1',
  'N6.2',
  'N6.3',
  'N6.4',
  'N6.5',
  'N6.6',
  'N6.7',
  'N6.8',
  'N6.9',
  'N7',
] as const;
export type Natura = (typeof NATURA_CODES)[number];

const NATURA_SET: ReadonlySet<string> = new Set(NATURA_CODES);

export function isNatura(code: string | undefined): code is Natura {
  return code !== undefined && NATURA_SET.has(code);
}

/** A Natura code written at the start of an exemption reason text ("N3.2 Non imponibile art. 41"). */
export function naturaInText(text: string | undefined): Natura | undefined {
  const m = /^\s*\[?(N\d(?:\.\d)?)\]?(?=$|[\s\-:,;])/.exec(text ?? '');
  return m && isNatura(m[1]) ? m[1] : undefined;
}

/** VATEX exemption reason codes with an Italian nature of their own. */
const NATURA_OF_VATEX: Readonly<Record<string, Natura>> = {
  'VATEX-EU-79-C': 'N1', // amounts received in the name and for the account of the buyer (art. 15 DPR 633/72)
  'VATEX-EU-AE': 'N6.9',
  'VATEX-EU-IC': 'N3.2',
  'VATEX-EU-G': 'N3.1',
  'VATEX-EU-O': 'N2.2',
  'VATEX-EU-D': 'N5',
  'VATEX-EU-F': 'N5',
  'VATEX-EU-I': 'N5',
  'VATEX-EU-J': 'N5',
};

/** The nature a zero-VAT category takes when no code or text says more. */
const NATURA_OF_CATEGORY: Partial<Record<VatCategory, Natura>> = {
  Z: 'N3.6', // non imponibile, other operations
  E: 'N4', // esente
  AE: 'N6.9', // inversione contabile, other cases
  K: 'N3.2', // cessioni intracomunitarie
  G: 'N3.1', // esportazioni
  O: 'N2.2', // non soggette, other cases
};

/** Categories each nature may stand for. */
const CATEGORIES_OF_NATURA: Readonly<Record<string, readonly VatCategory[]>> = {
  N1: ['E', 'O'],
  N2: ['O'],
  N3: ['Z', 'K', 'G', 'E'],
  N4: ['E'],
  N5: ['E'],
  N6: ['AE'],
  N7: ['O', 'E'],
};

/**
 * The Natura of a zero-VAT category: an explicit Natura code (as the reason code or at the start of the
 * reason text), else the one its VATEX code implies, else the category's default.
 */
export function naturaOf(
  category: VatCategory,
  reasonCode: string | undefined,
  reason: string | undefined,
): Natura | undefined {
  if (isNatura(reasonCode)) return reasonCode;
  const inText = naturaInText(reason);
  if (inText) return inText;
  const byCode = reasonCode ? NATURA_OF_VATEX[reasonCode.toUpperCase()] : undefined;
  if (byCode && compatible(byCode, category)) return byCode;
  if (reasonCode?.toUpperCase().startsWith('VATEX-EU-') && category === 'E') return 'N4';
  return NATURA_OF_CATEGORY[category];
}

/** Whether a nature fits a VAT category (an N6 reverse charge is always AE, an exemption never S). */
export function compatible(natura: Natura, category: VatCategory): boolean {
  return (CATEGORIES_OF_NATURA[natura.slice(0, 2)] ?? []).includes(category);
}

/** The EN16931 category and VATEX code a received nature stands for. */
export function categoryOfNatura(natura: string): { category: VatCategory; reasonCode?: string } {
  const family = natura.slice(0, 2);
  switch (family) {
    case 'N1':
      return { category: 'O' }; // escluse art. 15: outside the taxable base
    case 'N2':
      return { category: 'O', reasonCode: 'VATEX-EU-O' };
    case 'N3':
      if (natura === 'N3.1') return { category: 'G', reasonCode: 'VATEX-EU-G' };
      if (natura === 'N3.2') return { category: 'K', reasonCode: 'VATEX-EU-IC' };
      return { category: 'Z' };
    case 'N5':
      return { category: 'E', reasonCode: 'VATEX-EU-D' };
    case 'N6':
      return { category: 'AE', reasonCode: 'VATEX-EU-AE' };
    case 'N7':
      return { category: 'O', reasonCode: 'VATEX-EU-O' };
    default:
      return { category: 'E' };
  }
}

/** Modalità di pagamento for the UNCL 4461 payment means code. */
export function modalitaOf(payment: PaymentInfo): string {
  const code = payment.meansCode ?? MEANS_CODE[payment.means ?? 'credit_transfer'];
  switch (code) {
    case '10':
      return 'MP01'; // contanti
    case '20':
    case '23':
      return 'MP02'; // assegno
    case '21':
      return 'MP03'; // assegno circolare
    case '48':
    case '54':
    case '55':
      return 'MP08'; // carta di pagamento
    case '49':
    case '59':
      return 'MP19'; // SEPA direct debit
    case '42':
      return 'MP05';
    default:
      return 'MP05'; // bonifico (30, 31, 58 and the rest)
  }
}

const MEANS_CODE: Record<NonNullable<PaymentInfo['means']>, string> = {
  credit_transfer: '30',
  direct_debit: '59',
  card: '48',
  cash: '10',
  cheque: '20',
};

/**
 * UNCL 4461 payment means for a received Modalità di pagamento. The `means` name is given only when the
 * FatturaPA carries what EN16931 then requires (an IBAN for a credit transfer; never the SEPA mandate,
 * which a FatturaPA has no field for), else the code alone.
 */
export function paymentOfModalita(
  modalita: string,
  iban: string | undefined,
): Pick<PaymentInfo, 'means' | 'meansCode'> {
  switch (modalita) {
    case 'MP01':
      return { means: 'cash' };
    case 'MP02':
    case 'MP03':
      return { means: 'cheque' };
    case 'MP08':
      return { means: 'card' };
    case 'MP09':
    case 'MP10':
    case 'MP11':
      return { meansCode: '49' };
    case 'MP19':
    case 'MP20':
    case 'MP21':
      return { meansCode: '59' };
    case 'MP05':
      return iban ? { means: 'credit_transfer' } : { meansCode: '30' };
    default:
      return { meansCode: '1' }; // instrument not defined
  }
}
