import fs from 'node:fs';

/**
 * What a write refused for want of room says, whichever layer raised it. errno: ENOSPC (the
 * device is full), EDQUOT (the quota of the user running Strata is used up), EFBIG (the file
 * would pass the largest size the process may write: `ulimit -f`, systemd's LimitFSIZE).
 * SQLite: SQLITE_FULL. PostgreSQL: SQLSTATE 53100 disk_full. DuckDB passes only the OS's message.
 */
const NO_ROOM_CODES = new Set(['ENOSPC', 'EDQUOT', 'EFBIG', 'SQLITE_FULL', '53100']);
const NO_ROOM_MESSAGES =
  /no space left on device|database or disk is full|disk quota exceeded|file too large/i;

/**
 * Whether an error means the disk (or the quota or file-size limit of the user running Strata)
 * is full, whichever layer raised it: Node's fs, SQLite, PostgreSQL or DuckDB. A wrapped error is
 * followed through `cause`, a few levels.
 */
export function isDiskFull(err: unknown): boolean {
  let e = err;
  for (let depth = 0; e instanceof Error && depth < 5; depth++, e = e.cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && NO_ROOM_CODES.has(code)) return true;
    if (NO_ROOM_MESSAGES.test(e.message)) return true;
  }
  return false;
}

export const DISK_FULL_MESSAGE =
  'the server is out of disk space; nothing was changed. Try again later';

/** An engine message without the server's own paths: `<DATA_DIR>/results/x` → `results/x`. */
export function withoutServerPaths(message: string, dataDir: string): string {
  const prefix = dataDir.endsWith('/') ? dataDir : `${dataDir}/`;
  return message.split(prefix).join('');
}

/** SQLite's codes of a write that failed: the OS's reason is not in them. */
const SQLITE_WRITE_FAILED = new Set([
  'SQLITE_IOERR_WRITE',
  'SQLITE_IOERR_FSYNC',
  'SQLITE_IOERR_SHMSIZE',
  'SQLITE_IOERR_TRUNCATE',
]);

/** SQLite's default page: what it writes at a time. */
const PAGE_BYTES = 4096;

/**
 * SQLite names a write refused for want of room (SQLITE_FULL) only when the OS says ENOSPC; a
 * quota (EDQUOT) or a file-size limit (EFBIG) comes back as a bare "disk I/O error", and
 * better-sqlite3 does not pass the errno on. So for such an error the disk is asked the same
 * question again: one page written and synced in a scratch file beside `dbFile`, at the offset
 * where the largest of the database's files ends (a file-size limit refuses writes past it; the
 * hole before takes no room). If the disk refuses that for want of room, the error returned
 * says so (its code is the OS's, `cause` is SQLite's); otherwise `err` as it was: a real I/O
 * error stays one.
 */
export function sqliteErrorWithRoomChecked(err: unknown, dbFile: string): unknown {
  const code = (err as { code?: unknown } | undefined)?.code;
  if (!(err instanceof Error) || typeof code !== 'string' || !SQLITE_WRITE_FAILED.has(code))
    return err;
  const refusal = refusalOfRoom(dbFile);
  if (!refusal) return err;
  return Object.assign(new Error(`${err.message}: ${refusal.message}`, { cause: err }), {
    code: refusal.code,
  });
}

function refusalOfRoom(dbFile: string): NodeJS.ErrnoException | undefined {
  const probe = `${dbFile}-room-probe-${process.pid}`;
  let fd: number | undefined;
  try {
    const sizes = ['', '-wal', '-shm'].map(
      (suffix) => fs.statSync(dbFile + suffix, { throwIfNoEntry: false })?.size ?? 0,
    );
    const end = Math.max(...sizes);
    fd = fs.openSync(probe, 'w');
    const page = Buffer.alloc(PAGE_BYTES);
    // A write that crosses a file-size limit is cut short; the next one is refused (EFBIG).
    let done = fs.writeSync(fd, page, 0, PAGE_BYTES, end);
    if (done < PAGE_BYTES) done += fs.writeSync(fd, page, done, PAGE_BYTES - done, end + done);
    fs.fsyncSync(fd);
    return undefined;
  } catch (probeErr) {
    return isDiskFull(probeErr) ? (probeErr as NodeJS.ErrnoException) : undefined;
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
    fs.rmSync(probe, { force: true });
  }
}
