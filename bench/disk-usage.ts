import fs from 'node:fs';
import path from 'node:path';

/** Total size of the files under `dir`, at any depth (0 if it does not exist). */
export function bytesUnder(dir: string): number {
  let n = 0;
  try {
    for (const e of fs.readdirSync(dir, { withFileTypes: true, recursive: true }))
      if (e.isFile()) n += fs.statSync(path.join(e.parentPath, e.name)).size;
  } catch {
    // a file went away while it was measured: the next sample counts again
  }
  return n;
}

/** Runs `fn`, sampling the bytes under `dir` every 100 ms; returns the largest sample too. */
export async function spilling<T>(
  dir: string,
  fn: () => Promise<T>,
): Promise<T & { spilled: number }> {
  let spilled = 0;
  const timer = setInterval(() => (spilled = Math.max(spilled, bytesUnder(dir))), 100);
  try {
    return { ...(await fn()), spilled: Math.max(spilled, bytesUnder(dir)) };
  } finally {
    clearInterval(timer);
  }
}
