import { expect } from 'chai';
import { mergeParty, toStructuredView } from '../../peppol/index.ts';
import { CORPUS } from '../data/peppol/corpus.ts';

describe('structured view (spec 2.4)', () => {
  it('flattens a document into scalars with computed amounts', () => {
    const view = toStructuredView({
      id: 'doc_1',
      type: 'invoice',
      direction: 'outgoing',
      status: 'sent',
      deliveryStatus: 'pending',
      createdAt: '2026-03-01T10:00:00Z',
      document: CORPUS[0].body,
    });
    expect(view).to.include({
      id: 'doc_1',
      number: 'INV-2026-001',
      currency: 'EUR',
      netAmount: '950.00',
      vatAmount: '199.50',
      grossAmount: '1149.50',
      senderPeppolId: '0208:0403019261',
      senderName: 'Acme Belgium',
      receiverVatNumber: 'BE0202239951',
      paymentIban: 'BE68539007547034',
      buyerReference: 'PO-REF-1',
      orderReference: null,
      receivedAt: null,
    });
    expect(Object.keys(view)).to.have.length(27);
    for (const v of Object.values(view)) expect(v === null || typeof v !== 'object').to.equal(true);
  });

  it('record parties win over the body parties', () => {
    const view = toStructuredView({
      id: 'doc_2',
      type: 'invoice',
      receiver: { peppolId: '0088:7300010000001', name: 'Override' },
      document: CORPUS[0].body,
    });
    expect(view.receiverPeppolId).to.equal('0088:7300010000001');
    expect(view.receiverName).to.equal('Override');
    expect(view.receiverVatNumber).to.equal('BE0202239951');
  });

  it('a record without body still gives every key', () => {
    const view = toStructuredView({ id: 'doc_3', type: 'event' });
    expect(view.number).to.equal(null);
    expect(view.grossAmount).to.equal(null);
  });
});

describe('mergeParty', () => {
  it('later sources override earlier ones field by field, addresses included', () => {
    const merged = mergeParty(
      { name: 'Company', vatNumber: 'BE0403019261', address: { street: 'A', city: 'Brussels', country: 'BE' } },
      undefined,
      { name: 'Override', address: { street: 'B', country: 'BE' }, contact: { email: 'x@y.be' } },
    );
    expect(merged).to.deep.equal({
      name: 'Override',
      vatNumber: 'BE0403019261',
      address: { street: 'B', city: 'Brussels', country: 'BE' },
      contact: { email: 'x@y.be' },
    });
  });
});
