import fs from 'node:fs';
import { once } from 'node:events';
import { pipeline } from 'node:stream/promises';
import duckdb from '@duckdb/node-bindings';
import type { DuckDBConnection } from '@duckdb/node-api';
import {
  Field,
  RecordBatch,
  RecordBatchStreamWriter,
  Schema,
  Struct,
  makeData,
} from 'apache-arrow';
import { columnOf, ColumnBuilder } from './result-arrow-columns.js';

/**
 * An Arrow IPC stream of a DuckDB query's rows, made from DuckDB's own vectors: DuckDB's flat
 * vectors of fixed-width values and its validity masks are laid out as Arrow's (little-endian
 * values, a bit per row with 1 = valid), so they are copied as bytes; strings and blobs are
 * gathered into Arrow's offsets and bytes; booleans are packed into bits. No value becomes a JS
 * object. The node-api has no Arrow export and DuckDB's arrow extension is not built in.
 */

/** Rows per Arrow record batch: few enough batches that their framing costs little. */
const BATCH_ROWS = 64 * 1024;

/**
 * Writes every row `sql` answers to `file` as an Arrow IPC stream (a batch per DuckDB chunk);
 * its columns must be of ARROW_NATIVE types. Returns the number of rows. A failure leaves no
 * file.
 */
export async function writeArrowStream(
  conn: DuckDBConnection,
  sql: string,
  file: string,
): Promise<number> {
  const out = fs.createWriteStream(file);
  try {
    const result = await conn.stream(sql);
    const types = result.columnTypes();
    const columns = types.map(columnOf);
    const schema = new Schema(
      result.columnNames().map((name, i) => new Field(name, columns[i]!.arrow, true)),
    );
    const writer = new RecordBatchStreamWriter();
    const written = pipeline(writer.toNodeStream(), out);
    writer.reset(undefined, schema);
    const builders = columns.map((c) => new ColumnBuilder(c));
    let rows = 0;
    let pending = 0;
    const flush = async () => {
      const children = builders.map((b) => b.finish());
      const data = makeData({ type: new Struct(schema.fields), length: pending, children });
      writer.write(new RecordBatch(schema, data));
      pending = 0;
      // lets the file catch up, so batches do not pile up in memory
      if (out.writableNeedDrain) await once(out, 'drain');
    };
    for (;;) {
      const chunk = await result.fetchChunk();
      if (!chunk || chunk.rowCount === 0) break;
      const n = chunk.rowCount;
      builders.forEach((b, i) => b.append(duckdb.data_chunk_get_vector(chunk.chunk, i), n));
      rows += n;
      pending += n;
      if (pending >= BATCH_ROWS) await flush();
    }
    if (pending > 0) await flush();
    writer.finish();
    await written;
    return rows;
  } catch (err) {
    out.destroy();
    fs.rmSync(file, { force: true });
    throw err;
  }
}
