import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { getRequestListener } from '@hono/node-server';

export type ServerLimits = {
  /** Largest request line plus headers; more is 431. */
  maxHeaderBytes: number;
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

/**
 * The Node HTTP server of an app: the header limit, timeouts for headers, and JSON bodies for
 * every error that happens before the app sees a request.
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
    listener,
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
