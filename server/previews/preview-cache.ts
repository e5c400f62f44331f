import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

export type CachedImage = { bytes: Buffer; etag: string };

/** The cache's bound: 64 MiB of PNGs (a card is 40 to 120 KB). */
export const PREVIEW_CACHE_BYTES = 64 * 1024 * 1024;

const hashOf = (key: string) => createHash('sha256').update(key).digest('hex').slice(0, 32);

/**
 * Rendered preview images on disk (DATA_DIR/previews), and first paints of public dashboards
 * (DATA_DIR/previews/first-paint, `.html`), one file per subject (a dashboard, a visualization,
 * a query) and key (what it shows: the visualizations' versions and the
 * executions whose results it draws). A key seen before is read from its file; a new one is made
 * once however many ask at the same time (they wait for the same render), written atomically
 * (a temporary file renamed: nodes sharing DATA_DIR never read half an image), and replaces the
 * subject's older image. Past `maxBytes`, the least recently used images are deleted.
 */
export class PreviewCache {
  private readonly making = new Map<string, Promise<CachedImage>>();
  private evicting: Promise<void> | null = null;
  private evictAgain = false;

  constructor(
    readonly dir: string,
    private readonly maxBytes = PREVIEW_CACHE_BYTES,
    /** The files' extension: `.png` for images, `.html` for first paints (first-paint.ts). */
    private readonly ext = '.png',
  ) {}

  /** The ETag of the image of `key` (the name of its file). */
  static etagOf(key: string): string {
    return hashOf(key);
  }

  /** The image of `subject` for `key`: from disk, or made by `make` (once per key at a time). */
  async get(subject: string, key: string, make: () => Promise<Uint8Array>): Promise<CachedImage> {
    const etag = hashOf(key);
    const name = `${subject}-${etag}${this.ext}`;
    const file = path.join(this.dir, name);
    try {
      const bytes = await fs.readFile(file);
      // Touched, so eviction takes the least recently used first.
      const now = new Date();
      await fs.utimes(file, now, now).catch(() => undefined);
      return { bytes, etag };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
    const going = this.making.get(name);
    if (going) return going;
    const made = this.make(subject, name, etag, make).finally(() => this.making.delete(name));
    this.making.set(name, made);
    return made;
  }

  private async make(
    subject: string,
    name: string,
    etag: string,
    make: () => Promise<Uint8Array>,
  ): Promise<CachedImage> {
    const bytes = Buffer.from(await make());
    await fs.mkdir(this.dir, { recursive: true });
    const tmp = path.join(this.dir, `${name}.${randomUUID()}.tmp`);
    await fs.writeFile(tmp, bytes);
    await fs.rename(tmp, path.join(this.dir, name));
    void this.dropOlder(subject, name).then(() => this.evict());
    return { bytes, etag };
  }

  /** The subject's images of other keys: what it showed before. */
  private async dropOlder(subject: string, keep: string): Promise<void> {
    const names = await fs.readdir(this.dir).catch(() => [] as string[]);
    const prefix = `${subject}-`;
    await Promise.all(
      names
        .filter((n) => n.startsWith(prefix) && n.endsWith(this.ext) && n !== keep)
        .map((n) => fs.rm(path.join(this.dir, n), { force: true })),
    );
  }

  /** Deletes the least recently used images until the rest fit in maxBytes (one pass at a time). */
  evict(): Promise<void> {
    if (this.evicting) {
      this.evictAgain = true;
      return this.evicting;
    }
    this.evicting = this.evictPass()
      .catch(() => undefined)
      .finally(() => {
        this.evicting = null;
        if (this.evictAgain) {
          this.evictAgain = false;
          void this.evict();
        }
      });
    return this.evicting;
  }

  private async evictPass(): Promise<void> {
    const names = await fs.readdir(this.dir).catch(() => [] as string[]);
    const files = (
      await Promise.all(
        names.map(async (n) => {
          const stat = await fs.stat(path.join(this.dir, n)).catch(() => null);
          return stat?.isFile() ? { n, size: stat.size, at: stat.mtimeMs } : null;
        }),
      )
    ).filter((f) => f !== null);
    // A temporary file left by a crash is removed once it is old.
    const stale = files.filter((f) => f.n.endsWith('.tmp') && f.at < Date.now() - 60_000);
    const images = files.filter((f) => f.n.endsWith(this.ext)).sort((a, b) => a.at - b.at);
    let total = images.reduce((s, f) => s + f.size, 0);
    const drop = [...stale];
    for (const f of images) {
      if (total <= this.maxBytes) break;
      drop.push(f);
      total -= f.size;
    }
    await Promise.all(drop.map((f) => fs.rm(path.join(this.dir, f.n), { force: true })));
  }
}
