import fs from 'node:fs';
import { once } from 'node:events';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { timedOut, tooLarge } from '../errors.js';

export const tooLargeError = (maxBytes: number) =>
  tooLarge(`the upload is larger than the limit of ${maxBytes} bytes (MAX_UPLOAD_BYTES)`);

export const bodyStalledError = (idleMs: number) =>
  timedOut(`the upload stopped arriving for ${idleMs / 1000} s`);

/** The chunks of `source`; throws 408 when the next one takes longer than `idleMs`. */
async function* withIdleTimeout<T>(source: AsyncIterable<T>, idleMs: number): AsyncGenerator<T> {
  const it = source[Symbol.asyncIterator]();
  let timer: NodeJS.Timeout | undefined;
  try {
    for (;;) {
      const stalled = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(bodyStalledError(idleMs)), idleMs);
      });
      const next = await Promise.race([it.next(), stalled]);
      clearTimeout(timer);
      if (next.done) return;
      yield next.value;
    }
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Streams a request body to `file`, counting bytes, and stops with 413 past `maxBytes`, or with
 * 408 when no data comes for `idleMs` (the file is removed then). The body is never held in
 * memory whole. `body` is best the Node request itself (no web-stream layer). Returns the byte
 * count.
 */
export async function saveBody(
  body: AsyncIterable<Uint8Array> | ReadableStream<Uint8Array> | null,
  file: string,
  maxBytes: number,
  idleMs: number,
): Promise<number> {
  const source: AsyncIterable<Uint8Array> =
    body === null
      ? Readable.from([])
      : 'getReader' in body
        ? Readable.fromWeb(body as unknown as WebReadableStream<Uint8Array>)
        : body;
  const out = fs.createWriteStream(file);
  let bytes = 0;
  async function* counted() {
    for await (const chunk of withIdleTimeout(source, idleMs)) {
      bytes += chunk.length;
      if (bytes > maxBytes) throw tooLargeError(maxBytes);
      yield chunk;
    }
  }
  try {
    // pipeline ends on the first error of either side (a full disk included) and destroys both.
    await pipeline(counted(), out);
  } catch (err) {
    // Wait for the file to close (after a pending open completes): an open completing after the
    // caller removed the folder would be an unhandled error.
    if (!out.closed) await once(out, 'close').catch(() => undefined);
    fs.rmSync(file, { force: true });
    throw err;
  }
  return bytes;
}
