import fs from 'node:fs';
import { parquetMetadata } from 'hyparquet';

/** A result's rows and the raw (uncompressed) size of its values, as its Parquet footer says. */
export type ParquetTotals = { rows: number; bytes: number };

/** The length of the footer-length field and the closing magic (`PAR1`). */
const TAIL = 8;

/**
 * The totals of the Parquet file at `file` from its footer alone (a read of its last bytes and
 * their parse in this thread), the same figures as DuckDB's parquet_metadata() summed: a run
 * writes its result and learns these without asking the engine a second time, which for a small
 * result cost more than the run itself.
 */
export function parquetTotals(file: string): ParquetTotals {
  const fd = fs.openSync(file, 'r');
  try {
    const size = fs.fstatSync(fd).size;
    if (size < TAIL) throw new Error(`${file} is not a Parquet file (too short)`);
    const tail = Buffer.alloc(TAIL);
    fs.readSync(fd, tail, 0, TAIL, size - TAIL);
    const length = tail.readUInt32LE(0);
    if (length + TAIL > size) throw new Error(`${file} has a footer longer than itself`);
    const footer = Buffer.alloc(length + TAIL);
    fs.readSync(fd, footer, 0, footer.length, size - footer.length);
    const meta = parquetMetadata(footer);
    let bytes = 0n;
    for (const group of meta.row_groups) {
      for (const column of group.columns)
        bytes += BigInt(column.meta_data?.total_uncompressed_size ?? 0n);
    }
    return { rows: Number(meta.num_rows), bytes: Number(bytes) };
  } finally {
    fs.closeSync(fd);
  }
}
