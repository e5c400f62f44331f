import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { createTestServer } from '../test/harness.js';

describe('serving the SPA', () => {
  let server: Awaited<ReturnType<typeof createTestServer>>;
  let app: ReturnType<typeof createApp>;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-dist-'));
  const script = `console.log(${JSON.stringify('strata '.repeat(2000))});`;

  beforeAll(async () => {
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), script);
    // As the build writes them (vite.config.ts): compressed twins beside an asset.
    const built = path.join(dist, 'assets', 'built-def456.js');
    fs.writeFileSync(built, script);
    fs.writeFileSync(`${built}.br`, zlib.brotliCompressSync(script));
    fs.writeFileSync(`${built}.gz`, zlib.gzipSync(script));
    server = await createTestServer();
    app = createApp(server.deps, { staticDir: dist });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('gzips hashed assets for clients that accept it, and lets them be cached for good', async () => {
    const res = await app.request('/assets/index-abc123.js', {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.length).toBeLessThan(script.length / 10);
  });

  it('sends the build’s .br or .gz twin as it is, by what the client accepts', async () => {
    const cases: [string | undefined, string | null, (b: Buffer) => Buffer][] = [
      ['gzip, deflate, br, zstd', 'br', (b) => zlib.brotliDecompressSync(b)],
      ['gzip', 'gzip', (b) => zlib.gunzipSync(b)],
      [undefined, null, (b) => b],
    ];
    for (const [accept, encoding, decode] of cases) {
      const res = await app.request('/assets/built-def456.js', {
        headers: accept ? { 'accept-encoding': accept } : {},
      });
      expect(res.status, accept).toBe(200);
      expect(res.headers.get('content-encoding'), accept).toBe(encoding);
      expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      if (encoding) expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
      const body = Buffer.from(await res.arrayBuffer());
      expect(decode(body).toString()).toBe(script);
    }
  });

  it('sends assets uncompressed to clients that do not accept gzip', async () => {
    const res = await app.request('/assets/index-abc123.js');
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(await res.text()).toBe(script);
  });

  it('answers app paths with index.html, never cached as immutable', async () => {
    const res = await app.request('/alice/some-dashboard');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<div id="root">');
    expect(res.headers.get('cache-control')).toBeNull();
  });

  it('does not compress API answers', async () => {
    const res = await app.request('/api/health', { headers: { 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBeNull();
  });
});
