import type { Context, MiddlewareHandler } from 'hono';
import type { Config } from '../config.js';
import type { AppEnv } from './app-env.js';

/** Routes whose raw body is streamed to disk by the uploads module, with its own size limit. */
const STREAMED_UPLOAD = /^\/api\/v1\/(?:uploads|table)\/[^/]+\/[^/]+\/insert\/?$/;
/** JSON upload routes (`data` holds a whole CSV file): the upload size limit, no total deadline. */
const JSON_UPLOAD = /^\/api\/v1\/(?:uploads\/csv|table\/upload\/csv)\/?$/;

/** Deepest nesting of arrays and objects a JSON body may have. */
export const MAX_JSON_DEPTH = 64;

const WITHOUT_BODY = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * True when JSON text nests arrays and objects deeper than `limit`: a linear scan that skips
 * strings, so a body can be refused before anything parses or walks it recursively.
 */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c) i++;
      else if (ch === 0x22) inString = false;
    } else if (ch === 0x22) inString = true;
    else if (ch === 0x7b || ch === 0x5b) {
      if (++depth > limit) return true;
    } else if (ch === 0x7d || ch === 0x5d) depth--;
  }
  return false;
}

class BodyRejected extends Error {
  constructor(
    readonly status: 408 | 413,
    message: string,
  ) {
    super(message);
  }
}

export const bodyTooLarge = (max: number) =>
  new BodyRejected(413, `the request body is larger than the limit of ${max} bytes`);
export const bodyTimedOut = (ms: number) =>
  new BodyRejected(408, `the request body did not arrive within ${ms / 1000} s`);

/**
 * Reads a body stream into text, at most `max` bytes; rejects when no data comes for `idleMs`,
 * or when the whole body has not come within `totalMs`.
 */
async function readCapped(
  stream: ReadableStream<Uint8Array>,
  o: { max: number; idleMs: number; totalMs?: number },
): Promise<string> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const deadline = o.totalMs === undefined ? Infinity : Date.now() + o.totalMs;
  let timer: NodeJS.Timeout | undefined;
  try {
    for (;;) {
      const wait = Math.min(o.idleMs, deadline - Date.now());
      if (wait <= 0) throw bodyTimedOut(o.totalMs ?? o.idleMs);
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(bodyTimedOut(wait === o.idleMs ? o.idleMs : o.totalMs!)),
          wait,
        );
      });
      const { done, value } = await Promise.race([reader.read(), timeout]);
      clearTimeout(timer);
      if (done) break;
      size += value.byteLength;
      if (size > o.max) throw bodyTooLarge(o.max);
      chunks.push(value);
    }
  } finally {
    clearTimeout(timer);
    reader.releaseLock();
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The refusal, on a connection that closes after it. The rest of the body is never read here: the
 * Node server drops a bounded part of it before closing, so a client still sending reads the
 * answer (node-server.ts).
 */
const refuse = (c: Context, err: BodyRejected) =>
  c.json({ error: err.message }, err.status, { connection: 'close' });

/**
 * Bounds every request body before authentication or parsing: a declared length over the limit
 * is refused at once (413), a body that grows past it is refused as soon as it does, and a body
 * that stops arriving times out (408). JSON nested deeper than MAX_JSON_DEPTH is 400. Bodies of
 * streamed uploads are left to the uploads module, which applies its own limit and idle timeout.
 */
export function bodyGuard(config: Config): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (WITHOUT_BODY.has(c.req.method) || STREAMED_UPLOAD.test(c.req.path)) return next();
    const upload = JSON_UPLOAD.test(c.req.path);
    const max = upload ? config.maxUploadBytes + 64 * 1024 : config.maxJsonBodyBytes;
    const declared = Number(c.req.header('content-length') ?? 0);
    if (declared > max) return refuse(c, bodyTooLarge(max));
    const stream = c.req.raw.body;
    if (!stream) return next();
    let text: string;
    try {
      text = await readCapped(stream, {
        max,
        idleMs: config.bodyTimeoutMs,
        totalMs: upload ? undefined : config.bodyTimeoutMs,
      });
    } catch (err) {
      if (err instanceof BodyRejected) return refuse(c, err);
      throw err;
    }
    if (jsonDepthExceeds(text, MAX_JSON_DEPTH))
      return c.json(
        {
          error: `Invalid request body payload: nested deeper than ${MAX_JSON_DEPTH} levels`,
        },
        400,
      );
    // Hono keeps the promise of each body it read here: its parsers and validators use it.
    (c.req.bodyCache as { text?: Promise<string> }).text = Promise.resolve(text);
    return next();
  };
}
