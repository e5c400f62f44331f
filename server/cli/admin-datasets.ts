import type { DatasetsAdmin } from '../catalog/datasets-admin.js';
import { parseTypes } from '../catalog/dataset-columns.js';
import { readManifest } from '../catalog/dataset-manifest.js';
import type { DatasetsSync } from '../catalog/datasets-sync.js';
import { parseFormat } from '../catalog/dataset-sources.js';
import { invalid } from '../errors.js';
import { fullName, type LakeTable } from '../lake/lake.js';
import { layoutOf } from '../lake/lake-table.js';
import { formatBytes } from '../../shared/format/bytes.js';

/** The dataset commands of the admin CLI (admin.ts): import, append, describe, drop, list, sync. */

export const DATASET_USAGE = `  import-dataset <schema>.<table> <source> [--format parquet|csv|ndjson] [--hive] [--link]
               [--description TEXT] [--column NAME=TEXT]... [--blockchain NAME]... [--replace]
               [--allow-duplicate] [--types NAME=TYPE,...]
               <source> is a file, a folder or a glob; see docs/datasets.md
               --types: varchar, varbinary, bigint, integer, double, boolean, timestamp, date,
               uint256, int256 (integers past 64 bits are uint256 or int256 unless given)
  append-dataset <schema>.<table> <source> [--format parquet|csv|ndjson] [--allow-duplicate]
               a file whose content the table already holds is refused without --allow-duplicate
  describe-dataset <schema>.<table> [--description TEXT] [--column NAME=TEXT]...
  drop-dataset <schema>.<table>
  list-datasets
  sync-datasets <manifest>
               imports, appends, documents and schedules the datasets a YAML or JSON
               manifest declares; running it again changes nothing (docs/datasets.md)`;

export type Opts = Record<string, string | boolean | string[] | undefined>;

/** What the dataset commands work with (made by admin.ts only when one of them runs). */
export type DatasetTools = { admin: DatasetsAdmin; sync: DatasetsSync };

type DatasetCommand = {
  options?: Record<string, { type: 'string' | 'boolean'; multiple?: boolean }>;
  positionals: number;
  run: (tools: DatasetTools, args: string[], opts: Opts, out: (l: string) => void) => unknown;
};

const str = (opts: Opts, name: string) =>
  typeof opts[name] === 'string' ? (opts[name] as string) : undefined;
const list = (opts: Opts, name: string) => (opts[name] as string[] | undefined) ?? [];
const FORMAT = { format: { type: 'string' } } as const;
const COLUMN = { column: { type: 'string', multiple: true } } as const;
const DUPLICATE = { 'allow-duplicate': { type: 'boolean' } } as const;

/** The `--column NAME=TEXT` options, by column name. */
function columnDocs(opts: Opts): Record<string, string> {
  const columns: Record<string, string> = {};
  for (const c of list(opts, 'column')) {
    const at = c.indexOf('=');
    if (at <= 0) throw invalid(`--column takes NAME=TEXT, not "${c}"`);
    columns[c.slice(0, at)] = c.slice(at + 1);
  }
  return columns;
}

export const DATASET_COMMANDS: Record<string, DatasetCommand> = {
  'import-dataset': {
    positionals: 2,
    options: {
      ...FORMAT,
      hive: { type: 'boolean' },
      link: { type: 'boolean' },
      replace: { type: 'boolean' },
      description: { type: 'string' },
      blockchain: { type: 'string', multiple: true },
      ...COLUMN,
      ...DUPLICATE,
      types: { type: 'string', multiple: true },
    },
    run: async ({ admin: datasets }, [name, source], opts, out) => {
      const t = await datasets.import({
        name: name!,
        source: source!,
        format: parseFormat(str(opts, 'format')),
        hive: opts.hive === true,
        link: opts.link === true,
        replace: opts.replace === true,
        description: str(opts, 'description'),
        blockchains: list(opts, 'blockchain'),
        columns: columnDocs(opts),
        allowDuplicate: opts['allow-duplicate'] === true,
        types: parseTypes(list(opts, 'types')),
      });
      out(`imported ${summary(t)}`);
    },
  },
  'append-dataset': {
    positionals: 2,
    options: { ...FORMAT, ...DUPLICATE },
    run: async ({ admin: datasets }, [name, source], opts, out) => {
      const r = await datasets.append(name!, source!, parseFormat(str(opts, 'format')), {
        allowDuplicate: opts['allow-duplicate'] === true,
      });
      out(`appended ${r.added} rows to ${summary(r.table)}`);
    },
  },
  'describe-dataset': {
    positionals: 1,
    options: { description: { type: 'string' }, ...COLUMN },
    run: async ({ admin: datasets }, [name], opts, out) => {
      const t = await datasets.describe(name!, {
        description: str(opts, 'description'),
        columns: columnDocs(opts),
      });
      out(`${fullName(t)}: ${t.description || '(no description)'}`);
      for (const c of t.columns)
        out(`  ${c.name} ${c.type}${c.description ? `: ${c.description}` : ''}`);
    },
  },
  'drop-dataset': {
    positionals: 1,
    run: async ({ admin: datasets }, [name], _opts, out) => {
      const t = await datasets.drop(name!);
      out(
        `dropped ${fullName(t)}` +
          (layoutOf(t).linked ? '; its linked files are left where they are' : ''),
      );
    },
  },
  'sync-datasets': {
    positionals: 1,
    run: async ({ sync }, [manifest], _opts, out) => {
      const decls = readManifest(manifest!);
      const failed = await sync.sync(decls, out);
      if (failed.length > 0)
        throw invalid(
          `${failed.length} of ${decls.length} dataset(s) failed: ${failed.map((f) => f.name).join(', ')}; the others are synced`,
        );
    },
  },
  'list-datasets': {
    positionals: 0,
    run: async ({ admin: datasets }, _args, _opts, out) => {
      const tables = await datasets.list();
      if (tables.length === 0) out('no datasets');
      for (const t of tables) out(listLine(t));
    },
  },
};

const time = (v: unknown) => (typeof v === 'string' ? v : '-');

/**
 * One line of list-datasets: name, rows, size (as the dataset's page shows it), partitions, the
 * import and the last append (`-` before any), how it is stored.
 */
export function listLine(t: LakeTable): string {
  const layout = layoutOf(t);
  const appended = t.metadata.imported_at === undefined ? undefined : t.metadata.appended_at;
  return [
    fullName(t),
    `${t.row_count} rows`,
    formatBytes(t.size_bytes),
    layout.hive ? `${Number(t.metadata.partitions ?? 0)} partitions` : 'not partitioned',
    `imported ${time(t.metadata.imported_at ?? t.metadata.appended_at)}`,
    `last append ${time(appended)}`,
    layout.linked ? 'linked' : 'copied',
  ].join('  ');
}

function summary(t: LakeTable): string {
  const layout = layoutOf(t);
  const keys = (t.metadata.partition_columns as string[] | undefined) ?? [];
  return (
    `${fullName(t)}: ${t.row_count} rows, ${formatBytes(t.size_bytes)}, ${layout.linked ? 'linked' : 'copied'}` +
    (layout.hive ? `, ${Number(t.metadata.partitions ?? 0)} partitions by ${keys.join(', ')}` : '')
  );
}
