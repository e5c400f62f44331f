import fs from 'node:fs';
import path from 'node:path';
import { quoteLiteral, type TrustedDuck } from './duck.js';

export type ParquetStats = {
  columns: { name: string; type: string; nullable: boolean }[];
  rowCount: number;
  sizeBytes: number;
};

/** Columns, rows and bytes of the Parquet files in a folder (a lake snapshot). */
export async function parquetStats(duck: TrustedDuck, dir: string): Promise<ParquetStats> {
  const glob = quoteLiteral(path.join(dir, '*.parquet'));
  return duck.withConnection(async (conn) => {
    const cols = await conn.runAndReadAll(`DESCRIBE SELECT * FROM read_parquet(${glob})`);
    const columns = cols.getRowObjectsJson().map((r) => ({
      name: String(r.column_name),
      type: String(r.column_type),
      nullable: r.null !== 'NO',
    }));
    const count = await conn.runAndReadAll(
      `SELECT count(*)::BIGINT AS n FROM read_parquet(${glob})`,
    );
    const rowCount = Number(count.getRowObjectsJson()[0]!.n);
    let sizeBytes = 0;
    for (const f of fs.readdirSync(dir)) sizeBytes += fs.statSync(path.join(dir, f)).size;
    return { columns, rowCount, sizeBytes };
  });
}
