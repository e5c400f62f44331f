import net from 'node:net';

export type RawResponse = { status: number; headers: string; body: string; ms: number };

/**
 * Sends raw bytes to a loopback port and reads the answer until the server closes the
 * connection or a whole response (by content-length) has arrived. `body` is written after the
 * head. For what fetch cannot send: a body shorter than
 * its content-length, a huge declared length, an oversized request line.
 */
export function rawRequest(
  port: number,
  head: string,
  opts: { body?: Buffer | string } = {},
): Promise<RawResponse> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let data = Buffer.alloc(0);
    const done = () => {
      const text = data.toString('utf8');
      const at = text.indexOf('\r\n\r\n');
      if (at === -1) return false;
      const headers = text.slice(0, at);
      const length = /content-length:\s*(\d+)/i.exec(headers);
      const body = text.slice(at + 4);
      if (length && Buffer.byteLength(body) < Number(length[1])) return false;
      socket.destroy();
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(headers)?.[1] ?? 0),
        headers,
        body,
        ms: Date.now() - started,
      });
      return true;
    };
    socket.on('data', (chunk) => {
      data = Buffer.concat([data, chunk]);
      done();
    });
    socket.on('error', (err) => {
      if (!done()) reject(err);
    });
    socket.on('close', () => {
      if (!done()) reject(new Error(`connection closed without a response: ${data.toString()}`));
    });
    socket.write(head);
    if (opts.body !== undefined) socket.write(opts.body, () => undefined);
  });
}
