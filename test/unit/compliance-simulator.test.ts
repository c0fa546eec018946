import { expect } from 'chai';
import { createSimulatedPlatform } from '../../upstreams/compliance/simulator.ts';
import type { ComplianceSubmission } from '../../upstreams/compliance/types.ts';
import { heapAfterCollection } from '../support/memory.ts';

const submission = (reportId: string, documentNumber: string): ComplianceSubmission => ({
  reportId,
  documentId: `doc_${reportId}`,
  documentNumber,
  documentType: 'invoice',
  issueDate: '2026-11-25',
  lifecycleStatus: 'approved',
  sellerVat: 'FR40303265045',
  buyerVat: null,
  grossAmount: '121.00',
  currency: 'EUR',
});

describe('the simulated tax platforms (sandbox)', () => {
  it('decides a COMPLIANCE-SLOW submission at its second check, and keeps to it', async () => {
    const platform = createSimulatedPlatform('PPF');
    const s = submission('rep_slow', 'INV-COMPLIANCE-SLOW-1');
    const { submissionId } = await platform.submit(s);
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push((await platform.status(submissionId, s)).status);
    expect(answers).to.deep.equal(['submitted', 'accepted', 'accepted']);
  });

  it('keeps nothing of the submissions it decided at once', async () => {
    const platform = createSimulatedPlatform('SDI');
    const check = async (n: number) => {
      const s = submission(`rep_${n}_${'x'.repeat(40)}`, `INV-${n}`);
      expect((await platform.status((await platform.submit(s)).submissionId, s)).status).to.equal('accepted');
    };
    await check(0);
    const before = heapAfterCollection();
    for (let n = 1; n <= 100_000; n++) await check(n);
    expect(heapAfterCollection() - before).to.be.below(2 * 1024 * 1024);
  });
});
