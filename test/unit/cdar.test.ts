import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CDAR_STATUSES, cdarStatusFor } from '../../core/cdar.ts';
import { LIFECYCLE_STATUSES, allowedTransitions } from '../../core/lifecycle.ts';
import { parseCdar, renderCdar } from '../../peppol/cdar.ts';
import { lifecycleStatusFor } from '../../peppol/index.ts';
import { SHARED } from '../support/paths.ts';

interface PublishedStatus {
  code: string;
  label_fr: string;
  mandatory: boolean;
}

const published = JSON.parse(readFileSync(path.join(SHARED, 'standards/afnor/lifecycle-statuses.json'), 'utf8')) as {
  invoice_statuses: PublishedStatus[];
};

describe('core/cdar: the reform’s statuses on our lifecycle', () => {
  it('has one row per invoice status of lifecycle-statuses.json, with its label and whether it is mandatory', () => {
    expect(CDAR_STATUSES.map((s) => s.code)).to.deep.equal(published.invoice_statuses.map((s) => s.code));
    for (const status of published.invoice_statuses) {
      const ours = CDAR_STATUSES.find((s) => s.code === status.code)!;
      expect(ours.labelFr.normalize('NFC'), status.code).to.equal(status.label_fr.normalize('NFC'));
      expect(ours.mandatory, status.code).to.equal(status.mandatory);
    }
  });

  it('moves to statuses of our model, and agrees with the Invoice Response code it names', () => {
    for (const status of CDAR_STATUSES) {
      if (status.lifecycle) expect(LIFECYCLE_STATUSES).to.include(status.lifecycle);
      if (status.invoiceResponse)
        expect(lifecycleStatusFor(status.invoiceResponse), status.code).to.equal(status.lifecycle);
    }
  });

  it('emits at most one status per move our company can make, on either side', () => {
    for (const direction of ['incoming', 'outgoing'] as const)
      for (const target of LIFECYCLE_STATUSES) {
        const emitting = CDAR_STATUSES.filter((s) =>
          s.emittedFor.some((e) => e.status === target && e.direction === direction),
        );
        expect(emitting.length, `${direction} ${target}`).to.be.at.most(1);
        // A partial payment is told with the status of a payment, and its amount.
        if (emitting[0]) expect(emitting[0].lifecycle).to.equal(target === 'partially_paid' ? 'paid' : target);
      }
    expect(cdarStatusFor('approved', 'incoming')?.code).to.equal('205');
    expect(cdarStatusFor('paid', 'outgoing')?.code).to.equal('212');
    expect(cdarStatusFor('rejected', 'incoming')?.code).to.equal('210');
    expect(cdarStatusFor('approved', 'outgoing')).to.equal(undefined);
    expect(allowedTransitions('disputed')).to.include(cdarStatusFor('under_review', 'outgoing')!.lifecycle);
  });

  it('reads back what it renders', () => {
    const message = {
      id: 'CDV-1',
      issuedAt: '2026-04-12T09:30:00Z',
      statusCode: '212',
      statusLabel: 'Encaissée',
      invoice: { id: 'F-1', issueDate: '2026-04-01', typeCode: '380' },
      seller: { scheme: '0002', id: '732829320', role: 'SE' },
      reasonCode: 'REF',
      reason: 'a < b & c',
      amount: { value: '120.50', currency: 'EUR' },
    };
    const parsed = parseCdar(renderCdar(message));
    expect(parsed.ok).to.equal(true);
    if (!parsed.ok) return;
    const { statusLabel: _label, ...rest } = message;
    expect(parsed.message).to.deep.include({ ...rest, seller: { ...message.seller, name: undefined } });
  });
});
