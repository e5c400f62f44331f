import path from 'node:path';
import type { Config } from '../config.js';
import { quoteLiteral, type TrustedDuck } from '../engine/duck.js';
import { fullName, type Lake, type LakeTable } from '../lake/lake.js';
import { PARQUET_WRITE } from '../lake/parquet-write.js';
import { RetiredSnapshots } from '../lake/retired-snapshots.js';
import {
  ensureDemoDashboard,
  runDemoDashboardQueries,
  type DemoDashboardDeps,
  type DemoRunsDeps,
} from './demo-dashboard.js';
import { DEMO_DATA_VERSION, DEMO_TABLES, type DemoContext } from './demo-data.js';
import { sizes } from './demo-data-sql.js';
import { ensureDemoQueries, type DemoQueriesDeps } from './demo-queries.js';

/** What seeding the demo uses: the parts of the services each step calls (type imports only). */
export type DemoSeedDeps = DemoDataDeps & DemoQueriesDeps & DemoDashboardDeps & DemoRunsDeps;

/**
 * The demo a start with DEMO_DATA gets, each step doing nothing once done: the demo datasets,
 * the `demo` team's example queries, its example dashboard and the first runs of that
 * dashboard's queries (queued, not awaited).
 */
export async function seedDemo(deps: DemoSeedDeps, log: (message: string) => void): Promise<void> {
  await ensureDemoData(deps, log);
  await ensureDemoQueries(deps);
  await ensureDemoDashboard(deps);
  await runDemoDashboardQueries(deps);
}

/** What generating the demo tables uses: the lake it publishes to, DuckDB, the scale. */
export type DemoDataDeps = {
  lake: Pick<Lake, 'all' | 'snapshotDir' | 'publish' | 'repo' | 'root'>;
  duck: Pick<TrustedDuck, 'withConnection'>;
  config: Pick<Config, 'demoScale'>;
};

/**
 * Generates every demo table that is missing (all of them on a first start) or of another
 * generation (DEMO_DATA_VERSION: a data folder made by earlier code) at `config.demoScale`; does
 * nothing when they all are current. Tables are written in dependency order (later ones read
 * earlier snapshots), each published atomically; a regenerated table's old snapshot is retired.
 * A name that another kind of table holds (an imported dataset named like a demo table added
 * later) is left to it: that demo table is not generated.
 */
export async function ensureDemoData(
  deps: DemoDataDeps,
  log?: (msg: string) => void,
): Promise<{ created: boolean; tables: number; rows: number; millis: number }> {
  const started = Date.now();
  // The tables of the default catalog by name; tables published below are added as they come.
  const tables = new Map<string, LakeTable>(
    (await deps.lake.all()).filter((t) => t.catalog === '').map((t) => [fullName(t), t]),
  );
  const demo = (name: string) => {
    const t = tables.get(name);
    return t?.kind === 'demo' ? t : undefined;
  };
  const todo = DEMO_TABLES.filter((d) => {
    const name = `${d.schema}.${d.table}`;
    const t = tables.get(name);
    if (t && t.kind !== 'demo') {
      log?.(`  ${name}: not generated, the name is taken by a ${t.kind} table`);
      return false;
    }
    return !(t?.snapshot && t.metadata.demo_version === DEMO_DATA_VERSION);
  });
  if (todo.length === 0) return { created: false, tables: 0, rows: 0, millis: 0 };
  const earlier = todo.some((d) => demo(`${d.schema}.${d.table}`)?.snapshot);
  log?.(
    earlier ? 'Regenerating demo datasets of an earlier version...' : 'Generating demo datasets...',
  );
  const ctx: DemoContext = {
    sz: sizes(deps.config.demoScale),
    glob: (schema, table) => {
      const t = demo(`${schema}.${table}`);
      if (!t?.snapshot) throw new Error(`demo data: ${schema}.${table} is missing`);
      return path.join(deps.lake.snapshotDir(t.snapshot), '*.parquet');
    },
  };
  const retired = new RetiredSnapshots(deps.lake.repo, deps.lake.root);
  let rows = 0;
  for (const d of todo) {
    const t0 = Date.now();
    const before = demo(`${d.schema}.${d.table}`);
    const published = await deps.lake.publish(
      {
        catalog: '',
        schema: d.schema,
        table: d.table,
        ownerId: null,
        kind: 'demo',
        isPrivate: false,
        datasetType: d.datasetType,
        category: d.category,
        description: d.description,
        blockchains: d.blockchains,
        columnDescriptions: d.columns,
        columnTypes: d.columnTypes,
        metadata: { ...d.metadata, demo_version: DEMO_DATA_VERSION },
      },
      async (dir) => {
        await deps.duck.withConnection(async (conn) => {
          for (const f of d.files(ctx)) {
            const target = quoteLiteral(path.join(dir, `${f.name}.parquet`));
            await conn.run(
              `COPY (${f.sql}) TO ${target} (${PARQUET_WRITE}, COMPRESSION zstd, ROW_GROUP_SIZE 122880)`,
            );
          }
        });
      },
      // never over a table of another kind made meanwhile
      (now) => {
        if (now && now.kind !== 'demo')
          throw new Error(`demo data: ${d.schema}.${d.table} became a ${now.kind} table`);
      },
    );
    tables.set(fullName(published), published);
    // executions that read the old snapshot finish first (there are none at a start)
    if (before?.snapshot && before.snapshot !== published.snapshot)
      await retired.retire(before.snapshot);
    rows += published.row_count;
    log?.(`  ${d.schema}.${d.table}: ${published.row_count} rows in ${Date.now() - t0} ms`);
  }
  const millis = Date.now() - started;
  log?.(
    `Demo datasets ready: ${todo.length} tables, ${rows} rows in ${(millis / 1000).toFixed(1)} s`,
  );
  return { created: true, tables: todo.length, rows, millis };
}
