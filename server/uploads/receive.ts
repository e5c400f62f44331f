import path from 'node:path';
import { ulid } from 'ulid';
import type { TrustedDuck } from '../engine/duck.js';
import type { UploadColumn } from './column-types.js';
import { saveBody } from './body-file.js';
import { csvToParquet } from './ingest.js';
import { ndjsonToParquet } from './ingest-ndjson.js';

export type Received = { bytes: number; rows: number; parts: string[] };

/**
 * Receives an insert body into `dir` (streamed to a file, 413 past `maxBytes`) and converts it
 * to one Parquet part there, all or nothing: the first row that does not fit throws a 400 naming
 * its line. (Converting chunks of CSV while the rest arrives was tried: on 2 cores it gained
 * nothing, since receiving and DuckDB compete for the same CPU.)
 */
export async function receiveRows(opts: {
  duck: TrustedDuck;
  source: AsyncIterable<Buffer>;
  format: 'csv' | 'ndjson';
  columns: UploadColumn[];
  dir: string;
  maxBytes: number;
  /** The body may not pause longer than this. */
  idleMs: number;
}): Promise<Received> {
  const file = path.join(opts.dir, `body.${opts.format}`);
  const bytes = await saveBody(opts.source, file, opts.maxBytes, opts.idleMs);
  const out = path.join(opts.dir, `part-${ulid()}.parquet`);
  const convert = opts.format === 'csv' ? csvToParquet : ndjsonToParquet;
  const rows = await opts.duck.withConnection((conn) =>
    convert(conn, { file, columns: opts.columns, out }),
  );
  return { bytes, rows, parts: [out] };
}
