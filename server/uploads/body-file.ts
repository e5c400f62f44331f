import fs from 'node:fs';
import { once } from 'node:events';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { HttpError, tooLarge } from '../http/errors.js';

export const tooLargeError = (maxBytes: number) =>
  tooLarge(`the upload is larger than the limit of ${maxBytes} bytes (MAX_UPLOAD_BYTES)`);

export const bodyStalledError = (idleMs: number) =>
  new HttpError(408, `the upload stopped arriving for ${idleMs / 1000} s`);

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
  try {
    for await (const chunk of withIdleTimeout(source, idleMs)) {
      bytes += chunk.length;
      if (bytes > maxBytes) throw tooLargeError(maxBytes);
      if (!out.write(chunk)) await once(out, 'drain');
    }
    out.end();
    await once(out, 'finish');
  } catch (err) {
    // Let a pending open finish first: an open completing after the caller removed the folder
    // would be an unhandled error.
    if (out.pending) await once(out, 'open').catch(() => undefined);
    const closed = once(out, 'close').catch(() => undefined);
    out.destroy();
    await closed;
    fs.rmSync(file, { force: true });
    throw err;
  }
  return bytes;
}
