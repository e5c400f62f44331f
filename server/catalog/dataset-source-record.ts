import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { SOURCE_FILES } from '../lake/lake-table.js';

/**
 * The record, in each dataset snapshot, of the source files its rows came from (SOURCE_FILES):
 * how a sync finds the files of a source that are not in the table yet, and the files that
 * changed after they were read (which it reports and never reads twice); and, for copied
 * tables, each file's content hash and when it was added, so the same content is not appended
 * twice (duplicateProblem).
 */
export type SourceFileEntry = {
  path: string;
  size: number;
  mtime: number;
  /** SHA-256 of the file's bytes, with the partition folders it sat in (copied tables only). */
  sha256?: string;
  /** When its rows were added to the table (ISO 8601). */
  at?: string;
};

/** The files a snapshot's rows came from; none for a snapshot written before the record. */
export function readSourceRecord(snapshotDir: string): SourceFileEntry[] {
  const file = path.join(snapshotDir, SOURCE_FILES);
  if (!fs.existsSync(file)) return [];
  const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as { files?: unknown };
  if (!Array.isArray(parsed.files)) throw new Error(`${file} does not list files`);
  return parsed.files as SourceFileEntry[];
}

/**
 * Writes a snapshot's record: the previous snapshot's entries, then the files just read (with
 * their hashes, when known: `hashes[i]` is `files[i]`'s), added `at`.
 */
export function writeSourceRecord(
  snapshotDir: string,
  previous: SourceFileEntry[],
  files: string[],
  hashes: (string | undefined)[] = [],
  at?: string,
): void {
  const entries = [...previous, ...files.map((f, i) => ({ ...entryOf(f), sha256: hashes[i], at }))];
  fs.writeFileSync(path.join(snapshotDir, SOURCE_FILES), JSON.stringify({ files: entries }));
}

function entryOf(file: string): SourceFileEntry {
  const st = fs.statSync(file);
  return { path: file, size: st.size, mtime: Math.round(st.mtimeMs) };
}

/**
 * The identity of a file's rows: the SHA-256 of its bytes (streamed, never held whole) and, for
 * a partitioned table, the `key=value` folders it sits in (they are columns of its rows, so the
 * same file in another day's folder holds other rows).
 */
export async function contentHash(file: string, partition: string[] = []): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(fs.createReadStream(file), hash);
  const digest = hash.digest('hex');
  return partition.length ? `${digest}:${partition.join('/')}` : digest;
}

/**
 * Why adding files (with their hashes and row counts) would add rows a second time, or null:
 * a file with rows whose content is already in the table (`recorded`), or twice among `files`.
 * Files without rows add nothing, so they may repeat (a header-only CSV of a quiet day).
 */
export function duplicateProblem(
  recorded: SourceFileEntry[],
  files: { path: string; sha256: string; rows: number }[],
): string | null {
  const known = new Map<string, SourceFileEntry>();
  for (const e of recorded) if (e.sha256) known.set(e.sha256, e);
  const again = 'nothing was added; --allow-duplicate adds it anyway';
  for (const f of files) {
    if (f.rows === 0) continue;
    const was = known.get(f.sha256);
    if (was?.at)
      return `${f.path} has the same content as ${was.path}, whose rows were added to the table at ${was.at}; ${again}`;
    if (was)
      return `${f.path} has the same content as ${was.path}, given twice in this source; ${again}`;
    known.set(f.sha256, { path: f.path, size: 0, mtime: 0, sha256: f.sha256 });
  }
  return null;
}

/**
 * Splits a source's files by the record: `fresh` are not in it; `changed` are in it but differ
 * in size or modification time from when they were read.
 */
export function compareWithRecord(
  files: string[],
  record: SourceFileEntry[],
): { fresh: string[]; changed: string[] } {
  const known = new Map(record.map((e) => [e.path, e]));
  const fresh: string[] = [];
  const changed: string[] = [];
  for (const f of files) {
    const was = known.get(f);
    if (!was) fresh.push(f);
    else {
      const now = entryOf(f);
      if (now.size !== was.size || now.mtime !== was.mtime) changed.push(f);
    }
  }
  return { fresh, changed };
}
