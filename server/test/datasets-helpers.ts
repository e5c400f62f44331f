import fs from 'node:fs';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { quoteLiteral } from '../engine/duck.js';

/**
 * Real data files for dataset tests, written by a DuckDB of their own: Parquet from a SELECT,
 * CSV and NDJSON as text.
 */
export async function writeParquet(file: string, select: string): Promise<void> {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const instance = await DuckDBInstance.create(':memory:');
  const conn = await instance.connect();
  try {
    await conn.run(`COPY (${select}) TO ${quoteLiteral(file)} (FORMAT parquet)`);
  } finally {
    conn.closeSync();
    instance.closeSync();
  }
}

export function writeText(file: string, text: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

/** `n` transactions of one day: id, hash, amount (the day is the file's partition folder). */
export const daySelect = (n: number, from = 0) =>
  `SELECT (range + ${from})::BIGINT AS id, 'h' || range AS hash, (range * 1.5)::DOUBLE AS amount FROM range(${n})`;

/** A hive-partitioned folder `block_date=<day>/part-0.parquet` of `perDay` rows a day. */
export async function writeDays(root: string, days: string[], perDay: number): Promise<void> {
  for (const [i, day] of days.entries())
    await writeParquet(
      path.join(root, `block_date=${day}`, 'part-0.parquet'),
      daySelect(perDay, i * perDay),
    );
}
