import type { Response } from 'express';
import { log } from '../../core/log.ts';

export interface CapturedResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

export type EndHook = (response: CapturedResponse) => Promise<void>;

const hooksOf = new WeakMap<Response, EndHook[]>();

/**
 * Runs `hook` with the complete response just before its last byte is sent, so that what a hook
 * records (the idempotent result, the request log) exists by the time the client has the answer.
 */
export function onResponseEnd(res: Response, hook: EndHook): void {
  const existing = hooksOf.get(res);
  if (existing) {
    existing.push(hook);
    return;
  }
  const hooks = [hook];
  hooksOf.set(res, hooks);
  const chunks: Buffer[] = [];
  const originalWrite = res.write.bind(res) as (...args: any[]) => boolean;
  const originalEnd = res.end.bind(res) as (...args: any[]) => Response;
  const toBuffer = (chunk: unknown, encoding?: unknown) =>
    Buffer.isBuffer(chunk)
      ? chunk
      : Buffer.from(chunk as string, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');

  res.write = ((chunk: unknown, encoding?: unknown, cb?: unknown) => {
    if (chunk !== undefined && chunk !== null && typeof chunk !== 'function') chunks.push(toBuffer(chunk, encoding));
    if (typeof encoding === 'function') (encoding as () => void)();
    else if (typeof cb === 'function') (cb as () => void)();
    return true;
  }) as Response['write'];

  res.end = ((chunk?: unknown, encoding?: unknown, cb?: unknown) => {
    if (chunk !== undefined && chunk !== null && typeof chunk !== 'function') chunks.push(toBuffer(chunk, encoding));
    const done = [chunk, encoding, cb].find((a) => typeof a === 'function') as (() => void) | undefined;
    const body = Buffer.concat(chunks);
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(res.getHeaders()))
      if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
    const captured = { status: res.statusCode, headers, body };
    void (async () => {
      for (const h of hooks) {
        try {
          await h(captured);
        } catch (err) {
          log.error('response hook failed', { error: err instanceof Error ? err.message : String(err) });
        }
      }
      if (body.length > 0) originalWrite(body);
      originalEnd(done);
    })();
    return res;
  }) as Response['end'];
}
