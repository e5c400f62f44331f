import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PreviewCache } from './preview-cache.js';

const dirs: string[] = [];
function cacheDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-previews-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

const bytes = (n: number, fill: number) => new Uint8Array(n).fill(fill);

/** A render that finishes when `release` is called, counting its calls. */
function slowMake(png: Uint8Array) {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const make = Object.assign(
    async () => {
      make.calls++;
      await gate;
      return png;
    },
    { calls: 0 },
  );
  return { make, release };
}

describe('PreviewCache', () => {
  it('renders a key once however many ask at the same time, then reads it from disk', async () => {
    const dir = cacheDir();
    const cache = new PreviewCache(dir);
    const { make, release } = slowMake(bytes(10, 1));
    const first = cache.get('d1', 'k1', make);
    const second = cache.get('d1', 'k1', make);
    release();
    const [a, b] = await Promise.all([first, second]);
    expect(make.calls).toBe(1);
    expect(Buffer.compare(a.bytes, b.bytes)).toBe(0);
    expect(a.etag).toBe(PreviewCache.etagOf('k1'));
    // Another cache over the same folder (another node, a restart) reads the file.
    const other = new PreviewCache(dir);
    const again = await other.get('d1', 'k1', async () => bytes(10, 9));
    expect([...again.bytes]).toEqual([...a.bytes]);
    expect(fs.readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('replaces a subject’s image when its key changes, and keeps other subjects’', async () => {
    const dir = cacheDir();
    const cache = new PreviewCache(dir);
    await cache.get('d1', 'old', async () => bytes(5, 1));
    await cache.get('v2', 'other', async () => bytes(5, 2));
    await cache.get('d1', 'new', async () => bytes(5, 3));
    const names = () => fs.readdirSync(dir).sort();
    await expect
      .poll(names)
      .toEqual(
        [`d1-${PreviewCache.etagOf('new')}.png`, `v2-${PreviewCache.etagOf('other')}.png`].sort(),
      );
  });

  it('deletes the least recently used images past its size bound', async () => {
    const dir = cacheDir();
    const roomy = new PreviewCache(dir);
    for (const [i, s] of ['a', 'b', 'c'].entries()) {
      await roomy.get(s, s, async () => bytes(10, i));
      // Distinct times of use, oldest first.
      const at = new Date(Date.now() - (10 - i) * 1000);
      fs.utimesSync(path.join(dir, `${s}-${PreviewCache.etagOf(s)}.png`), at, at);
    }
    // Reading `a` makes it the most recently used.
    const cache = new PreviewCache(dir, 25);
    expect((await cache.get('a', 'a', async () => bytes(10, 7))).bytes[0]).toBe(0);
    await cache.evict();
    expect(fs.readdirSync(dir).sort()).toEqual(
      [`a-${PreviewCache.etagOf('a')}.png`, `c-${PreviewCache.etagOf('c')}.png`].sort(),
    );
  });

  it('keeps nothing of a render that failed, and tries again next time', async () => {
    const dir = cacheDir();
    const cache = new PreviewCache(dir);
    await expect(cache.get('d1', 'k', () => Promise.reject(new Error('boom')))).rejects.toThrow(
      'boom',
    );
    expect(fs.existsSync(dir) ? fs.readdirSync(dir) : []).toEqual([]);
    expect((await cache.get('d1', 'k', async () => bytes(3, 1))).bytes.length).toBe(3);
  });
});
