import fs from 'node:fs';
import path from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
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

/** What the Parquet scans of one query read, from DuckDB's profile of it. */
export type ScanProfile = {
  /** Files the scans opened (DuckDB's "Total Files Read"), summed over scans. */
  filesRead: number;
  /** Files the scans' globs or lists matched, before filters on their paths (the m of "Scanning
   * Files: n/m"). */
  filesMatched: number;
  /** The files read, as the profile names them ("Filename(s)": the glob when none was filtered). */
  filenames: string[];
};

type ProfileNode = { extra_info?: Record<string, unknown>; children?: ProfileNode[] };

/** Runs `sql` under EXPLAIN (ANALYZE, FORMAT json) and sums what its table scans read. */
export async function scanProfile(conn: DuckDBConnection, sql: string): Promise<ScanProfile> {
  const r = await conn.runAndReadAll(`EXPLAIN (ANALYZE, FORMAT json) ${sql}`);
  const root = JSON.parse(String(r.getRowObjectsJson()[0]!.explain_value)) as ProfileNode;
  const out: ScanProfile = { filesRead: 0, filesMatched: 0, filenames: [] };
  const visit = (node: ProfileNode) => {
    const info = node.extra_info ?? {};
    if (info['Total Files Read'] !== undefined) {
      const read = Number(info['Total Files Read']);
      out.filesRead += read;
      out.filesMatched += Number(String(info['Scanning Files'] ?? `${read}/${read}`).split('/')[1]);
      const names = info['Filename(s)'];
      if (names !== undefined) out.filenames.push(...String(names).split(/,\s*|\n/));
    }
    for (const c of node.children ?? []) visit(c);
  };
  visit(root);
  return out;
}
