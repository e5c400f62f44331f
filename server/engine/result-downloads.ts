import fs from 'node:fs';
import path from 'node:path';
import { ulid } from 'ulid';
import type { ParquetCompression } from '../../contract/executions.js';
import { PARQUET_WRITE } from '../lake/parquet-write.js';
import { firstColumn, quoteIdent, quoteLiteral, type TrustedDuck } from './duck.js';
import { writeArrowStream } from './result-arrow.js';
import { ARROW_NATIVE } from './result-arrow-columns.js';
import { csvValueSql } from './result-types.js';
import {
  guarded,
  isWholeResult,
  resultRowsSql,
  type ResultSource,
  type ShapeParams,
} from './results.js';

/**
 * A whole result as a file in a format data tools read (a Strata extension beside CSV): Parquet,
 * the form Strata stores results in, or an Arrow IPC stream. Shaped by `columns`, `sort_by` and
 * `filters` as its JSON and CSV pages are; never read into JS values.
 */

export type DownloadFormat = 'parquet' | 'arrow';

/** DuckDB's default, which results are written with (engine/sandbox.ts). */
const STORED_COMPRESSION: ParquetCompression = 'snappy';

export type DownloadParams = ShapeParams & { compression?: ParquetCompression };

/** A download's file: the stored result itself (kept), or one written for it (deleted once sent). */
export type Download = { file: string; temporary: boolean };

/**
 * A column's value in an Arrow download: as it is stored when Arrow has the type, else the text
 * the CSV read gives it (lists, structs and maps as JSON; 128-bit integers as digits; intervals,
 * UUIDs and the like as DuckDB writes them).
 */
const arrowValueSql = (column: string, storedType: string) =>
  ARROW_NATIVE.test(storedType) ? quoteIdent(column) : csvValueSql(column, storedType);

/**
 * The download of `src` in `format` shaped by `p`. A whole Parquet result in its stored
 * compression is the stored file; anything else is written by DuckDB (Parquet) or from DuckDB's
 * vectors (Arrow, result-arrow.ts) to a file under `dir`.
 */
export async function writeDownload(
  duck: TrustedDuck,
  dir: string,
  src: ResultSource,
  format: DownloadFormat,
  p: DownloadParams,
): Promise<Download> {
  const stored = (p.compression ?? STORED_COMPRESSION) === STORED_COMPRESSION;
  if (format === 'parquet' && stored && isWholeResult(src, p))
    return { file: src.file, temporary: false };
  const file = path.join(dir, `${ulid()}.${format === 'parquet' ? 'parquet' : 'arrows'}`);
  const rows = resultRowsSql(
    src,
    p,
    format === 'parquet' ? (column) => quoteIdent(column) : arrowValueSql,
  );
  await guarded(() =>
    duck.withConnection(async (conn) => {
      if (format === 'arrow') return writeArrowStream(conn, rows, file);
      const options = `${PARQUET_WRITE}, COMPRESSION ${p.compression ?? STORED_COMPRESSION}`;
      return firstColumn(conn, `COPY (${rows}) TO ${quoteLiteral(file)} (${options})`).catch(
        (err: unknown) => {
          fs.rmSync(file, { force: true });
          throw err;
        },
      );
    }),
  );
  return { file, temporary: true };
}
