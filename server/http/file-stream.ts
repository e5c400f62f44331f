import fs from 'node:fs';

const CHUNK = 1 << 20;

/**
 * A response body of `before`, the bytes of `file` but its last `trimEnd`, then `after`; the file
 * is deleted once the body has been sent or cancelled (the client has gone, or a HEAD request:
 * http/head-requests.ts), unless `keep` (a stored file sent as it is). Read straight into fresh
 * buffers that are handed on as they are (Node's Readable-to-web adapter copies every chunk on
 * the event loop).
 */
export function fileBody(
  file: string,
  opts: { before?: string; after?: string; trimEnd?: number; keep?: boolean } = {},
): ReadableStream<Uint8Array> {
  let opening: Promise<fs.promises.FileHandle> | undefined;
  let handle: fs.promises.FileHandle | undefined;
  let position = 0;
  let end = 0;
  let removed = false;
  const remove = async () => {
    if (removed) return;
    removed = true;
    // A cancel can come while the file is still being opened: the handle is closed all the same.
    await (await opening?.catch(() => undefined))?.close().catch(() => undefined);
    if (!opts.keep) await fs.promises.rm(file, { force: true });
  };
  return new ReadableStream<Uint8Array>(
    {
      async start(controller) {
        try {
          opening = fs.promises.open(file, 'r');
          handle = await opening;
          end = Math.max(0, (await handle.stat()).size - (opts.trimEnd ?? 0));
        } catch (err) {
          await remove();
          throw err;
        }
        if (opts.before) controller.enqueue(Buffer.from(opts.before));
      },
      async pull(controller) {
        try {
          if (position < end) {
            const buffer = Buffer.allocUnsafe(Math.min(CHUNK, end - position));
            const { bytesRead } = await handle!.read(buffer, 0, buffer.length, position);
            if (bytesRead === 0) throw new Error(`${file} ended early`);
            position += bytesRead;
            controller.enqueue(buffer.subarray(0, bytesRead));
            return;
          }
          if (opts.after) controller.enqueue(Buffer.from(opts.after));
          controller.close();
          await remove();
        } catch (err) {
          await remove();
          controller.error(err);
        }
      },
      cancel: remove,
    },
    { highWaterMark: 0 },
  );
}

/** A body part: text, or a stream such as `fileBody`'s. */
export type BodyPart = string | ReadableStream<Uint8Array>;

/**
 * One body of `parts` in order, each stream read only when its turn comes. When the body is
 * cancelled or a part fails, every stream not yet read through is cancelled too (so a
 * `fileBody` deletes its file).
 */
export function concatBodies(parts: BodyPart[]): ReadableStream<Uint8Array> {
  let index = 0;
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  const cancelRest = async (reason?: unknown) => {
    // The part being read is cancelled through its reader, the ones after it directly.
    const rest = parts.slice(reader ? index + 1 : index);
    await reader?.cancel(reason).catch(() => undefined);
    reader = undefined;
    index = parts.length;
    for (const p of rest) if (typeof p !== 'string') await p.cancel(reason).catch(() => undefined);
  };
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          for (;;) {
            if (index >= parts.length) return controller.close();
            const part = parts[index]!;
            if (typeof part === 'string') {
              index += 1;
              if (part) return controller.enqueue(Buffer.from(part));
              continue;
            }
            reader ??= part.getReader();
            const { done, value } = await reader.read();
            if (!done) return controller.enqueue(value);
            reader.releaseLock();
            reader = undefined;
            index += 1;
          }
        } catch (err) {
          await cancelRest(err);
          controller.error(err);
        }
      },
      cancel: cancelRest,
    },
    { highWaterMark: 0 },
  );
}
