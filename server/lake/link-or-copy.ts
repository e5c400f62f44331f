import fs from 'node:fs';

/**
 * Puts `from`'s bytes at `to` without copying them where the filesystem allows: a hard link
 * (lake files never change once written, so two snapshots may share one), a copy where linking
 * fails (another filesystem, or one without hard links).
 */
export function linkOrCopy(from: string, to: string): void {
  try {
    fs.linkSync(from, to);
  } catch {
    fs.copyFileSync(from, to);
  }
}
