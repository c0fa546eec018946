import { performance } from 'node:perf_hooks';
import {
  parseUbl,
  readXmlDocument,
  readXmlDocumentChecked,
  renderUbl,
  validateDocument,
  type DocumentBody,
} from '../peppol/index.ts';

/**
 * Peppol document core benchmark: render + validate of a 100-line invoice (target ≤ 5 ms median on
 * the 2-core CI machine) and parsing of the same XML. Run with `npx tsx bench/peppol.ts [runs]`.
 */
const RUNS = Math.max(1000, Number(process.argv[2] ?? 1000));
const WARMUP = 200;

function invoice(lines: number): DocumentBody {
  return {
    number: 'BENCH-1',
    issueDate: '2026-03-01',
    dueDate: '2026-03-31',
    currency: 'EUR',
    buyerReference: 'PO-1',
    seller: {
      name: 'Acme Belgium NV',
      vatNumber: 'BE0403019261',
      peppolId: '0208:0403019261',
      legalId: { scheme: '0208', value: '0403019261' },
      address: { street: 'Rue de la Loi 16', city: 'Brussels', postalCode: '1000', country: 'BE' },
    },
    buyer: {
      name: 'Proximus SA',
      vatNumber: 'BE0202239951',
      peppolId: '0208:0202239951',
      address: { street: 'Bd du Roi Albert II 27', city: 'Brussels', postalCode: '1030', country: 'BE' },
    },
    payment: { means: 'credit_transfer', iban: 'BE68539007547034', bic: 'GEBABEBB', reference: '+++090/9337/55493+++' },
    allowances: [{ amount: '10.00', reason: 'Discount', vatCategory: 'S', vatRate: '21' }],
    lines: Array.from({ length: lines }, (_, i) => ({
      description: `Item ${i + 1}`,
      itemCode: `SKU-${i + 1}`,
      quantity: String((i % 7) + 1),
      unit: 'C62',
      unitPrice: (((i * 3.17) % 97) + 1).toFixed(2),
      vatRate: i % 4 === 0 ? '6' : '21',
      vatCategory: 'S' as const,
    })),
  };
}

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

const body = invoice(100);
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
