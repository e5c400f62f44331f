/**
 * A process of its own for bench/datasets.ts (part 3): imports one CSV into a fresh DATA_DIR
 * through DatasetsAdmin, as import-dataset does, but with the trusted DuckDB's memory limit
 * lowered to `memoryLimit` (the CLI's is 4GB), spilling to DATA_DIR/tmp. Its own process so that
 * the peak RSS it prints is the import's alone. Prints one JSON line:
 * { ok, error?, rows, ms, rssBefore, maxRss, spilled } (bytes).
 *
 *   node --import tsx bench/dataset-import-memory.ts <DATA_DIR> <file.csv> <memoryLimit>
 */
import fs from 'node:fs';
import path from 'node:path';
import { DatasetsAdmin } from '../server/catalog/datasets-admin.js';
import { TrustedDuck } from '../server/engine/duck.js';
import { Lake } from '../server/lake/lake.js';
import { RetiredSnapshots } from '../server/lake/retired-snapshots.js';
import { openDb } from '../server/store/db.js';
import { sqliteStore } from '../server/store/store.js';
import { spilling } from './disk-usage.js';

const [dataDir, csv, memoryLimit] = process.argv.slice(2) as [string, string, string];
const tempDir = path.join(dataDir, 'tmp');
fs.mkdirSync(tempDir, { recursive: true });
const db = openDb(dataDir);
const duck = await TrustedDuck.create({ threads: 2, memoryLimit, tempDir });
const lake = new Lake(sqliteStore(db), dataDir, duck);
const retired = new RetiredSnapshots(lake.repo, lake.root);
const admin = new DatasetsAdmin({ lake, duck, dataDir, retired });

const rssBefore = process.memoryUsage.rss();
const start = performance.now();
let result: Record<string, unknown>;
try {
  const { table, spilled } = await spilling(tempDir, async () => ({
    table: await admin.import({ name: 'bench.big_csv', source: csv }),
  }));
  result = { ok: true, rows: table.row_count, spilled };
} catch (err) {
  result = { ok: false, error: err instanceof Error ? err.message : String(err), rows: 0 };
}
const ms = performance.now() - start;
const maxRss = process.resourceUsage().maxRSS * 1024;
retired.close();
duck.close();
db.close();
console.log(JSON.stringify({ ...result, ms, rssBefore, maxRss }));
