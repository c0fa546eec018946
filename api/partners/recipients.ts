import type { DirectoryServices } from '../../upstreams/directory/index.ts';
import { UpstreamError } from '../../upstreams/directory/types.ts';
import type { Db } from '../../db/database.ts';
import { findPartnerByRef, resolvePartnerByIdentifier, type PartnerRow, type PartnerScope } from '../../db/partners.ts';
import type { DocumentType } from '../../peppol/index.ts';
import type { Recipient, RecipientDirectory } from '../documents/parties.ts';
import { verifyRecipient } from '../directory/service.ts';
import { provisionPartner } from './service.ts';

const PEPPOL_ID = /^\d{4}:.+$/;

function recipientOf(partner: PartnerRow): Recipient | undefined {
  if (!partner.peppol_id) return undefined;
  return {
    peppolId: partner.peppol_id,
    name: partner.name,
    ...(partner.vat_number ? { vatNumber: partner.vat_number } : {}),
    partnerId: partner.id,
    defaults: partner.defaults,
  };
}

/**
 * Recipient resolution for sending (part 4.6) over partners and the Peppol directory:
 * - a Peppol id (bare or `peppol:`) is used as is, with the matching partner's defaults if any;
 * - other forms (`vat:`, `siren:`, `siret:`, `gln:`, `duns:`, `lei:`, `eori:`, `email:`, `domain:`,
 *   `name:`, `id:`) are looked up in the organization's partners, then in the directory, and an
 *   unseen recipient found there is provisioned as a partner (role `buyer`);
 * - `verify` asks the SML/SMP (sandbox: the sandbox directory) for the document type.
 */
export function partnerRecipientDirectory(db: Db, services: DirectoryServices): RecipientDirectory {
  return {
    async resolve(scope: PartnerScope, to: string): Promise<Recipient | undefined> {
      const bare = to.startsWith('peppol:') ? to.slice(7) : to;
      if (PEPPOL_ID.test(bare)) {
        const partner = await findPartnerByRef(db, scope, `peppol:${bare}`);
        return partner ? { ...recipientOf(partner)!, peppolId: bare } : { peppolId: bare };
      }
      const known = await resolvePartnerByIdentifier(db, scope, to);
      if (known) return recipientOf(known);
      const viaDirectory = await directoryIdentifier(services, scope, to);
      if (!viaDirectory) return undefined;
      const provisioned = await provisionPartner(db, services, scope, viaDirectory);
      return provisioned ? recipientOf(provisioned.partner) : undefined;
    },
    async verify(scope: PartnerScope, peppolId: string, type: DocumentType) {
      const result = await verifyRecipient(services, scope, { peppolId, documentType: type });
      return { exists: result.exists, canReceive: result.canReceive, ...(result.recipientName ? { name: result.recipientName } : {}) };
    },
  };
}

/**
 * The identifier to provision an unseen recipient with: a VAT number, SIREN or SIRET is searched in
 * the directory (which gives the participant id); GLN, DUNS and LEI are participant ids already.
 */
async function directoryIdentifier(services: DirectoryServices, scope: PartnerScope, to: string): Promise<string | undefined> {
  const m = /^([a-z]+):(.+)$/i.exec(to.trim());
  if (!m) return undefined;
  const prefix = m[1]!.toLowerCase();
  const value = m[2]!.trim();
  if (prefix === 'gln' || prefix === 'duns' || prefix === 'lei') return `${prefix}:${value}`;
  const directory = services.directory(scope.livemode);
  const caller = { organizationId: scope.organizationId };
  try {
    if (prefix === 'vat') {
      const page = await directory.search({ vatNumber: value.replace(/[\s.\-]/g, '').toUpperCase(), includeSubEntities: false, limit: 1 }, caller);
      return page.rows[0] ? `peppol:${page.rows[0].peppolId}` : undefined;
    }
    if ((prefix === 'siren' && /^\d{9}$/.test(value)) || (prefix === 'siret' && /^\d{14}$/.test(value))) {
      const page = await directory.search({ q: value, includeSubEntities: prefix === 'siret', limit: 1 }, caller);
      return page.rows[0] ? `peppol:${page.rows[0].peppolId}` : undefined;
    }
  } catch (err) {
    if (err instanceof UpstreamError) return undefined;
    throw err;
  }
  return undefined;
}
