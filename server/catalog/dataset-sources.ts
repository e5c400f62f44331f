import fs from 'node:fs';
import path from 'node:path';
import { invalid } from '../errors.js';
import { quoteLiteral, type TrustedDuck } from '../engine/duck.js';
import { filesUnder } from '../engine/parquet-stats.js';

/** The formats a dataset's files may have; the lake holds Parquet whatever came in. */
export const DATASET_FORMATS = ['parquet', 'csv', 'ndjson'] as const;
export type DatasetFormat = (typeof DATASET_FORMATS)[number];

/** The files an import or append reads, their format, and the folder `key=value/` is relative to. */
export type SourceFiles = { root: string; files: string[]; format: DatasetFormat };

const EXTENSIONS: [RegExp, DatasetFormat][] = [
  [/\.parquet$/i, 'parquet'],
  [/\.(csv|tsv)(\.gz|\.zst)?$/i, 'csv'],
  [/\.(ndjson|jsonl|json)(\.gz|\.zst)?$/i, 'ndjson'],
];

/** The format a file's name says, or undefined. */
export function formatOfName(file: string): DatasetFormat | undefined {
  return EXTENSIONS.find(([re]) => re.test(file))?.[1];
}

export function parseFormat(text: string | undefined): DatasetFormat | undefined {
  if (text === undefined) return undefined;
  if (!(DATASET_FORMATS as readonly string[]).includes(text))
    throw invalid(`--format is one of ${DATASET_FORMATS.join(', ')}, not "${text}"`);
  return text as DatasetFormat;
}

const GLOB = /[*?[{]/;
/** Hidden files and markers (`.crc`, `_SUCCESS`) that folders of data files often hold. */
const skipped = (file: string) => /^[._]/.test(path.basename(file));

/**
 * The data files `source` names: a file, every data file under a folder (at any depth, hidden and
 * `_` files left out), or the files a glob matches (DuckDB's glob, so `**` works). With
 * `format`, a folder's files of other formats are left out; without it, the files' names decide
 * and must agree. Each problem is an `invalid` error naming the source.
 */
export async function sourceFiles(
  duck: TrustedDuck,
  source: string,
  format: DatasetFormat | undefined,
): Promise<SourceFiles> {
  const abs = path.resolve(source);
  let root: string;
  let files: string[];
  const stat = fs.statSync(abs, { throwIfNoEntry: false });
  if (stat?.isFile()) {
    root = path.dirname(abs);
    files = [abs];
  } else if (stat?.isDirectory()) {
    root = abs;
    files = filesUnder(abs)
      .filter((f) => !skipped(f) && formatOfName(f) !== undefined)
      .filter((f) => format === undefined || formatOfName(f) === format);
    if (files.length === 0)
      throw invalid(
        `the folder ${abs} is empty: it holds no ${format ?? 'Parquet, CSV or NDJSON'} files`,
      );
  } else if (GLOB.test(source)) {
    root = globRoot(abs);
    files = await duck.withConnection(async (conn) => {
      const r = await conn.runAndReadAll(`SELECT file FROM glob(${quoteLiteral(abs)})`);
      return r.getRowObjectsJson().map((row) => String(row.file));
    });
    files = files.filter((f) => !skipped(f));
    if (files.length === 0) throw invalid(`no file matches ${abs}`);
  } else {
    throw invalid(`no such file or folder: ${abs}`);
  }
  files.sort();
  return { root, files, format: format ?? formatOfNames(files) };
}

/** The folder a glob starts from: its path up to the first segment with a wildcard. */
export function globRoot(glob: string): string {
  const parts = glob.split(path.sep);
  const at = parts.findIndex((p) => GLOB.test(p));
  return parts.slice(0, at).join(path.sep) || path.sep;
}

function formatOfNames(files: string[]): DatasetFormat {
  const formats = new Set(files.map(formatOfName));
  if (formats.has(undefined)) {
    const unknown = files.find((f) => formatOfName(f) === undefined)!;
    throw invalid(`cannot tell the format of ${unknown} from its name; say it with --format`);
  }
  if (formats.size > 1)
    throw invalid(`the source mixes ${[...formats].join(' and ')} files; pick one with --format`);
  return [...formats][0]!;
}

/**
 * The partition keys of a file: its `key=value` folders between `root` and the file, in order.
 */
export function hiveKeys(root: string, file: string): string[] {
  const rel = path.relative(root, path.dirname(file));
  if (rel === '') return [];
  return rel
    .split(path.sep)
    .map((seg) => /^([^=]+)=/.exec(seg)?.[1])
    .filter((k): k is string => k !== undefined);
}

/** The partition keys every file shares; an `invalid` error naming a file that differs. */
export function sharedHiveKeys(root: string, files: string[]): string[] {
  const keys = hiveKeys(root, files[0]!);
  if (keys.length === 0)
    throw invalid(`--hive: ${files[0]} is not in a key=value/ folder under ${root}`);
  for (const f of files) {
    const k = hiveKeys(root, f);
    if (k.join('/') !== keys.join('/'))
      throw invalid(
        `--hive: ${f} is partitioned by ${k.join(', ') || 'nothing'}, the others by ${keys.join(', ')}`,
      );
  }
  return keys;
}

/**
 * For an append to a table partitioned by `keys`: each file must sit in `k1=…/k2=…/` folders,
 * the last ones of its path (so a day's folder itself is a source); an `invalid` error names a
 * file that does not.
 */
export function checkTrailingKeys(files: string[], keys: string[]): void {
  for (const f of files) {
    const segments = path.dirname(f).split(path.sep).slice(-keys.length);
    const got = segments.map((seg) => /^([^=]+)=/.exec(seg)?.[1]);
    if (got.join('/') !== keys.join('/'))
      throw invalid(`${f} is not in ${keys.map((k) => `${k}=…/`).join('')} folders like the table`);
  }
}

/**
 * Resolves linked files to their real paths; refuses any inside `dataDir` (the lake, results
 * and the store must never become readable through a table) and any that is not Parquet.
 */
export function linkablePaths(dataDir: string, src: SourceFiles): string[] {
  if (src.format !== 'parquet')
    throw invalid(
      `--link takes Parquet files only (the source is ${src.format}); import it instead`,
    );
  const inside = fs.realpathSync(dataDir) + path.sep;
  return src.files.map((f) => {
    const real = fs.realpathSync(f);
    if (real.startsWith(inside) || real === inside.slice(0, -1))
      throw invalid(`--link: ${f} is inside DATA_DIR (${dataDir}); link files outside it`);
    return real;
  });
}
