import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { DocumentBody, DocumentType, DocumentValidation, XmlDocument, XmlFormat } from '../peppol/index.ts';
import { readXml, validate, type DocumentAmounts, type ReadXmlTask, type ValidateTask } from './peppol-pool-worker.ts';

export type { DocumentAmounts } from './peppol-pool-worker.ts';

/**
 * Rendering and validating a document takes CPU time that grows with its size: a 5,000-line invoice
 * takes long enough to hold every other tenant's request on the event loop. Documents from these
 * sizes up are handled on worker threads; smaller ones stay inline, where a thread hop costs more
 * than the work.
 */
export const OFFLOAD_MIN_LINES = 200;
export const OFFLOAD_MIN_XML_CHARS = 256 * 1024;

/**
 * The young generation of a thread, in MiB: room for what reading the largest document allocates
 * (~13 MiB for a 5,000-line UBL, ~22 MiB for its CII), so that its tree and garbage die young instead
 * of being copied into the old generation on their way. V8's default (three 16 MiB semi-spaces, 48)
 * made a 5,000-line UBL take ~62 ms to read and validate in a thread, 96 takes ~48 ms; a thread only
 * grows it under that load, and the threads end when idle.
 */
export const THREAD_YOUNG_GENERATION_MB = 96;

let pool: Piscina | undefined;

function threads(): Piscina {
  pool ??= new Piscina({
    // A path, not a URL: piscina makes a file URL of it itself.
    filename: fileURLToPath(new URL('./peppol-pool-thread.mjs', import.meta.url)),
    // One core stays with the event loop; the threads share the rest.
    maxThreads: Math.max(1, Math.min(4, os.availableParallelism() - 1)),
    idleTimeout: 60_000,
    resourceLimits: { maxYoungGenerationSizeMb: THREAD_YOUNG_GENERATION_MB },
  });
  return pool;
}

type WithAmounts<T> = T & { amounts?: DocumentAmounts };

/** `validateDocument` and, when valid, the totals; on a worker thread for a large body. */
export async function validateDocumentOffLoop(
  type: DocumentType,
  body: DocumentBody,
): Promise<WithAmounts<DocumentValidation>> {
  const task: ValidateTask = { type, body };
  if ((body.lines?.length ?? 0) < OFFLOAD_MIN_LINES) return validate(task);
  return threads().run(task, { name: 'validate' }) as Promise<WithAmounts<DocumentValidation>>;
}

/** `readXmlDocumentChecked` and, when valid, the totals; on a worker thread for a large document. */
export async function readXmlDocumentOffLoop(xml: string, format: XmlFormat): Promise<WithAmounts<XmlDocument>> {
  const task: ReadXmlTask = { xml, format };
  if (xml.length < OFFLOAD_MIN_XML_CHARS) return readXml(task);
  return threads().run(task, { name: 'readXml' }) as Promise<WithAmounts<XmlDocument>>;
}

/** Ends the threads (at shutdown); the next large document starts them again. */
export async function closePeppolPool(): Promise<void> {
  const current = pool;
  pool = undefined;
  await current?.destroy();
}
