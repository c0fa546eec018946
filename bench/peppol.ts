import { performance } from 'node:perf_hooks';
import { parseUbl, readXmlDocument, readXmlDocumentChecked, renderUbl, validateDocument } from '../peppol/index.ts';
import { benchInvoice } from './invoices.ts';

/**
 * Peppol document core benchmark: render + validate of a 100-line invoice (target ≤ 5 ms median on
 * the 2-core CI machine) and parsing of the same XML. Run with `npx tsx bench/peppol.ts [runs]`.
 */
const RUNS = Math.max(1000, Number(process.argv[2] ?? 1000));
const WARMUP = 200;

async function measure(label: string, fn: () => void | Promise<void>): Promise<void> {
  for (let i = 0; i < WARMUP; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  console.log(`${label.padEnd(40)} median ${at(0.5).toFixed(3)} ms   p99 ${at(0.99).toFixed(3)} ms   (${RUNS} runs)`);
}

const body = benchInvoice(100);
const checked = validateDocument('invoice', body);
if (!checked.valid) throw new Error(`benchmark invoice is invalid: ${JSON.stringify(checked.errors.slice(0, 3))}`);
const xml = renderUbl('invoice', body).xml!;
console.log(`100-line invoice: ${xml.length} bytes of UBL`);

await measure('render + validate (validateDocument)', () => {
  if (!validateDocument('invoice', body).valid) throw new Error('invalid');
});
await measure('render only (renderUbl)', () => {
  renderUbl('invoice', body);
});
await measure('parse UBL → DocumentBody (parseUbl)', () => {
  if (!parseUbl(xml).ok) throw new Error('parse failed');
});
await measure('parse + validate XML (readXmlDocument)', () => {
  if (!readXmlDocument(xml, 'ubl-xml').valid) throw new Error('invalid');
});
await measure('the same with the schema step (…Checked)', async () => {
  if (!(await readXmlDocumentChecked(xml, 'ubl-xml')).valid) throw new Error('invalid');
});
