import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { receiveForwardedMessage, type ForwardingNetwork } from '../../core/inbound-door.ts';
import type { ApiError } from '../../api/errors.ts';
import { toApiError } from '../../api/foreign-errors.ts';
import { findDocumentById } from '../../db/documents.ts';
import { renderMessageLevelStatus, wrapInSbdh } from '../../peppol/index.ts';
import { storedDocument } from './lifecycle-fixtures.ts';
import { companyPeppolId, createCompany, createTenant, type Tenant } from '../support/access.ts';
import { testServers } from '../support/servers.ts';
import { ensureTestWorkers } from '../support/workers.ts';

const SUPPLIER = '0088:9482348239847239874';
const invoice = readFileSync(new URL('../data/peppol/examples/bis-3.0.21/base-example.xml', import.meta.url), 'utf8');

function sbd(receiver: string, instanceId = randomUUID()): string {
  const wrapped = wrapInSbdh(invoice, {
    sender: SUPPLIER,
    receiver,
    instanceId,
    createdAt: new Date('2026-11-21T10:00:00Z'),
    countryC1: 'NO',
  });
  if (!wrapped.ok) throw new Error(JSON.stringify(wrapped.errors));
  return wrapped.xml;
}

function mlsFor(instanceId: string): string {
  const wrapped = wrapInSbdh(
    renderMessageLevelStatus({
      code: 'AP',
      id: `mls-${instanceId}`,
      instanceId,
      issuedAt: new Date(),
      senderSeat: 'PSB000002',
      receiverSeat: 'PSB000001',
    }),
    {
      sender: '0242:PSB000002',
      receiver: '0242:PSB000001',
      instanceId: randomUUID(),
      createdAt: new Date(),
      countryC1: 'BE',
    },
  );
  if (!wrapped.ok) throw new Error(JSON.stringify(wrapped.errors));
  return wrapped.xml;
}

async function refusal(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (err) {
    // The door refuses with a failure; the API answers it with the error of the same meaning.
    const refused = toApiError(err);
    if (refused) return refused;
    throw err;
  }
  return expect.fail('the door accepted the message');
}

/**
 * The inbound door a live access point forwards to is also the sandbox access point's: each message
 * travels in one network (the live Peppol network, or one organization's sandbox) and reaches only
 * what belongs to it.
 */
describe('receiveForwardedMessage: live and sandbox networks stay apart', () => {
  let live: Tenant;
  let sandbox: Tenant;
  let otherSandbox: Tenant;
  const door = () => ({ db: testServers().db, temporal: testServers().temporal });
  const sandboxOf = (tenant: Tenant): ForwardingNetwork => ({ livemode: false, organizationId: tenant.organizationId });
  const files = async () => (await testServers().db.selectFrom('files').select('id').execute()).length;

  before(async () => {
    await ensureTestWorkers();
    live = await createTenant({ livemode: true });
    sandbox = await createTenant({ livemode: false });
    otherSandbox = await createTenant({ livemode: false });
  });

  it('a sandbox message reaches a sandbox company of its organization, as a sandbox copy', async () => {
    const receiver = await companyPeppolId(sandbox.companyId);
    const { documentId } = await receiveForwardedMessage(door(), sbd(receiver), {
      instanceId: undefined,
      network: sandboxOf(sandbox),
    });
    const deadline = Date.now() + 20_000;
    let row = await findDocumentById(testServers().db, documentId);
    while (!row && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 150));
      row = await findDocumentById(testServers().db, documentId);
    }
    expect(row).to.deep.include({
      organization_id: sandbox.organizationId,
      company_id: sandbox.companyId,
      livemode: false,
      direction: 'incoming',
    });
  });

  it("a sandbox message never reaches a live company, nor another organization's sandbox company; nothing stored", async () => {
    const before = await files();
    for (const receiver of [
      await companyPeppolId(live.companyId),
      await companyPeppolId(otherSandbox.companyId),
      await companyPeppolId(await createCompany(live.organizationId, true)),
    ]) {
      const error = await refusal(
        receiveForwardedMessage(door(), sbd(receiver), { instanceId: undefined, network: sandboxOf(sandbox) }),
      );
      expect(error.code).to.equal('RECIPIENT_NOT_FOUND');
    }
    expect(await files()).to.equal(before);
  });

  it('a live message never reaches a sandbox company', async () => {
    const error = await refusal(
      receiveForwardedMessage(door(), sbd(await companyPeppolId(sandbox.companyId)), { instanceId: undefined }),
    );
    expect(error.code).to.equal('RECIPIENT_NOT_FOUND');
  });

  it("an MLS reaches only a transmission of its own network: not a live document's from the sandbox, not a sandbox one's live, not another organization's", async () => {
    const { db } = testServers();
    const sent = async (tenant: Tenant, livemode: boolean) => {
      const doc = await storedDocument(tenant, { number: `INV-NET-${randomUUID().slice(0, 8)}` });
      const instanceId = randomUUID();
      await db
        .updateTable('documents')
        .set({ livemode, transport_message_id: instanceId, delivery_status: 'delivered', status: 'delivered' })
        .where('id', '=', doc.id)
        .execute();
      return { id: doc.id, instanceId };
    };
    const liveDoc = await sent(live, true);
    const sandboxDoc = await sent(sandbox, false);
    const refusals = [
      await refusal(
        receiveForwardedMessage(door(), mlsFor(liveDoc.instanceId), {
          instanceId: undefined,
          network: sandboxOf(sandbox),
        }),
      ),
      await refusal(receiveForwardedMessage(door(), mlsFor(sandboxDoc.instanceId), { instanceId: undefined })),
      await refusal(
        receiveForwardedMessage(door(), mlsFor(sandboxDoc.instanceId), {
          instanceId: undefined,
          network: sandboxOf(otherSandbox),
        }),
      ),
    ];
    expect(refusals.map((e) => e.code)).to.deep.equal([
      'DOCUMENT_NOT_FOUND',
      'DOCUMENT_NOT_FOUND',
      'DOCUMENT_NOT_FOUND',
    ]);
    const accepted = await receiveForwardedMessage(door(), mlsFor(sandboxDoc.instanceId), {
      instanceId: undefined,
      network: sandboxOf(sandbox),
    });
    expect(accepted.documentId).to.equal(sandboxDoc.id);
    expect((await findDocumentById(db, sandboxDoc.id))!.mls).to.deep.include({ code: 'AP' });
    expect((await findDocumentById(db, liveDoc.id))!.mls).to.equal(null);
  });
});
