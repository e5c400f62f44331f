import fs from 'node:fs';
import path from 'node:path';
import { runAdmin } from '../cli/admin.js';
import { TrustedDuck } from '../engine/duck.js';
import { filesUnder } from '../engine/parquet-stats.js';
import { Lake, type LakeTable } from '../lake/lake.js';
import { openDb } from '../store/db.js';
import { openStore } from '../store/open.js';
import { sqliteStore } from '../store/store.js';

/**
 * The admin CLI over one DATA_DIR for tests (`dataDir` is read at each call, so a suite may set
 * it in beforeAll): run a command, read a table, and the catalog's state (the registry and the
 * lake's files) to check that a failed command changed neither.
 */
export function adminCli(dataDir: () => string) {
  const withLake = async <T>(fn: (lake: Lake) => Promise<T>): Promise<T> => {
    const db = openDb(dataDir());
    const duck = await TrustedDuck.create();
    try {
      return await fn(new Lake(sqliteStore(db), dataDir(), duck));
    } finally {
      duck.close();
      db.close();
    }
  };
  return {
    async run(...args: string[]) {
      const out: string[] = [];
      const err: string[] = [];
      const code = await runAdmin(
        args,
        { out: (l) => out.push(l), err: (l) => err.push(l) },
        () => openStore({ dataDir: dataDir(), databaseUrl: undefined }),
        dataDir,
      );
      return { code, out: out.join('\n'), err: err.join('\n') };
    },
    table: (schema: string, name: string): Promise<LakeTable | undefined> =>
      withLake((lake) => lake.get('', schema, name)),
    catalogState: () =>
      withLake(async (lake) => {
        const tables = await lake.all();
        const root = path.join(dataDir(), 'lake');
        return {
          tables: tables.map((t) => [t.schema_name, t.table_name, t.kind, t.snapshot, t.row_count]),
          files: fs.existsSync(root) ? filesUnder(root).sort() : [],
        };
      }),
  };
}
