/**
 * Runs `work` on each item at most `limit` at a time, taking items in the order the source gives
 * them (an array, or an async source such as a paged listing read as it goes). Resolves when all
 * are done; a rejection of `work` rejects it, so items that must not fail catch their own errors.
 */
export async function forEachConcurrently<T>(
  items: Iterable<T> | AsyncIterable<T>,
  limit: number,
  work: (item: T, index: number) => Promise<void>,
): Promise<void> {
  const source = Symbol.asyncIterator in items ? items[Symbol.asyncIterator]() : toAsync(items[Symbol.iterator]());
  let next = 0;
  const worker = async () => {
    for (;;) {
      // Taken before asking: the source answers its calls in order, so the nth call gets item n.
      const index = next++;
      const taken = await source.next();
      if (taken.done) return;
      await work(taken.value, index);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, limit) }, worker));
}

function toAsync<T>(iterator: Iterator<T>): AsyncIterator<T> {
  return { next: async () => iterator.next() };
}

/**
 * One call of `flush` for every item that arrives while the previous call runs: alone, an item is
 * flushed at once; under load, concurrent callers share one round trip instead of one each. No
 * timer holds an item back: a batch closes when the one before it ends. Each caller's promise
 * settles with its batch.
 */
export function coalesce<T>(flush: (items: T[]) => Promise<void>): (item: T) => Promise<void> {
  let waiting: Array<{ item: T; resolve: () => void; reject: (err: unknown) => void }> = [];
  let flushing = false;
  const drain = async () => {
    flushing = true;
    while (waiting.length > 0) {
      const batch = waiting;
      waiting = [];
      try {
        await flush(batch.map((w) => w.item));
        for (const w of batch) w.resolve();
      } catch (err) {
        for (const w of batch) w.reject(err);
      }
    }
    flushing = false;
  };
  return (item) =>
    new Promise<void>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      if (!flushing) void drain();
    });
}
