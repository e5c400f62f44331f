import fs from 'node:fs';
import path from 'node:path';
import { ulid } from 'ulid';
import { wireTypeName } from '../engine/result-types.js';
import { linkOrCopy } from '../lake/link-or-copy.js';
import { nowIso } from '../store/db.js';
import { CATALOG, type MatviewRecord } from './matviews-repo.js';
import type { MatviewsDeps, ResultHandoff, SourceQuery } from './matviews-ports.js';

/**
 * Publishes a refresh's result file as the view's new snapshot: the file is hard-linked (copied
 * where linking fails) into a fresh snapshot folder and the table switches to it in one
 * transaction (Lake.publish). Returns the snapshot switched away from, for the caller to retire.
 * Throws, with nothing switched, when the result cannot be a table or the storage plan is full.
 */
export async function storeSnapshot(
  deps: Pick<MatviewsDeps, 'config' | 'lake' | 'storageUsed'>,
  o: {
    view: MatviewRecord;
    schema: string;
    query: SourceQuery;
    executionId: string;
    result: ResultHandoff;
  },
): Promise<string | null> {
  checkColumnNames(o.result.declaredNames);
  const previous = await deps.lake.get(CATALOG, o.schema, o.view.name);
  if (previous && previous.kind !== 'matview')
    throw new Error(`${o.view.fullName} is the name of another kind of table`);
  await deps.lake.publish(
    {
      catalog: CATALOG,
      schema: o.schema,
      table: o.view.name,
      ownerId: o.view.ownerId,
      kind: 'matview',
      datasetType: 'materialized_view',
      category: 'community',
      isPrivate: o.view.isPrivate,
      description: `Materialized view of query ${o.query.id}: ${o.query.name}`,
      // a BIGNUM column is decimal digits in Parquet; SQL reads it back as one (snapshot-read.ts)
      columnTypes: Object.fromEntries(
        o.result.columns
          .map((c) => [c.name, wireTypeName(c.type)])
          .filter(([, type]) => type === 'int256'),
      ),
      metadata: {
        query_id: o.query.id,
        execution_id: o.executionId,
        refreshed_at: nowIso(),
      },
    },
    async (dir) => {
      const to = path.join(dir, `part-${ulid()}.parquet`);
      linkOrCopy(o.result.file, to);
      const size = fs.statSync(to).size;
      const others = (await deps.storageUsed(o.view.ownerId)) - (previous?.size_bytes ?? 0);
      const allowed = deps.config.plan.storageBytes;
      if (others + size > allowed)
        throw new Error(
          `it would take ${size} bytes, ${others} bytes are used by other tables and saved queries and the plan allows ${allowed}`,
        );
    },
  );
  return previous?.snapshot ?? null;
}

/** Hosted rule: every result column has its own name (the engine would rename duplicates). */
export function checkColumnNames(names: string[]): void {
  const seen = new Set<string>();
  const dup = new Set<string>();
  for (const n of names) {
    if (seen.has(n.toLowerCase())) dup.add(n);
    seen.add(n.toLowerCase());
  }
  if (dup.size)
    throw new Error(
      `the result has more than one column named ${[...dup].map((d) => `"${d}"`).join(', ')}; give every column its own name (AS ...)`,
    );
}
