import v8 from 'node:v8';
import vm from 'node:vm';

/** The heap in use after a full collection: what the process still holds. */
export function heapAfterCollection(): number {
  v8.setFlagsFromString('--expose-gc');
  (vm.runInNewContext('gc') as () => void)();
  return process.memoryUsage().heapUsed;
}
