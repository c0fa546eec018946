import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { SaxesParser } from 'saxes';
import { parse as txmlParse } from 'txml/txml';
import { THREAD_YOUNG_GENERATION_MB } from '../core/peppol-pool.ts';
import { readXmlDocument, renderUbl, validateDocument, type DocumentBody } from '../peppol/index.ts';
import { parseUblElement } from '../peppol/ubl/parse.ts';
import { validateUblElement } from '../peppol/validation/validate-ubl.ts';
import { parseXmlTree, type El } from '../peppol/xml/dom.ts';
import { benchCiiInvoice, benchInvoice } from './invoices.ts';

/**
 * Validation speed against the official Peppol artefacts (`conformance/`: the compiled CEN + PEPPOL
 * Schematron on Saxon-HE, one warm JVM, compile excluded), on the same generated invoices of 10 to
 * 5,000 lines, UBL and CII; then the PINT ratio, on the same invoices between Australian companies
 * rendered in PINT A-NZ, against the official pint-aunz rules. Both sides are timed alternately in the same run; medians and their ratio
 * are printed, with the linearity t(5,000) / t(500) and the memory of the 5,000-line validation.
 *
 *   npm run bench:validation [-- runs]        runs per size and side (default 7, at least 3)
 *
 * The official CII artefacts are not in the Peppol rule jar, so the official side of a CII invoice is
 * the UBL rules on the service's conversion of it, what the conformance tests compare too.
 *
 * Then the floor: what the fastest JavaScript XML parsers take only to read the same UBL documents
 * (saxes, a well-formedness-checking SAX parser with namespaces; txml, a non-checking DOM parser; a
 * bare scan for '<', faster than any parser can be; and a bare tree of names and texts, less than any
 * reader that hands the rules a tree can spend), next to the budget a ≥ 50× ratio would leave, and
 * the split of ours into parse, mapping to a DocumentBody, and rules. Last, the heap and RSS of one
 * 5,000-line validation, each in a fresh process, several times (one reading depends on when the
 * collector last ran).
 */
const RUNS = Math.max(3, Number(process.argv[2] ?? 7) || 7);
const SIZES = [10, 100, 500, 1000, 5000];
const MEMORY_PROBES = 5;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface Subject {
  lines: number;
  syntax: 'UBL' | 'CII';
  xml: string;
  /** What the official rules judge: the UBL itself, or the conversion of the CII. */
  officialFile: string;
}

/** The official checker as a warm JVM answering one file at a time. */
class OfficialChecker {
  private readonly child = spawn(process.execPath, [path.join(root, 'scripts', 'official-rules.mjs'), 'run'], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  private readonly lines = createInterface({ input: this.child.stdout })[Symbol.asyncIterator]();

  async check(file: string): Promise<{ ms: number; fatal: string[] }> {
    const t0 = performance.now();
    this.child.stdin.write(`${file}\n`);
    const next = await this.lines.next();
    const ms = performance.now() - t0;
    if (next.done) throw new Error('the official checker stopped');
    const result = JSON.parse(next.value) as { error?: string; failed?: { id: string; flag: string }[] };
    if (result.error) throw new Error(`official checker: ${result.error}`);
    return { ms, fatal: (result.failed ?? []).filter((f) => f.flag === 'fatal').map((f) => f.id) };
  }

  stop(): void {
    this.child.stdin.end();
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const ms = (x: number) => (x < 10 ? x.toFixed(2) : x < 100 ? x.toFixed(1) : x.toFixed(0)).padStart(7);
/** Sub-millisecond figures (the floor of a small document) keep three decimals. */
const fine = (x: number) => (x < 1 ? x.toFixed(3).padStart(7) : ms(x));
const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`.padStart(9);

interface Timing {
  ms: number;
  /** CPU time of this process (its GC threads included): what a loaded machine distorts least. */
  cpu: number;
}

function timing<T>(fn: () => T): [T, Timing] {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const result = fn();
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  return [result, { ms, cpu: (cpu.user + cpu.system) / 1000 }];
}

function ours(subject: Subject): Timing {
  const [read, t] = timing(() => readXmlDocument(subject.xml, subject.syntax === 'UBL' ? 'ubl-xml' : 'cii-xml'));
  if (!read.valid) throw new Error(`${subject.syntax} ${subject.lines}: ${JSON.stringify(read.errors.slice(0, 3))}`);
  return t;
}

function jsonPath(body: DocumentBody): Timing {
  const [checked, t] = timing(() => validateDocument('invoice', body));
  if (!checked.valid) throw new Error(`JSON ${body.lines.length}: ${JSON.stringify(checked.errors.slice(0, 3))}`);
  return t;
}

/** Memory of one validation of `file`, in a fresh process so that its peak RSS is this validation's. */
function memoryProbe(file: string, syntax: 'UBL' | 'CII'): { rss: number; heap: number } {
  const run = spawnSync(
    process.execPath,
    // A young generation large enough that the validation's garbage is still counted when it ends.
    [
      '--expose-gc',
      '--max-semi-space-size=128',
      '--import',
      'tsx',
      fileURLToPath(import.meta.url),
      '--memory',
      file,
      syntax,
    ],
    { encoding: 'utf8', cwd: root },
  );
  if (run.status !== 0) throw new Error(`memory probe failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as { rss: number; heap: number };
}

async function probeMemory(file: string, syntax: 'UBL' | 'CII'): Promise<void> {
  const { readFileSync } = await import('node:fs');
  const xml = readFileSync(file, 'utf8');
  // Warm the code paths on a small document so that compiling them is not counted.
  readXmlDocument(benchCiiInvoice(10), 'cii-xml');
  readXmlDocument(renderUbl('invoice', benchInvoice(10)).xml!, 'ubl-xml');
  const gc = (globalThis as { gc?: () => void }).gc!;
  gc();
  const before = process.memoryUsage();
  let peakHeap = before.heapUsed;
  // Sampled between the steps a validation cannot be interrupted in: the heap right after it, with the result alive.
  const result = readXmlDocument(xml, syntax === 'UBL' ? 'ubl-xml' : 'cii-xml');
  peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
  if (!result.valid) throw new Error('invalid');
  const maxRss = process.resourceUsage().maxRSS * 1024;
  process.stdout.write(JSON.stringify({ rss: maxRss - before.rss, heap: peakHeap - before.heapUsed }));
}

/** Median time of one call, timed over batches of calls that last at least a few milliseconds each. */
function perCall(fn: () => unknown): number {
  fn();
  let batch = 1;
  for (let t0 = performance.now(); performance.now() - t0 < 5; batch *= 2) for (let i = 0; i < batch; i++) fn();
  const samples = Array.from({ length: RUNS }, () => {
    const t0 = performance.now();
    for (let i = 0; i < batch; i++) fn();
    return (performance.now() - t0) / batch;
  });
  return median(samples);
}

/** Every '<' of the text: no parser can read a document faster than this. */
function scanTags(xml: string): number {
  let tags = 0;
  for (let i = xml.indexOf('<'); i >= 0; i = xml.indexOf('<', i + 1)) tags++;
  return tags;
}

interface BareNode {
  name: string;
  text: string;
  children: BareNode[];
  parent: BareNode | undefined;
}

/**
 * A tree of element names and texts, and nothing else: no well-formedness check, no namespaces, no
 * attributes, no entities. What any reader that hands the rules a tree must at least spend.
 */
function bareTree(xml: string): BareNode {
  const root: BareNode = { name: '', text: '', children: [], parent: undefined };
  let current = root;
  for (let i = xml.indexOf('<'); i >= 0;) {
    const end = xml.indexOf('>', i);
    const first = xml.charCodeAt(i + 1);
    if (first === 47 /* / */) current = current.parent ?? root;
    else if (first !== 63 /* ? */ && first !== 33 /* ! */) {
      let nameEnd = i + 1;
      for (let c = xml.charCodeAt(nameEnd); c !== 32 && c !== 47 && c !== 62; c = xml.charCodeAt(++nameEnd));
      const node: BareNode = { name: xml.slice(i + 1, nameEnd), text: '', children: [], parent: current };
      current.children.push(node);
      if (xml.charCodeAt(end - 1) !== 47) current = node;
    }
    const next = xml.indexOf('<', end);
    if (next > end + 1) current.text = xml.slice(end + 1, next);
    i = next;
  }
  return root;
}

function saxesParse(xml: string): number {
  let elements = 0;
  const parser = new SaxesParser({ xmlns: true });
  parser.on('opentag', () => elements++);
  parser.on('error', (e) => {
    throw e;
  });
  parser.write(xml).close();
  return elements;
}

function floorAndStages(subjects: Subject[], officialMedian: Map<string, number>): void {
  console.log(`\nfloor: reading the UBL only, median ms per document (official / 50 = the budget for ≥ 50×)`);
  console.log(
    '| lines | size | indexOf scan | bare tree | txml | saxes | ours: parse | ours: all | budget for ≥ 50× |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const s of subjects.filter((x) => x.syntax === 'UBL' && (x.lines === 10 || x.lines === 5000))) {
    const row = [
      perCall(() => scanTags(s.xml)),
      perCall(() => bareTree(s.xml)),
      perCall(() => txmlParse(s.xml)),
      perCall(() => saxesParse(s.xml)),
      perCall(() => parseXmlTree(s.xml)),
      perCall(() => readXmlDocument(s.xml, 'ubl-xml')),
      officialMedian.get(`UBL-${s.lines}`)! / 50,
    ];
    console.log(`| ${String(s.lines).padStart(5)} | ${kib(Buffer.byteLength(s.xml))} | ${row.map(fine).join(' | ')} |`);
  }

  console.log('\nours by stage (UBL), median ms: parse, mapping to a DocumentBody, rules');
  for (const s of subjects.filter((x) => x.syntax === 'UBL' && [10, 500, 5000].includes(x.lines))) {
    const parsed = parseXmlTree(s.xml);
    if (!parsed.ok) throw new Error('the bench invoice does not parse');
    const root: El = parsed.root;
    const parse = perCall(() => parseXmlTree(s.xml));
    const body = perCall(() => parseUblElement(root));
    const rules = perCall(() => validateUblElement(root));
    console.log(
      `  ${String(s.lines).padStart(5)} lines  parse ${fine(parse)}  body ${fine(body)}  rules ${fine(rules)}`,
    );
  }
}

/** The bench invoice between two Australian companies: rendered in PINT A-NZ (GST 10 %, AUD, ABNs). */
function pintInvoice(lines: number): DocumentBody {
  const body = benchInvoice(lines);
  const party = (name: string, abn: string) => ({
    name,
    vatNumber: `AU${abn}`,
    peppolId: `0151:${abn}`,
    address: { street: '1 George Street', city: 'Sydney', postalCode: '2000', country: 'AU' },
  });
  return {
    ...body,
    currency: 'AUD',
    seller: party('Acme Australia Pty Ltd', '51824753556'),
    buyer: party('Buyer Australia Pty Ltd', '47555222000'),
    payment: { means: 'credit_transfer', iban: 'BE68539007547034', reference: 'INV-1' },
    allowances: (body.allowances ?? []).map((a) => ({ ...a, vatRate: '10' })),
    lines: body.lines.map((l) => ({ ...l, vatRate: '10' })),
  };
}

/** PINT A-NZ: ours (readXmlDocument, native PINT rules) against the official pint-aunz 1.1.2 rules. */
async function pintRatio(checker: OfficialChecker, scratch: string): Promise<void> {
  console.log(
    `\nPINT A-NZ validation: ours (readXmlDocument) vs the official pint-aunz 1.1.2 rules (warm JVM), median of ${RUNS} runs`,
  );
  console.log('| lines | size | ours ms | ours CPU ms | official ms | official / ours |');
  console.log('|---|---|---|---|---|---|');
  for (const lines of SIZES.filter((n) => n <= 1000)) {
    const xml = renderUbl('invoice', pintInvoice(lines)).xml!;
    const file = path.join(scratch, `PINT-${lines}.xml`);
    writeFileSync(file, xml);
    const subject: Subject = { lines, syntax: 'UBL', xml, officialFile: file };
    ours(subject);
    const { fatal } = await checker.check(file);
    if (fatal.length) throw new Error(`official PINT rules reject ${lines}: ${fatal.join(', ')}`);
    for (let i = 0; i < 3; i++) {
      ours(subject);
      await checker.check(file);
    }
    const mine: Timing[] = [];
    const theirs: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      mine.push(ours(subject));
      theirs.push((await checker.check(file)).ms);
    }
    const a = { ms: median(mine.map((t) => t.ms)), cpu: median(mine.map((t) => t.cpu)) };
    const b = median(theirs);
    console.log(
      `| ${String(lines).padStart(5)} | ${kib(Buffer.byteLength(xml))} | ${ms(a.ms)} | ${ms(a.cpu)} | ${ms(b)} | ${(b / a.ms).toFixed(1).padStart(6)}× |`,
    );
  }
}

async function main(): Promise<void> {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'docex-bench-validation-'));
  const checker = new OfficialChecker();
  try {
    const subjects: Subject[] = [];
    const bodies = new Map<number, DocumentBody>();
    for (const lines of SIZES) {
      const body = benchInvoice(lines);
      bodies.set(lines, body);
      const ubl = renderUbl('invoice', body).xml!;
      const cii = benchCiiInvoice(lines);
      const converted = readXmlDocument(cii, 'cii-xml').ubl!;
      for (const [syntax, xml, official] of [
        ['UBL', ubl, ubl],
        ['CII', cii, converted],
      ] as const) {
        const officialFile = path.join(scratch, `${syntax}-${lines}.xml`);
        writeFileSync(officialFile, official);
        writeFileSync(path.join(scratch, `${syntax}-${lines}-input.xml`), xml);
        subjects.push({ lines, syntax, xml, officialFile });
      }
    }

    // Both sides must find the invoices valid, or the comparison is of nothing.
    for (const s of subjects) {
      ours(s);
      const { fatal } = await checker.check(s.officialFile);
      if (fatal.length) throw new Error(`official rules reject ${s.syntax} ${s.lines}: ${fatal.join(', ')}`);
    }
    // Warm both: the JVM's JIT and ours, on the mid-size documents.
    for (let i = 0; i < 5; i++)
      for (const s of subjects.filter((x) => x.lines === 1000)) {
        ours(s);
        await checker.check(s.officialFile);
      }

    console.log(
      `validation: ours (readXmlDocument, young generation ${THREAD_YOUNG_GENERATION_MB} MiB as on the service's threads) vs the official artefacts (warm JVM), median of ${RUNS} runs`,
    );
    console.log('| syntax | lines | size | ours ms | ours CPU ms | official ms | official / ours |');
    console.log('|---|---|---|---|---|---|---|');
    const oursMedian = new Map<string, Timing>();
    const officialMedian = new Map<string, number>();
    for (const s of subjects) {
      const mine: Timing[] = [];
      const theirs: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        mine.push(ours(s));
        theirs.push((await checker.check(s.officialFile)).ms);
      }
      const a = { ms: median(mine.map((t) => t.ms)), cpu: median(mine.map((t) => t.cpu)) };
      const b = median(theirs);
      oursMedian.set(`${s.syntax}-${s.lines}`, a);
      officialMedian.set(`${s.syntax}-${s.lines}`, b);
      console.log(
        `| ${s.syntax} | ${String(s.lines).padStart(5)} | ${kib(Buffer.byteLength(s.xml))} | ${ms(a.ms)} | ${ms(a.cpu)} | ${ms(b)} | ${(b / a.ms).toFixed(1).padStart(6)}× |`,
      );
    }

    await pintRatio(checker, scratch);

    console.log(`\nJSON path (validateDocument: checks, render, rules), median of ${RUNS} runs`);
    const jsonMedian = new Map<number, Timing>();
    for (const lines of SIZES) {
      const body = bodies.get(lines)!;
      jsonPath(body);
      const times = Array.from({ length: RUNS }, () => jsonPath(body));
      const t = { ms: median(times.map((x) => x.ms)), cpu: median(times.map((x) => x.cpu)) };
      jsonMedian.set(lines, t);
      console.log(`  ${String(lines).padStart(5)} lines ${ms(t.ms)} ms  (CPU ${ms(t.cpu)} ms)`);
    }

    const ratio = (t: (n: number) => Timing) =>
      `${(t(5000).ms / t(500).ms).toFixed(1)} (CPU ${(t(5000).cpu / t(500).cpu).toFixed(1)})`;
    console.log('\nlinearity t(5,000 lines) / t(500 lines) (target ≤ 11):');
    console.log(
      `  UBL ${ratio((n) => oursMedian.get(`UBL-${n}`)!)}   CII ${ratio((n) => oursMedian.get(`CII-${n}`)!)}`,
    );
    console.log(`  JSON ${ratio((n) => jsonMedian.get(n)!)}`);

    floorAndStages(subjects, officialMedian);

    console.log(
      `\nmemory of one 5,000-line validation, median (range) of ${MEMORY_PROBES} fresh processes (target: heap ≤ 10× the document):`,
    );
    for (const syntax of ['UBL', 'CII'] as const) {
      const subject = subjects.find((s) => s.syntax === syntax && s.lines === 5000)!;
      const size = Buffer.byteLength(subject.xml);
      // One reading depends on when the collector last ran; several give the spread.
      const probes = Array.from({ length: MEMORY_PROBES }, () =>
        memoryProbe(path.join(scratch, `${syntax}-5000-input.xml`), syntax),
      );
      const heaps = probes.map((p) => p.heap / size);
      console.log(
        `  ${syntax} ${kib(size)}: peak RSS +${(median(probes.map((p) => p.rss)) / 2 ** 20).toFixed(0)} MiB, heap +${(median(probes.map((p) => p.heap)) / 2 ** 20).toFixed(0)} MiB (${median(heaps).toFixed(1)}× the document, ${Math.min(...heaps).toFixed(1)}–${Math.max(...heaps).toFixed(1)}×)`,
      );
    }
  } finally {
    checker.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * The service reads and validates every document from 200 lines or 256 KiB up on its threads
 * (core/peppol-pool.ts), whose young generation is sized for them; this process runs with the same
 * (V8 makes a young generation of three semi-spaces), so that the large documents are timed as the
 * service runs them. Smaller ones fit either way.
 */
const SEMI_SPACE_FLAG = `--max-semi-space-size=${THREAD_YOUNG_GENERATION_MB / 3}`;

if (process.argv[2] === '--memory') await probeMemory(process.argv[3], process.argv[4] as 'UBL' | 'CII');
else if (!process.execArgv.includes(SEMI_SPACE_FLAG)) {
  const run = spawnSync(process.execPath, [SEMI_SPACE_FLAG, ...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
  });
  process.exitCode = run.status ?? 1;
} else await main();
