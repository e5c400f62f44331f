import fs from 'node:fs';
import path from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import { ulid } from 'ulid';
import { quoteIdent, quoteLiteral } from '../engine/duck.js';
import { STORAGE_TYPE, type UploadColumn } from './column-types.js';
import { linkOrCopy } from '../lake/link-or-copy.js';
import { PARQUET_WRITE } from '../lake/parquet-write.js';

/**
 * Files of an upload snapshot. A snapshot is a folder of Parquet files `part-<ulid>.parquet`,
 * read in name order (= the order they were written). Files never change once written, so an
 * append makes the new snapshot from hard links to the previous one's files plus one new file;
 * past MAX_FILES parts they are compacted into one.
 */

export const MAX_FILES = 32;

export const newPartFile = (dir: string) => path.join(dir, `part-${ulid()}.parquet`);

export const partsOf = (dir: string) =>
  fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.parquet'))
    .sort()
    .map((f) => path.join(dir, f));

export const sizeOf = (dir: string) =>
  partsOf(dir).reduce((sum, f) => sum + fs.statSync(f).size, 0);

/** Writes a Parquet file with the columns and no rows (a table's schema). */
export async function writeEmpty(conn: DuckDBConnection, columns: UploadColumn[], file: string) {
  const select = columns
    .map((c) => `CAST(NULL AS ${STORAGE_TYPE[c.type]}) AS ${quoteIdent(c.name)}`)
    .join(', ');
  await conn.run(`COPY (SELECT ${select} LIMIT 0) TO ${quoteLiteral(file)} (${PARQUET_WRITE})`);
}

/**
 * Puts the previous snapshot's rows in `dir` before `added` (files already in `dir`, named after
 * the previous ones): hard links (copies where linking fails), or one compacted file when there
 * would be too many.
 */
export async function carryOver(
  conn: DuckDBConnection,
  opts: { previousDir: string; dir: string; added: string[] },
) {
  const previous = partsOf(opts.previousDir);
  if (previous.length === 0) return;
  if (previous.length + opts.added.length > MAX_FILES) {
    const files = [...previous, ...opts.added];
    await conn.run(
      `COPY (SELECT * FROM read_parquet([${files.map(quoteLiteral).join(', ')}]))
       TO ${quoteLiteral(newPartFile(opts.dir))} (${PARQUET_WRITE})`,
    );
    for (const f of opts.added) fs.rmSync(f);
    return;
  }
  for (const f of previous) {
    linkOrCopy(f, path.join(opts.dir, path.basename(f)));
  }
}
