import fs from 'node:fs';
import path from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import { ulid } from 'ulid';
import { invalid } from '../errors.js';
import { filesUnder } from '../engine/parquet-stats.js';
import { linkedFiles, writeLinkedFiles } from '../engine/snapshot-read.js';
import {
  GuessRefused,
  appendConversion,
  settleGuesses,
  tableColumns,
  type GivenTypes,
  type TableColumn,
} from './dataset-columns.js';
import {
  copyFile,
  describeFile,
  fitColumns,
  importColumns,
  readerSql,
  tableName,
  type FileColumn,
} from './dataset-files.js';
import {
  contentHash,
  duplicateProblem,
  readSourceRecord,
  writeSourceRecord,
} from './dataset-source-record.js';
import type { SourceFiles } from './dataset-sources.js';
import { SOURCE_FILES } from '../lake/lake-table.js';
import { linkOrCopy } from '../lake/link-or-copy.js';
import { nowIso } from '../store/db.js';

/**
 * What goes into a dataset's new snapshot folder: the source's files checked against the
 * table's columns (the first file's on a first import), then copied as Parquet one file at a
 * time, or, for a linked table, only listed; with `previous`, the previous snapshot's files come
 * first (hard links, or the previous list). Either way the folder records the source files its
 * rows came from (dataset-source-record.ts). A copied file's content is hashed while it is
 * copied, and a file with rows whose content the table already holds (or that the source gives
 * twice) is refused unless `allowDuplicate`: a retried append must not add a day twice. (A
 * linked table refuses a file it already lists, by path, and is never read whole.) An import's
 * columns and types are the first file's, names that are not valid cleaned as uploads clean
 * CSV headers (importColumns; a linked table's are kept as written), integers decided over
 * every file's values and the types given applied (dataset-columns.ts); an append matches each
 * file's columns to the table's (fitColumns) and converts them to the table's types.
 * Returns the table's columns and how many partition folders the data is in.
 */
export async function writeSnapshot(
  conn: DuckDBConnection,
  opts: {
    dir: string;
    src: SourceFiles;
    /** Real paths of the files to link, instead of copying them. */
    linked?: string[];
    keys: string[];
    /** The table's columns (an append); without them, the first file's (an import). */
    columns?: TableColumn[];
    /** Column types the operator gave (an import). */
    types?: GivenTypes;
    previous?: { dir: string; linked: boolean };
    allowDuplicate?: boolean;
  },
): Promise<{ partitions: number; columns: TableColumn[] }> {
  const hive = opts.keys.length > 0;
  const { format, files } = opts.src;
  // queries read linked files as they are, so their columns keep the names they have
  const asWritten = opts.linked !== undefined;
  let table = opts.columns;
  const described: FileColumn[][] = [];
  for (const file of files) {
    const got = await describeFile(conn, format, file, hive);
    table ??= (asWritten ? got : importColumns(got, opts.keys)).map((c) => ({
      name: tableName(c),
      type: c.type,
    }));
    described.push(fitColumns(file, format, table, got, asWritten));
  }
  const reader = (file: string, names: string[]) =>
    readerSql(format, file, hive, {
      columns: described[files.indexOf(file)]!,
      names,
      keys: opts.keys,
    });
  let columns: TableColumn[] = opts.columns
    ? opts.columns.map((c) => ({ ...c, convert: appendConversion(c.type, format) }))
    : await tableColumns(conn, {
        format,
        files,
        first: described[0]!,
        keys: opts.keys,
        given: opts.types ?? {},
        reader,
      });
  const recorded = opts.previous ? readSourceRecord(opts.previous.dir) : [];
  const before = opts.previous?.linked ? linkedFiles(opts.previous.dir) : [];
  if (opts.linked) {
    writeSourceRecord(opts.dir, recorded, opts.src.files, [], nowIso());
    const taken = new Set(before);
    const again = opts.linked.find((f) => taken.has(f));
    if (again) throw invalid(`${again} is already part of the table`);
    const all = [...before, ...opts.linked];
    writeLinkedFiles(opts.dir, all);
    return {
      partitions: hive ? new Set(all.map((f) => path.dirname(f))).size : 0,
      columns,
    };
  }
  if (opts.previous) carryOver(opts.previous.dir, opts.dir);
  // hashed one file after the other while DuckDB copies them
  const hashing = hashAll(opts.src.files, opts.keys.length);
  hashing.catch(() => {}); // awaited below, unless a copy fails first
  const copyAll = async () => {
    const rows: number[] = [];
    const prefix = ulid();
    for (const [i, file] of files.entries())
      rows[i] = await copyFile(conn, {
        format,
        file,
        columns,
        got: described[i]!,
        keys: opts.keys,
        dir: opts.dir,
        name: `${prefix}-${String(i).padStart(6, '0')}`,
      });
    return rows;
  };
  let rows: number[];
  try {
    rows = await copyAll();
  } catch (err) {
    if (!(err instanceof GuessRefused)) throw err;
    // an import's guess of BIGINT met other values: decided from all of them, copied again
    // (only an import guesses, and its folder holds nothing but what this copy wrote)
    columns = await settleGuesses(conn, { files, columns, reader });
    for (const f of fs.readdirSync(opts.dir))
      fs.rmSync(path.join(opts.dir, f), { recursive: true, force: true });
    rows = await copyAll();
  }
  const hashes = await hashing;
  if (!opts.allowDuplicate) {
    const problem = duplicateProblem(
      recorded,
      opts.src.files.map((f, i) => ({ path: f, sha256: hashes[i]!, rows: rows[i]! })),
    );
    if (problem) throw invalid(problem);
  }
  writeSourceRecord(opts.dir, recorded, opts.src.files, hashes, nowIso());
  const written = filesUnder(opts.dir).filter((f) => f.endsWith('.parquet'));
  return {
    partitions: hive ? new Set(written.map((f) => path.dirname(f))).size : 0,
    columns,
  };
}

/** The content hashes of files, one after the other; with `keys`, with their partition folders. */
async function hashAll(files: string[], keys: number): Promise<string[]> {
  const out: string[] = [];
  for (const f of files)
    out.push(await contentHash(f, keys ? path.dirname(f).split(path.sep).slice(-keys) : []));
  return out;
}

/** Hard links (copies where linking fails) to every data file of a snapshot, at the same places. */
function carryOver(from: string, to: string): void {
  for (const f of filesUnder(from)) {
    if (path.basename(f) === SOURCE_FILES) continue;
    const target = path.join(to, path.relative(from, f));
    fs.mkdirSync(path.dirname(target), { recursive: true });
    linkOrCopy(f, target);
  }
}
