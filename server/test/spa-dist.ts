import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ViteManifest } from '../http/spa-page.js';

/**
 * A built app's folder for API tests of the pages the server serves: `index` as index.html and
 * `manifest` as Vite's manifest, in a temporary folder (`remove` deletes it).
 */
export function fakeDist(
  index: string,
  manifest: ViteManifest,
): { dir: string; remove: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-dist-'));
  fs.mkdirSync(path.join(dir, '.vite'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'index.html'), index);
  fs.writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
