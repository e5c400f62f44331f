import fs from 'node:fs';
import path from 'node:path';
import { redactedUrl } from './config.js';

/**
 * Creates DATA_DIR if needed and proves it writable (a probe file is written and removed), so
 * an unusable folder stops the server with a message naming it, not a store's own error.
 */
export function checkDataDir(dir: string): void {
  try {
    fs.mkdirSync(dir, { recursive: true });
    const probe = path.join(dir, `.write-probe-${process.pid}`);
    fs.writeFileSync(probe, '');
    fs.rmSync(probe);
  } catch (err) {
    const reason = (err as NodeJS.ErrnoException).code ?? (err as Error).message;
    throw new Error(
      `DATA_DIR ${dir} is not a writable folder (${reason}); set DATA_DIR to a folder this user can write`,
    );
  }
}

/**
 * The file in DATA_DIR that says its metadata store is in PostgreSQL (a cluster's, or a single
 * node's started with DATABASE_URL). Every node writes it at start; without DATABASE_URL, the
 * server and the admin CLI refuse such a folder instead of creating a SQLite store in it that no
 * node reads (`refuseSqliteOnPostgresDataDir`).
 */
export const POSTGRES_MARKER = 'metadata-store.json';

/** Records in `dir` that its metadata store is the PostgreSQL database at `databaseUrl`. */
export function markPostgresDataDir(dir: string, databaseUrl: string): void {
  const file = path.join(dir, POSTGRES_MARKER);
  if (fs.existsSync(file)) return;
  const body = {
    store: 'postgresql',
    database: redactedUrl(databaseUrl),
    note: 'The metadata of this DATA_DIR is in PostgreSQL: run servers and `npm run admin` with DATABASE_URL set to this database.',
  };
  writeFileWhole(file, `${JSON.stringify(body, null, 2)}\n`);
}

/** Writes `file` under another name, then renames it: a reader never sees half of it. */
export function writeFileWhole(file: string, text: string): void {
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, text);
  fs.renameSync(tmp, file);
}

/**
 * Throws when `dir` belongs to a PostgreSQL store (POSTGRES_MARKER), for a server or CLI about to
 * open a SQLite store there because DATABASE_URL is unset: what it wrote would be seen by nobody.
 */
export function refuseSqliteOnPostgresDataDir(dir: string): void {
  const file = path.join(dir, POSTGRES_MARKER);
  let database: string;
  try {
    const body = JSON.parse(fs.readFileSync(file, 'utf8')) as { database?: unknown };
    database = typeof body.database === 'string' ? body.database : 'PostgreSQL';
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    database = 'PostgreSQL';
  }
  throw new Error(
    `DATA_DIR ${dir} belongs to a Strata whose metadata store is in PostgreSQL (${database}, ` +
      `recorded in ${file}), but DATABASE_URL is not set. Set DATABASE_URL to that database; ` +
      'without it, a separate SQLite store would be created here that no node reads.',
  );
}
