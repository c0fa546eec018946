import { expect } from 'chai';
import { loadConfig } from '../../core/config.ts';

describe('loadConfig: DATABASE_POOL_SIZE', () => {
  it('is 20 connections unless set', () => {
    expect(loadConfig({}).databasePoolSize).to.equal(20);
    expect(loadConfig({ DATABASE_POOL_SIZE: '' }).databasePoolSize).to.equal(20);
  });

  it('takes a positive integer', () => {
    expect(loadConfig({ DATABASE_POOL_SIZE: '6' }).databasePoolSize).to.equal(6);
  });

  it('refuses zero, negative and non-integer sizes, naming the variable', () => {
    for (const value of ['0', '-1', '2.5', 'six'])
      expect(() => loadConfig({ DATABASE_POOL_SIZE: value })).to.throw(/DATABASE_POOL_SIZE/);
  });
});
