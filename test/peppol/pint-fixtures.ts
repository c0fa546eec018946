import type { DocumentBody, DocumentType } from '../../peppol/index.ts';

/** The smallest body a new user in a country sends once the service has merged its parties in. */
export function smallestBody(
  type: DocumentType,
  seller: { country: string; peppolId: string; vatNumber?: string },
  buyer: { country: string; peppolId: string },
  vatRate: string,
): DocumentBody {
  return {
    number: 'INV-1',
    issueDate: '2026-11-29',
    dueDate: '2026-12-29',
    buyerReference: 'INV-1',
    ...(type === 'credit-note' ? { billingReferences: [{ number: 'INV-0', issueDate: '2026-11-01' }] } : {}),
    seller: {
      name: `${seller.country} Seller`,
      peppolId: seller.peppolId,
      ...(seller.vatNumber ? { vatNumber: seller.vatNumber } : {}),
      address: { country: seller.country, city: 'Capital' },
    },
    buyer: {
      name: `${buyer.country} Buyer`,
      peppolId: buyer.peppolId,
      address: { country: buyer.country, city: 'Port' },
    },
    lines: [{ description: 'Consulting', quantity: '2', unitPrice: '100', vatRate }],
  };
}

export const AU_SELLER = { country: 'AU', peppolId: '0151:51824753556', vatNumber: 'AU51824753556' };
export const AU_BUYER = { country: 'AU', peppolId: '0151:47555222000' };
export const NZ_SELLER = { country: 'NZ', peppolId: '0088:9429033591476' };
export const NZ_BUYER = { country: 'NZ', peppolId: '0088:9429033821733' };
