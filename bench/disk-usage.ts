import fs from 'node:fs';
import path from 'node:path';

/**
 * Total size of the files under `dir`, at any depth (0 if it does not exist); only those whose
 * path relative to `dir` passes `only`, when given.
 */
export function bytesUnder(dir: string, only?: (relative: string) => boolean): number {
  let n = 0;
  try {
    for (const e of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
      const file = path.join(e.parentPath, e.name);
      if (e.isFile() && (!only || only(path.relative(dir, file)))) n += fs.statSync(file).size;
    }
  } catch {
    // a file went away while it was measured: the next sample counts again
  }
  return n;
}

/**
 * Runs `fn`, sampling the bytes under `dir` (those `only` passes) every 100 ms; returns the
 * largest sample too.
 */
export async function spilling<T>(
  dir: string,
  fn: () => Promise<T>,
  only?: (relative: string) => boolean,
): Promise<T & { spilled: number }> {
  let spilled = 0;
  const timer = setInterval(() => (spilled = Math.max(spilled, bytesUnder(dir, only))), 100);
  try {
    return { ...(await fn()), spilled: Math.max(spilled, bytesUnder(dir, only)) };
  } finally {
    clearInterval(timer);
  }
}
