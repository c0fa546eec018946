import { expect } from 'chai';
import { forEachConcurrently } from '../../core/concurrency.ts';

describe('forEachConcurrently', () => {
  it('runs every item once with its index, never more than the limit at a time', async () => {
    let running = 0;
    let peak = 0;
    const seen: Array<[string, number]> = [];
    await forEachConcurrently(['a', 'b', 'c', 'd', 'e'], 2, async (item, index) => {
      running += 1;
      peak = Math.max(peak, running);
      await new Promise((r) => setTimeout(r, 5 * (5 - index)));
      seen.push([item, index]);
      running -= 1;
    });
    expect(peak).to.equal(2);
    expect(seen.sort((x, y) => x[1] - y[1])).to.deep.equal([
      ['a', 0],
      ['b', 1],
      ['c', 2],
      ['d', 3],
      ['e', 4],
    ]);
  });

  it('reads an async source as it goes, in order, and finishes on an empty one', async () => {
    async function* source() {
      for (let i = 0; i < 4; i++) {
        await new Promise((r) => setTimeout(r, 1));
        yield i * 10;
      }
    }
    const started: number[] = [];
    await forEachConcurrently(source(), 3, async (item, index) => {
      started.push(item);
      expect(item).to.equal(index * 10);
    });
    expect(started).to.deep.equal([0, 10, 20, 30]);
    let calls = 0;
    await forEachConcurrently([], 4, async () => {
      calls += 1;
    });
    expect(calls).to.equal(0);
  });

  it('rejects when work rejects', async () => {
    const outcome = await forEachConcurrently([1, 2], 2, async (n) => {
      if (n === 2) throw new Error('boom');
    }).then(
      () => 'resolved',
      (err: Error) => err.message,
    );
    expect(outcome).to.equal('boom');
  });
});
