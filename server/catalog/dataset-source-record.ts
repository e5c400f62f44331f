import fs from 'node:fs';
import path from 'node:path';
import { SOURCE_FILES } from '../lake/lake-table.js';

/**
 * The record, in each dataset snapshot, of the source files its rows came from (SOURCE_FILES):
 * how a sync finds the files of a source that are not in the table yet, and the files that
 * changed after they were read (which it reports and never reads twice).
 */
export type SourceFileEntry = { path: string; size: number; mtime: number };

/** The files a snapshot's rows came from; none for a snapshot written before the record. */
export function readSourceRecord(snapshotDir: string): SourceFileEntry[] {
  const file = path.join(snapshotDir, SOURCE_FILES);
  if (!fs.existsSync(file)) return [];
  const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as { files?: unknown };
  if (!Array.isArray(parsed.files)) throw new Error(`${file} does not list files`);
  return parsed.files as SourceFileEntry[];
}

/** Writes a snapshot's record: the previous snapshot's entries, then the files just read. */
export function writeSourceRecord(
  snapshotDir: string,
  previous: SourceFileEntry[],
  files: string[],
): void {
  const entries = [...previous, ...files.map(entryOf)];
  fs.writeFileSync(path.join(snapshotDir, SOURCE_FILES), JSON.stringify({ files: entries }));
}

function entryOf(file: string): SourceFileEntry {
  const st = fs.statSync(file);
  return { path: file, size: st.size, mtime: Math.round(st.mtimeMs) };
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
