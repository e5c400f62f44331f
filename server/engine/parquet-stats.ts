import fs from 'node:fs';
import path from 'node:path';
import type { SnapshotLayout } from '../lake/lake-table.js';
import type { TrustedDuck } from './duck.js';
import { snapshotRead } from './snapshot-read.js';

export type ParquetStats = {
  columns: { name: string; type: string; nullable: boolean }[];
  rowCount: number;
  sizeBytes: number;
};

/**
 * Columns, rows and bytes of a lake snapshot (a folder of Parquet files, or of `key=value/`
 * folders of them, or the list of linked files), read as the sandbox reads it.
 */
export async function parquetStats(
  duck: TrustedDuck,
  dir: string,
  layout?: SnapshotLayout,
): Promise<ParquetStats> {
  const read = snapshotRead(path.dirname(dir), path.basename(dir), layout);
  return duck.withConnection(async (conn) => {
    const cols = await conn.runAndReadAll(`DESCRIBE SELECT * FROM ${read.from}`);
    const columns = cols.getRowObjectsJson().map((r) => ({
      name: String(r.column_name),
      type: String(r.column_type),
      nullable: r.null !== 'NO',
    }));
    const count = await conn.runAndReadAll(`SELECT count(*)::BIGINT AS n FROM ${read.from}`);
    const rowCount = Number(count.getRowObjectsJson()[0]!.n);
    const files = layout?.linked
      ? read.paths
      : filesUnder(dir).filter((f) => f.endsWith('.parquet'));
    const sizeBytes = files.reduce((sum, f) => sum + fs.statSync(f).size, 0);
    return { columns, rowCount, sizeBytes };
  });
}

/** Every file under a folder, at any depth. */
export function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}
