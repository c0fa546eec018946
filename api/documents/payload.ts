import { ApiError } from '../errors.ts';

/** Part 8: a file sent with a document is at most 5 MiB. */
export const MAX_FILE_BYTES = 5 * 1024 * 1024;

export function decodeBase64File(content: string): Buffer {
  const clean = content.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(clean) || clean.length % 4 === 1) {
    throw new ApiError('INVALID_REQUEST', 'file.content is not valid base64.', {
      details: [{ field: 'file.content', rule: 'base64', message: 'must be base64' }],
    });
  }
  const bytes = Buffer.from(clean, 'base64');
  if (bytes.length > MAX_FILE_BYTES)
    throw new ApiError(
      'PAYLOAD_TOO_LARGE',
      `The file is ${bytes.length} bytes; the limit is ${MAX_FILE_BYTES} bytes (5 MiB).`,
    );
  if (bytes.length === 0)
    throw new ApiError('INVALID_REQUEST', 'file.content is empty.', {
      details: [{ field: 'file.content', rule: 'minLength', message: 'must not be empty' }],
    });
  return bytes;
}

export type SniffedKind = { kind: 'xml' } | { kind: 'binary'; mime: string; extension: string };

/** What the bytes are: XML (to be read as UBL/CII) or another file kind, by magic numbers. */
export async function sniff(bytes: Buffer, declared?: string): Promise<SniffedKind> {
  const head = bytes
    .subarray(0, 512)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (head.startsWith('<')) return { kind: 'xml' };
  // file-type is ESM-only; a dynamic import keeps this module loadable from CommonJS test runners.
  const { fileTypeFromBuffer } = await import('file-type');
  const detected = await fileTypeFromBuffer(bytes);
  if (detected) return { kind: 'binary', mime: detected.mime, extension: detected.ext };
  const mime = declared && declared !== 'application/json' ? declared.split(';')[0].trim() : 'application/octet-stream';
  return { kind: 'binary', mime, extension: mime === 'text/plain' ? 'txt' : 'bin' };
}
