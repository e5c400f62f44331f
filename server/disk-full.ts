/**
 * Whether an error means the disk (or the quota of the user running Strata) is full, whichever
 * layer raised it: Node's fs, SQLite or DuckDB.
 */
export function isDiskFull(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'ENOSPC' || code === 'EDQUOT' || code === 'SQLITE_FULL') return true;
  return /no space left on device|database or disk is full|disk quota exceeded/i.test(err.message);
}

export const DISK_FULL_MESSAGE =
  'the server is out of disk space; nothing was changed. Try again later';

/** An engine message without the server's own paths: `<DATA_DIR>/results/x` → `results/x`. */
export function withoutServerPaths(message: string, dataDir: string): string {
  const prefix = dataDir.endsWith('/') ? dataDir : `${dataDir}/`;
  return message.split(prefix).join('');
}
