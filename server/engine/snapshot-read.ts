import fs from 'node:fs';
import path from 'node:path';
import { LINKED_FILES, type SnapshotLayout } from '../lake/lake-table.js';
import { quoteLiteral } from './duck.js';

/**
 * How DuckDB reads one lake snapshot, and exactly what it must be allowed to read for that:
 * `from` is the table function, `dirs` the folders for `allowed_directories` and `paths` the
 * files for `allowed_paths`. The one place that knows the layouts of lake_table.ts:
 *
 * - flat: `<snapshot>/*.parquet`, the folder allowed;
 * - hive: `<snapshot>/**\/*.parquet` with hive_partitioning, so `key=value/` folders are columns
 *   and a filter on one reads only its files; the folder allowed;
 * - linked: the files listed in `<snapshot>/linked.json` (outside the lake), each allowed by
 *   path and nothing beside them (hive_partitioning as the table says).
 */
export type SnapshotRead = { from: string; dirs: string[]; paths: string[] };

const FLAT: SnapshotLayout = { hive: false, linked: false };

export function snapshotRead(
  lakeRoot: string,
  snapshot: string,
  layout: SnapshotLayout = FLAT,
): SnapshotRead {
  const dir = path.join(lakeRoot, snapshot);
  const hive = `hive_partitioning = ${layout.hive}`;
  if (layout.linked) {
    const files = linkedFiles(dir);
    const list = files.map(quoteLiteral).join(', ');
    return { from: `read_parquet([${list}], ${hive})`, dirs: [], paths: files };
  }
  const glob = path.join(dir, layout.hive ? '**/*.parquet' : '*.parquet');
  return {
    from: `read_parquet(${quoteLiteral(glob)}, ${hive})`,
    dirs: [dir + path.sep],
    paths: [],
  };
}

/** The files a linked snapshot folder lists. */
export function linkedFiles(dir: string): string[] {
  const parsed = JSON.parse(fs.readFileSync(path.join(dir, LINKED_FILES), 'utf8')) as {
    files?: unknown;
  };
  if (!Array.isArray(parsed.files) || !parsed.files.every((f) => typeof f === 'string'))
    throw new Error(`${path.join(dir, LINKED_FILES)} does not list files`);
  return parsed.files as string[];
}

/**
 * The first file of a linked snapshot that is no longer where the table says (moved or deleted
 * after it was linked), or undefined: what a failed read of a linked table is checked for.
 */
export function missingLinkedFile(
  lakeRoot: string,
  snapshot: string,
  layout: SnapshotLayout = FLAT,
): string | undefined {
  if (!layout.linked) return undefined;
  return linkedFiles(path.join(lakeRoot, snapshot)).find((f) => !fs.existsSync(f));
}

/** Writes the list of a linked snapshot (its folder must exist). */
export function writeLinkedFiles(dir: string, files: string[]): void {
  fs.writeFileSync(path.join(dir, LINKED_FILES), JSON.stringify({ files }));
}
