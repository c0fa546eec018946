import { REASON_CODES, type LifecycleStatus, type ReasonCode } from './lifecycle.ts';

/**
 * The French reform's invoice statuses (DGFiP "Dossier de spécifications externes" v3.2, Tableau 8),
 * carried by CDAR lifecycle messages, and where each one sits in our one lifecycle model (part 3),
 * beside the Peppol BIS Invoice Response code (UNCL4343 subset) that says the same. This one table
 * serves CDAR in, CDAR out and the published mapping in docs/afnor.md; a test holds it to
 * `lifecycle-statuses.json`. Imports nothing of Temporal, HTTP or the database.
 */
export type CdarEmitter = 'supplier-platform' | 'buyer-platform' | 'platform' | 'buyer' | 'supplier';

export interface CdarStatus {
  code: string;
  labelFr: string;
  /** Mandatory statuses go to the tax administration (through the PPF). */
  mandatory: boolean;
  emitter: CdarEmitter;
  /** The lifecycle status it moves a document to; null for platform statuses that move nothing. */
  lifecycle: LifecycleStatus | null;
  /** The Peppol Invoice Response code of the same meaning, if any. */
  invoiceResponse: 'AB' | 'IP' | 'UQ' | 'CA' | 'RE' | 'AP' | 'PD' | null;
  /**
   * Which of our lifecycle moves emit it as CDAR out: the target status and the side our company
   * is on (`incoming`: we are the buyer; `outgoing`: we are the supplier). A payment, partial or
   * full, is 211 from the buyer and 212 (with the amount) from the supplier.
   */
  emittedFor: Array<{ status: LifecycleStatus; direction: 'incoming' | 'outgoing' }>;
}

export const CDAR_STATUSES: readonly CdarStatus[] = [
  {
    code: '200',
    labelFr: 'Déposée',
    mandatory: true,
    emitter: 'supplier-platform',
    lifecycle: null,
    invoiceResponse: null,
    emittedFor: [],
  },
  {
    code: '201',
    labelFr: 'Emise par la plateforme',
    mandatory: false,
    emitter: 'supplier-platform',
    lifecycle: null,
    invoiceResponse: null,
    emittedFor: [],
  },
  {
    code: '202',
    labelFr: 'Reçue par la plateforme',
    mandatory: false,
    emitter: 'buyer-platform',
    lifecycle: null,
    invoiceResponse: 'AB',
    emittedFor: [],
  },
  {
    code: '203',
    labelFr: 'Mise à disposition',
    mandatory: false,
    emitter: 'buyer-platform',
    lifecycle: null,
    invoiceResponse: 'AB',
    emittedFor: [],
  },
  {
    code: '204',
    labelFr: 'Prise en charge',
    mandatory: false,
    emitter: 'buyer',
    lifecycle: 'under_review',
    invoiceResponse: 'IP',
    emittedFor: [{ status: 'under_review', direction: 'incoming' }],
  },
  {
    code: '205',
    labelFr: 'Approuvée',
    mandatory: false,
    emitter: 'buyer',
    lifecycle: 'approved',
    invoiceResponse: 'AP',
    emittedFor: [{ status: 'approved', direction: 'incoming' }],
  },
  {
    code: '206',
    labelFr: 'Approuvée partiellement',
    mandatory: false,
    emitter: 'buyer',
    lifecycle: 'approved',
    invoiceResponse: 'CA',
    emittedFor: [],
  },
  {
    code: '207',
    labelFr: 'En litige',
    mandatory: false,
    emitter: 'buyer',
    lifecycle: 'disputed',
    invoiceResponse: 'UQ',
    emittedFor: [{ status: 'disputed', direction: 'incoming' }],
  },
  {
    code: '208',
    labelFr: 'Suspendue',
    mandatory: false,
    emitter: 'buyer',
    lifecycle: 'disputed',
    invoiceResponse: 'UQ',
    emittedFor: [],
  },
  {
    code: '209',
    labelFr: 'Complétée',
    mandatory: false,
    emitter: 'supplier',
    lifecycle: 'under_review',
    invoiceResponse: null,
    emittedFor: [{ status: 'under_review', direction: 'outgoing' }],
  },
  {
    code: '210',
    labelFr: 'Refusée',
    mandatory: true,
    emitter: 'buyer',
    lifecycle: 'rejected',
    invoiceResponse: 'RE',
    emittedFor: [{ status: 'rejected', direction: 'incoming' }],
  },
  {
    code: '211',
    labelFr: 'Paiement transmis',
    mandatory: false,
    emitter: 'buyer',
    lifecycle: 'paid',
    invoiceResponse: 'PD',
    emittedFor: [
      { status: 'partially_paid', direction: 'incoming' },
      { status: 'paid', direction: 'incoming' },
    ],
  },
  {
    code: '212',
    labelFr: 'Encaissée',
    mandatory: true,
    emitter: 'supplier',
    lifecycle: 'paid',
    invoiceResponse: 'PD',
    emittedFor: [
      { status: 'partially_paid', direction: 'outgoing' },
      { status: 'paid', direction: 'outgoing' },
    ],
  },
  {
    code: '213',
    labelFr: 'Rejetée',
    mandatory: true,
    emitter: 'platform',
    lifecycle: 'rejected',
    invoiceResponse: 'RE',
    emittedFor: [],
  },
];

/**
 * A CDAR's reason in our vocabulary: our own reason codes pass (UNCL4343 clarification reasons are
 * shared by both messages); any other, such as the platforms' REJ_* codes, is OTH with its text.
 */
export function reasonCodeOf(code: string | undefined): ReasonCode | undefined {
  if (!code) return undefined;
  return (REASON_CODES as readonly string[]).includes(code) ? (code as ReasonCode) : 'OTH';
}

export function cdarStatus(code: string): CdarStatus | undefined {
  return CDAR_STATUSES.find((s) => s.code === code);
}

/** The CDAR status a lifecycle move of our company emits, or undefined when the reform has none for it. */
export function cdarStatusFor(status: string, direction: string): CdarStatus | undefined {
  return CDAR_STATUSES.find((s) => s.emittedFor.some((e) => e.status === status && e.direction === direction));
}

/** Who speaks for our company on a document: the supplier of what it sends, the buyer of what it receives. */
export function companyRole(direction: string): 'supplier' | 'buyer' {
  return direction === 'outgoing' ? 'supplier' : 'buyer';
}

/**
 * The SIREN of a French party, from a Peppol id (0002 SIREN, 0009 SIRET, 0225 SIREN-based
 * addressing) or a French VAT number (FR + 2-character key + SIREN); undefined for another country.
 */
export function sirenOf(party: { peppolId?: string | null; vatNumber?: string | null } | null): string | undefined {
  const [scheme, id] = (party?.peppolId ?? '').split(':');
  if ((scheme === '0002' || scheme === '0009' || scheme === '0225') && id && /^\d{9}/.test(id)) return id.slice(0, 9);
  const vat = /^FR[0-9A-Z]{2}(\d{9})$/.exec(party?.vatNumber ?? '');
  return vat?.[1];
}

/**
 * Whether a document falls under the French reform: its company is in France, or a party is French
 * (SIREN, SIRET or French VAT number). Such a document has CDAR lifecycle messages and a Factur-X view.
 */
export function isFrenchDocument(
  companyCountry: string | null | undefined,
  doc: { sender: Parameters<typeof sirenOf>[0]; receiver: Parameters<typeof sirenOf>[0] },
): boolean {
  return companyCountry === 'FR' || sirenOf(doc.sender) !== undefined || sirenOf(doc.receiver) !== undefined;
}
