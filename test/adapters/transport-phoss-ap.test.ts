import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { ApplicationFailure } from '@temporalio/common';
import { freePort } from '../../core/ports.ts';
import { transmissionId } from '../../core/ids.ts';
import { wrapInSbdh } from '../../peppol/index.ts';
import { createPhossApTransport, judgeSendingReport } from '../../upstreams/transport/phoss-ap.ts';
import type { HandOff, PeppolTransport } from '../../upstreams/transport/types.ts';
import { startPhossApStub, type PhossApStub } from '../support/phoss-ap-stub.ts';

const SENDER = '0208:0202239951';
const invoice = readFileSync(new URL('../data/peppol/examples/bis-3.0.21/base-example.xml', import.meta.url), 'utf8');

function handOffTo(receiver: string, documentId: string, attempt = 1): HandOff {
  const instanceId = transmissionId(documentId);
  const wrapped = wrapInSbdh(invoice, { sender: SENDER, receiver, instanceId, createdAt: new Date(), countryC1: 'BE' });
  if (!wrapped.ok) throw new Error(JSON.stringify(wrapped.errors));
  return {
    documentId,
    attempt,
    instanceId,
    sbd: wrapped.xml,
    senderId: SENDER,
    receiverId: receiver,
    documentTypeId: wrapped.documentTypeId,
    processId: wrapped.processId,
  };
}

async function failureOf(promise: Promise<unknown>): Promise<ApplicationFailure> {
  try {
    await promise;
  } catch (err) {
    expect(err).to.be.instanceOf(ApplicationFailure);
    return err as ApplicationFailure;
  }
  expect.fail('the call did not fail');
}

describe('Peppol transport: the phoss-ap REST contract (loopback stand-in)', () => {
  let stub: PhossApStub;
  let transport: PeppolTransport;
  let n = 0;
  const documentId = () => `doc_phossap${String((n += 1)).padStart(9, '0')}`;
  before(async () => {
    stub = await startPhossApStub();
    transport = createPhossApTransport({ baseUrl: stub.url, token: stub.token, timeoutMs: 5_000 });
  });
  after(() => stub.close());

  it('submits the SBD as it is, with X-Token: the InstanceIdentifier is the message id', async () => {
    const handOff = handOffTo('0208:0000000097', documentId());
    const result = await transport.handOff(handOff);
    expect(result).to.deep.equal({ messageId: handOff.instanceId });
    expect(result.messageId).to.match(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(stub.submissions.at(-1)).to.equal(handOff.sbd);
    expect(stub.transactions.get(handOff.instanceId)?.status).to.equal('sent');
  });

  it('a repeated hand-off of a sent transmission sends nothing again', async () => {
    const id = documentId();
    await transport.handOff(handOffTo('0208:0000000097', id));
    const before = stub.submissions.length;
    expect(await transport.handOff(handOffTo('0208:0000000097', id, 1))).to.deep.equal({
      messageId: transmissionId(id),
    });
    expect(await transport.handOff(handOffTo('0208:0000000097', id, 2))).to.deep.equal({
      messageId: transmissionId(id),
    });
    expect(stub.submissions.length).to.equal(before);
  });

  it('422 with a transport error is temporary; while the access point retries, a re-send submits nothing', async () => {
    const receiver = '0208:0000000196';
    stub.outcomes.set(receiver, 'transport-error');
    const id = documentId();
    const first = await failureOf(transport.handOff(handOffTo(receiver, id)));
    expect(first.type).to.equal('TRANSPORT_FAILURE');
    expect(first.nonRetryable).to.equal(false);
    expect(first.message).to.include('Connection refused');
    const before = stub.submissions.length;
    const second = await failureOf(transport.handOff(handOffTo(receiver, id, 2)));
    expect(second.type).to.equal('TRANSPORT_FAILURE');
    expect(second.message).to.include('still sending the message (failed');
    expect(stub.submissions.length).to.equal(before);
    // The access point's own retry got through: the next hand-off finds it sent.
    stub.transactions.get(transmissionId(id))!.status = 'sent';
    stub.transactions.get(transmissionId(id))!.nextRetryDT = null;
    expect(await transport.handOff(handOffTo(receiver, id, 3))).to.deep.equal({ messageId: transmissionId(id) });
    expect(stub.submissions.length).to.equal(before);
  });

  it('a transmission the access point gave up on is submitted afresh under the same InstanceIdentifier', async () => {
    const receiver = '0208:0000000295';
    const id = documentId();
    stub.outcomes.set(receiver, 'transport-error');
    await failureOf(transport.handOff(handOffTo(receiver, id)));
    stub.transactions.get(transmissionId(id))!.status = 'permanently_failed';
    stub.outcomes.set(receiver, 'sent');
    expect(await transport.handOff(handOffTo(receiver, id, 2))).to.deep.equal({ messageId: transmissionId(id) });
    expect(stub.submissions.slice(-2).map((s) => s.includes(transmissionId(id)))).to.deep.equal([true, true]);
  });

  it('a failed transmission the access point will not retry itself is submitted again, once per hand-off', async () => {
    const receiver = '0208:0000000691';
    const id = documentId();
    stub.outcomes.set(receiver, 'transport-error');
    await failureOf(transport.handOff(handOffTo(receiver, id)));
    const tx = stub.transactions.get(transmissionId(id))!;
    tx.nextRetryDT = null;
    stub.outcomes.set(receiver, 'sent');
    const before = stub.submissions.length;
    expect(await transport.handOff(handOffTo(receiver, id, 2))).to.deep.equal({ messageId: transmissionId(id) });
    expect(stub.submissions.length).to.equal(before + 1);
  });

  it("an access point's own word that a failure is temporary wins over the AS4 error it carries", async () => {
    const failed = judgeSendingReport(
      {
        as4ResponseError: true,
        as4ResponseErrors: [
          { errorCode: 'EBMS:0004', shortDescription: 'Other', errorDetails: 'service down [temporary]' },
        ],
        permanent: false,
        errorDetails: 'AS4 error EBMS:0004 (Other): service down [temporary]',
      },
      422,
    );
    expect(failed.type).to.equal('TRANSPORT_FAILURE');
    expect(failed.message).to.include('service down');
  });

  it('a receiver the SML does not know fails for good: RECIPIENT_NOT_FOUND', async () => {
    stub.outcomes.set('0208:0000000394', 'unknown-receiver');
    const failed = await failureOf(transport.handOff(handOffTo('0208:0000000394', documentId())));
    expect(failed.type).to.equal('RECIPIENT_NOT_FOUND');
    expect(failed.nonRetryable).to.equal(true);
    expect(failed.message).to.include('not found in the SML');
  });

  it('an SMP that cannot be reached is temporary', async () => {
    stub.outcomes.set('0208:0000000493', 'smp-down');
    const failed = await failureOf(transport.handOff(handOffTo('0208:0000000493', documentId())));
    expect(failed.type).to.equal('TRANSPORT_FAILURE');
    expect(failed.message).to.include('Failed to query SMP');
  });

  it("an EBMS error from the receiving access point is AP_REJECTED, with the access point's words", async () => {
    stub.outcomes.set('0208:0000000592', 'as4-error');
    const failed = await failureOf(transport.handOff(handOffTo('0208:0000000592', documentId())));
    expect(failed.type).to.equal('AP_REJECTED');
    expect(failed.nonRetryable).to.equal(true);
    expect(failed.message).to.include('EBMS:0004').and.to.include('PEPPOL:NOT_SERVICED');
  });

  it('400 (an envelope the access point cannot read) is SBDH_ERROR', async () => {
    const bad = { ...handOffTo('0208:0000000097', documentId()), sbd: '<Invoice/>' };
    const failed = await failureOf(transport.handOff(bad));
    expect(failed.type).to.equal('SBDH_ERROR');
    expect(failed.message).to.include('Failed to submit outbound SBD transaction');
  });

  it('a refused token or an access point that does not answer is temporary, and says which', async () => {
    const wrongToken = createPhossApTransport({ baseUrl: stub.url, token: 'wrong', timeoutMs: 5_000 });
    const refused = await failureOf(wrongToken.handOff(handOffTo('0208:0000000097', documentId())));
    expect(refused).to.deep.include({ type: 'TRANSPORT_FAILURE' });
    expect(refused.message).to.include('ACCESS_POINT_TOKEN');
    const down = createPhossApTransport({
      baseUrl: `http://127.0.0.1:${await freePort()}`,
      token: stub.token,
      timeoutMs: 2_000,
    });
    const unreachable = await failureOf(down.handOff(handOffTo('0208:0000000097', documentId())));
    expect(unreachable.type).to.equal('TRANSPORT_FAILURE');
    expect(unreachable.message).to.include('access point unreachable');
  });

  it("reads the transmission's Message Level Status from its status", async () => {
    const id = documentId();
    const { messageId } = await transport.handOff(handOffTo('0208:0000000097', id));
    const tx = stub.transactions.get(messageId)!;
    expect(await transport.transmission(messageId)).to.deep.equal({ mls: 'pending' });
    tx.mlsStatus = 'received_ap';
    expect(await transport.transmission(messageId)).to.deep.equal({ mls: { code: 'AP' } });
    tx.mlsStatus = 'received_ab';
    expect(await transport.transmission(messageId)).to.deep.equal({ mls: { code: 'AB' } });
    tx.mlsStatus = 'received_re';
    expect((await transport.transmission(messageId)).mls).to.deep.include({ code: 'RE' });
    tx.mlsReason = 'BV: [BR-10] buyer postal address missing';
    expect(await transport.transmission(messageId)).to.deep.equal({
      mls: { code: 'RE', reason: 'BV: [BR-10] buyer postal address missing' },
    });
    tx.mlsStatus = 'not_applicable';
    expect(await transport.transmission(messageId)).to.deep.equal({ mls: 'not_expected' });
  });

  it('the probe proves the API answers and takes the token', async () => {
    expect(await transport.probe()).to.equal('access point answers');
    const wrongToken = createPhossApTransport({ baseUrl: stub.url, token: 'wrong', timeoutMs: 5_000 });
    let refused: unknown;
    await wrongToken.probe().catch((err: unknown) => (refused = err));
    expect(String(refused)).to.include('ACCESS_POINT_TOKEN');
  });
});
