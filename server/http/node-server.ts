import http, { type IncomingMessage } from 'node:http';
import { Socket, type AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';

export type ServerLimits = {
  /** Largest request line plus headers; more is 431. */
  maxHeaderBytes: number;
  /** Longest the rest of a body answered early (a 413) is awaited before the connection closes. */
  bodyTimeoutMs: number;
};

const jsonError = (status: number, error: string) =>
  new Response(JSON.stringify({ error }), {
    status,
    headers: { 'content-type': 'application/json', connection: 'close' },
  });

/** What the HTTP parser refused, as a status and a message for the caller. */
export function parserRefusal(
  code: string | undefined,
  limits: ServerLimits,
): { status: number; error: string } {
  if (code === 'HPE_HEADER_OVERFLOW')
    return {
      status: 431,
      error: `the request line and headers are larger than ${limits.maxHeaderBytes} bytes (a very long URL?)`,
    };
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return { status: 408, error: 'the request did not arrive in time' };
  return { status: 400, error: 'malformed HTTP request' };
}

/**
 * Answers what Node's HTTP parser refuses (431 for headers over the limit, 400 for a malformed
 * request, 408 when the headers are too slow) with a JSON body, instead of Node's bare status
 * line, then closes the connection.
 */
function answerClientError(limits: ServerLimits) {
  return (err: NodeJS.ErrnoException, socket: Socket) => {
    if (err.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const { status, error } = parserRefusal(err.code, limits);
    const body = JSON.stringify({ error });
    socket.end(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\ncontent-type: application/json\r\n` +
        `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
    );
  };
}

/** Most of a request body the server reads, and drops, after it has answered the request. */
export const LINGER_BYTES = 8 * 1024 ** 2;

/**
 * Once an answer is written before its request's body has all come (a 413 or 408 of the body
 * guard, an upload refused before it is read), the rest of the body is read and dropped, at most
 * LINGER_BYTES of it, then no more is read; the connection is closed if the body has not ended
 * within `bodyTimeoutMs`. A client still sending (Node's fetch) reads the answer only when its
 * writes block, so the server must neither close at once (a reset: it fails with EPIPE without
 * the answer) nor read without end. The readers the app left (a body stream buffers what it is
 * given; an abandoned iterator holds the request paused) are detached first, so nothing of the
 * body is kept.
 */
function dropRestOfBody(incoming: IncomingMessage, socket: Socket, bodyTimeoutMs: number): void {
  const timer = setTimeout(() => socket.destroy(), bodyTimeoutMs);
  timer.unref();
  const done = () => clearTimeout(timer);
  incoming.once('end', done);
  socket.once('close', done);
  let dropped = 0;
  incoming.removeAllListeners('data');
  incoming.removeAllListeners('readable');
  incoming.on('data', (chunk: Buffer) => {
    dropped += chunk.byteLength;
    // Paused, the request stops the socket's reads once its own small buffer is full.
    if (dropped > LINGER_BYTES) incoming.pause();
  });
  incoming.resume();
}

/**
 * Closes a connection after a `connection: close` answer, the way nginx's lingering close does:
 * when the body has not all come, only the sending side ends at once, and the socket closes when
 * the body ends, the client closes, or dropRestOfBody gives up.
 */
function closeAfterBody(incoming: IncomingMessage, socket: Socket): void {
  const close = () => Socket.prototype.destroySoon.call(socket);
  if (incoming.complete) return close();
  socket.destroySoon = () => {}; // closing already
  socket.end();
  incoming.once('end', close);
}

/**
 * The Node HTTP server of an app: the header limit, timeouts for headers, JSON bodies for every
 * error that happens before the app sees a request, and a lingering close after an answer that
 * came before the request's body.
 */
export function createNodeServer(
  fetch: (req: Request, env: unknown) => Response | Promise<Response>,
  limits: ServerLimits,
): http.Server {
  const listener = getRequestListener(fetch, {
    // A request the adapter cannot even build (a malformed URL) answers JSON too.
    errorHandler: () => jsonError(400, 'malformed request'),
  });
  const server = http.createServer(
    { maxHeaderSize: limits.maxHeaderBytes, headersTimeout: 20_000, requestTimeout: 0 },
    (incoming, outgoing) => {
      const socket = incoming.socket;
      // 'prefinish': the answer is written, and Node has not yet dropped the body its own way.
      outgoing.once('prefinish', () => {
        if (!incoming.complete) dropRestOfBody(incoming, socket, limits.bodyTimeoutMs);
      });
      // Node ends a `connection: close` answer with the socket's destroySoon(), and so does the
      // adapter once it gives up draining a body.
      socket.destroySoon = () => closeAfterBody(incoming, socket);
      return listener(incoming, outgoing);
    },
  );
  // Idle keep-alive connections stay open for 30 s (Node's 5 s default races clients that reuse a
  // connection just as the server closes it: their request fails with ECONNRESET).
  server.keepAliveTimeout = 30_000;
  server.on('clientError', answerClientError(limits));
  return server;
}

/** Listens on `port` (0: any free one) and resolves with the port taken. */
export function listen(server: http.Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}
