import fs from 'node:fs';
import path from 'node:path';
import { conflict } from '../errors.js';

/**
 * One admin command at a time per dataset, across processes: a lock file beside the table's
 * snapshot folders, holding the owner's pid. A lock whose process is gone (killed mid-import)
 * is taken over. Returns the release.
 */
export function lockTable(tableDir: string, label: string): () => void {
  fs.mkdirSync(path.dirname(tableDir), { recursive: true });
  const file = `${tableDir}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => fs.rmSync(file, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(fs.readFileSync(file, 'utf8'));
      if (alive(pid)) throw conflict(`another admin command (pid ${pid}) is changing ${label}`);
      fs.rmSync(file, { force: true });
    }
  }
  throw conflict(`could not lock ${label}`);
}

function alive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The snapshot folders of a table's folder other than `current` (left by a killed command). */
export function strayFolders(tableDir: string, current: string | null): string[] {
  if (!fs.existsSync(tableDir)) return [];
  return fs
    .readdirSync(tableDir)
    .map((f) => path.join(tableDir, f))
    .filter((f) => f !== current);
}
