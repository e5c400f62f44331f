import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { z } from 'zod';
import { invalid } from '../errors.js';
import { checkSchedule } from '../scheduling/cron-rules.js';
import { checkType } from '../uploads/column-types.js';
import type { GivenTypes } from './dataset-columns.js';
import { parseDatasetName } from './dataset-names.js';
import { DATASET_FORMATS, type DatasetFormat } from './dataset-sources.js';

/**
 * The manifest of `npm run admin -- sync-datasets <file>`: YAML (or JSON, which is YAML too)
 * declaring many datasets. Parsed and checked as a whole before anything changes; each problem
 * is an `invalid` error naming the manifest and the entry. See docs/datasets.md.
 */
export type DatasetDeclaration = {
  name: string;
  /** Absolute: a relative source is read from the manifest's folder. */
  source: string;
  format?: DatasetFormat;
  hive: boolean;
  link: boolean;
  description?: string;
  blockchains?: string[];
  columns?: Record<string, string>;
  /** Types of some columns (dataset-columns.ts), used when the dataset is imported. */
  types?: GivenTypes;
  /** Five-field cron (UTC) on which the server appends the source's new files. */
  schedule?: string;
};

export const MAX_MANIFEST_BYTES = 10 * 1024 * 1024;
export const MAX_DATASETS = 10_000;
/** The shortest time between two scheduled syncs of one dataset. */
export const MIN_SYNC_MINUTES = 5;

const Entry = z
  .object({
    name: z.string().max(300),
    source: z.string().min(1).max(4096),
    format: z.enum(DATASET_FORMATS).optional(),
    hive: z.boolean().optional(),
    link: z.boolean().optional(),
    description: z.string().max(100_000).optional(),
    blockchains: z.array(z.string().min(1).max(100)).max(100).optional(),
    columns: z.record(z.string().max(300), z.string().max(20_000)).optional(),
    types: z.record(z.string().min(1).max(300), z.string().max(100)).optional(),
    schedule: z.string().max(200).optional(),
  })
  .strict();

const Manifest = z.object({ datasets: z.array(Entry).min(1).max(MAX_DATASETS) }).strict();

/** The datasets a manifest file declares; `invalid` for an unreadable or wrong manifest. */
export function readManifest(file: string, now = new Date()): DatasetDeclaration[] {
  const abs = path.resolve(file);
  const stat = fs.statSync(abs, { throwIfNoEntry: false });
  if (!stat?.isFile()) throw invalid(`no such manifest: ${abs}`);
  if (stat.size > MAX_MANIFEST_BYTES)
    throw invalid(`${abs} is ${stat.size} bytes; a manifest is at most ${MAX_MANIFEST_BYTES}`);
  return parseManifest(fs.readFileSync(abs, 'utf8'), abs, now);
}

/**
 * The value of a YAML text, refusing a key given twice in one mapping. The library's own check
 * of duplicate keys compares every pair (a mapping of 20,000 keys took 8 s, one of 200,000 did
 * not end), so it is off and each mapping's keys go through a set instead.
 */
function readYaml(text: string): unknown {
  const doc = YAML.parseDocument(text, { uniqueKeys: false, prettyErrors: true });
  if (doc.errors.length > 0) throw doc.errors[0]!;
  YAML.visit(doc, {
    Map(_key, map) {
      const seen = new Set<unknown>();
      for (const pair of map.items) {
        const key = YAML.isScalar(pair.key) ? pair.key.value : String(pair.key);
        if (seen.has(key))
          throw new Error(`the key "${String(key)}" is given twice in one mapping`);
        seen.add(key);
      }
    },
  });
  return doc.toJS({ maxAliasCount: 100 });
}

/** The datasets of a manifest's text; `where` (its path) names it in errors and roots sources. */
export function parseManifest(text: string, where: string, now = new Date()): DatasetDeclaration[] {
  let raw: unknown;
  try {
    raw = readYaml(text);
  } catch (err) {
    throw invalid(`${where} is not YAML or JSON: ${err instanceof Error ? err.message : err}`);
  }
  const parsed = Manifest.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const at = issue.path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`));
    throw invalid(
      `${where}: ${at.join('').replace(/^\./, '') || 'the manifest'}: ${issue.message}`,
    );
  }
  const dir = path.dirname(where);
  const seen = new Map<string, { index: number; source: string }>();
  return parsed.data.datasets.map((e, i) => {
    const label = `${where}: datasets[${i}] (${e.name})`;
    const fail = (why: string) => invalid(`${label}: ${why}`);
    try {
      parseDatasetName(e.name);
    } catch (err) {
      throw fail((err as Error).message);
    }
    const source = path.resolve(dir, e.source);
    const key = e.name.toLowerCase();
    const before = seen.get(key);
    if (before)
      throw invalid(
        `${where}: two sources for one name: ${e.name} is declared by datasets[${before.index}] (${before.source}) and datasets[${i}] (${source})`,
      );
    seen.set(key, { index: i, source });
    if (e.link && e.format && e.format !== 'parquet')
      throw fail(`link takes Parquet files only, not ${e.format}`);
    const types: GivenTypes = {};
    for (const [column, type] of Object.entries(e.types ?? {})) {
      try {
        types[column] = checkType(column, type);
      } catch (err) {
        throw fail(`types: ${(err as Error).message}`);
      }
    }
    if (e.link && Object.keys(types).length > 0)
      throw fail('types cannot be given with link: linked files are read as they are');
    let schedule: string | undefined;
    if (e.schedule !== undefined) {
      try {
        schedule = checkSchedule(e.schedule, MIN_SYNC_MINUTES, now, 'schedule');
      } catch (err) {
        throw fail((err as Error).message);
      }
    }
    return {
      name: e.name,
      source,
      format: e.format,
      hive: e.hive ?? false,
      link: e.link ?? false,
      description: e.description,
      blockchains: e.blockchains,
      columns: e.columns,
      ...(e.types ? { types } : {}),
      schedule,
    };
  });
}
