import { expect } from 'chai';
import { createTenant, type Tenant } from '../support/access.ts';
import { testServers } from '../support/servers.ts';
import { sandboxDirectory } from '../../upstreams/directory/seed.ts';
import { createDirectoryServices, type DirectoryServices } from '../../upstreams/directory/index.ts';
import {
  incrementPartnerStats,
  resolvePartnerByIdentifier,
  findPartnerByRef,
  type PartnerScope,
} from '../../db/partners.ts';
import { createPartner, provisionPartner } from '../../api/partners/service.ts';
import { partnerRecipientDirectory } from '../../api/partners/recipients.ts';
import { verifyRecipient } from '../../api/directory/service.ts';
import { loadConfig } from '../../core/config.ts';
import { SANDBOX_RECIPIENTS } from '../../core/sandbox-scenarios.ts';

const legal = sandboxDirectory().filter((p) => !p.parentPeppolId && p.vatNumber);

describe('Partner resolution for sending', () => {
  let tenant: Tenant;
  let scope: PartnerScope;
  let services: DirectoryServices;
  before(async () => {
    tenant = await createTenant({ livemode: false });
    scope = { organizationId: tenant.organizationId, livemode: false };
    services = createDirectoryServices(testServers().db, loadConfig());
  });

  describe('resolvePartnerByIdentifier', () => {
    it("resolves every identifier form to the organization's partner, and nothing for another organization", async () => {
      const { db } = testServers();
      const fr = legal.find((p) => p.country === 'FR')!;
      const partner = await createPartner(db, services, scope, {
        peppolId: fr.peppolId,
        name: 'Société Exemple',
        contactEmail: 'Billing@Exemple.example',
      });
      const gln = await createPartner(db, services, scope, { peppolId: '0088:5412345000013' });
      const forms: Array<[string, string]> = [
        [`vat:${fr.vatNumber!.toLowerCase()}`, partner.id],
        [`siren:${fr.siren}`, partner.id],
        [`peppol:${fr.peppolId}`, partner.id],
        [fr.peppolId, partner.id],
        [`email:billing@exemple.example`, partner.id],
        [`domain:exemple.example`, partner.id],
        [`name:société exemple`, partner.id],
        [`id:${partner.id}`, partner.id],
        ['gln:5412345000013', gln.id],
      ];
      for (const [identifier, id] of forms) {
        expect((await resolvePartnerByIdentifier(db, scope, identifier))?.id, identifier).to.equal(id);
      }
      for (const identifier of [
        'siret:12345678900011',
        'duns:123456789',
        'lei:529900T8BM49AURSDO55',
        'eori:FR123',
        'email:nobody@x.example',
        'name:Unknown',
        'id:part_nope',
        'unknown:1',
        'plain',
      ]) {
        expect(await resolvePartnerByIdentifier(db, scope, identifier), identifier).to.equal(undefined);
      }
      const other = await createTenant({ livemode: false });
      expect(
        await resolvePartnerByIdentifier(
          db,
          { organizationId: other.organizationId, livemode: false },
          `vat:${fr.vatNumber}`,
        ),
      ).to.equal(undefined);
      expect(await resolvePartnerByIdentifier(db, { ...scope, livemode: true }, `vat:${fr.vatNumber}`)).to.equal(
        undefined,
      );
    });
  });

  describe('provisionPartner', () => {
    it('returns the existing partner, or creates one (role buyer) from the directory for an unseen recipient', async () => {
      const { db } = testServers();
      const card = legal.find((p) => p.country === 'IT')!;
      const first = await provisionPartner(db, services, scope, `vat:${card.vatNumber}`);
      expect(first?.created).to.equal(true);
      expect(first?.partner).to.deep.include({
        peppol_id: card.peppolId,
        vat_number: card.vatNumber,
        name: card.name,
        role: 'buyer',
        peppol_status: 'registered',
      });
      const again = await provisionPartner(db, services, scope, `peppol:${card.peppolId}`);
      expect(again).to.deep.include({ created: false });
      expect(again?.partner.id).to.equal(first?.partner.id);
      expect(await provisionPartner(db, services, scope, 'email:someone@else.example')).to.equal(undefined);
    });
  });

  describe('incrementPartnerStats', () => {
    it('adds sent and received counts atomically and stamps the activity', async () => {
      const { db } = testServers();
      const partner = await createPartner(db, services, scope, {
        peppolId: legal.find((p) => p.country === 'SE')!.peppolId,
      });
      await Promise.all([
        incrementPartnerStats(db, partner.id, { sent: 1 }),
        incrementPartnerStats(db, partner.id, { sent: 1 }),
        incrementPartnerStats(db, partner.id, { received: 3 }),
      ]);
      const row = await findPartnerByRef(db, scope, partner.id);
      expect(row).to.deep.include({ documents_sent: 2, documents_received: 3 });
      expect(row?.last_activity_at).to.be.instanceOf(Date);
    });
  });

  describe('verifyRecipient and the recipient directory', () => {
    it('verifies for the send pipeline and resolves identifiers to recipients carrying the partner defaults', async () => {
      const { db } = testServers();
      const recipients = partnerRecipientDirectory(db, services);
      const card = legal.find((p) => p.country === 'AT' && p.documentTypes.includes('invoice'))!;
      await createPartner(db, services, scope, {
        vatNumber: card.vatNumber!,
        defaults: { currency: 'EUR', paymentTermsDays: 14, note: 'Danke' },
      });
      const resolved = await recipients.resolve(scope, `vat:${card.vatNumber}`);
      expect(resolved).to.deep.include({ peppolId: card.peppolId, name: card.name, vatNumber: card.vatNumber });
      expect(resolved?.partnerId).to.match(/^part_/);
      expect(resolved?.defaults).to.deep.equal({ currency: 'EUR', paymentTermsDays: 14, note: 'Danke' });
      expect(await recipients.resolve(scope, card.peppolId)).to.deep.include({
        peppolId: card.peppolId,
        partnerId: resolved?.partnerId,
      });
      const bare = await recipients.resolve(scope, '0208:0100000070');
      expect(bare).to.deep.include({ peppolId: '0208:0100000070' });
      expect(bare?.partnerId).to.equal(undefined);
      // An unseen French company, by SIREN: found in the directory and provisioned.
      const fresh = legal.filter((p) => p.country === 'FR')[5];
      const provisioned = await recipients.resolve(scope, `siren:${fresh.siren}`);
      expect(provisioned).to.deep.include({ peppolId: fresh.peppolId, name: fresh.name });
      expect(await recipients.resolve(scope, 'siren:000000001')).to.equal(undefined);

      expect(await recipients.verify(scope, card.peppolId, 'invoice')).to.deep.equal({
        exists: true,
        canReceive: true,
        name: card.name,
      });
      expect(await recipients.verify(scope, SANDBOX_RECIPIENTS.ordersOnly, 'invoice')).to.deep.include({
        exists: true,
        canReceive: false,
      });
      expect(await recipients.verify(scope, SANDBOX_RECIPIENTS.notRegistered, 'invoice')).to.deep.equal({
        exists: false,
        canReceive: false,
      });
      const direct = await verifyRecipient(services, scope, { peppolId: card.peppolId, documentType: 'credit-note' });
      expect(direct).to.deep.include({
        exists: true,
        canReceive: card.documentTypes.includes('credit-note'),
        recipientName: card.name,
      });
    });
  });
});
