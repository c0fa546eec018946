import { expect } from 'chai';
import { CircuitBreaker } from '../../core/circuit-breaker.ts';

describe('CircuitBreaker', () => {
  it('opens after the threshold, half-opens after the cooldown, and closes on a success', async () => {
    let now = 0;
    const breaker = new CircuitBreaker('x', 2, 1000, () => now);
    const fail = () => breaker.run(() => Promise.reject(new Error('down'))).catch(() => undefined);
    await fail();
    expect(breaker.snapshot()).to.deep.equal({ state: 'closed', failures: 1 });
    await fail();
    expect(breaker.snapshot()).to.deep.equal({ state: 'open', failures: 2 });
    expect(breaker.isOpen()).to.equal(true);
    now = 400;
    expect(breaker.retryAfterSeconds()).to.equal(1);
    now = 1000;
    expect(breaker.snapshot().state).to.equal('half_open');
    await fail();
    expect(breaker.snapshot().state).to.equal('open');
    now = 2500;
    await breaker.run(async () => 1);
    expect(breaker.snapshot()).to.deep.equal({ state: 'closed', failures: 0 });
  });
});
