import type { Account } from '../auth/accounts.js';
import type { LakeColumn } from '../engine/lake.js';
import type { Db } from '../store/db.js';
import { parseJson } from '../store/db.js';

export type TableListElement = {
  full_name: string;
  is_private: boolean;
  owner: { handle: string; type: 'user' | 'team' };
  columns: { name: string; type: string; nullable: boolean; metadata: Record<string, unknown> }[];
  /** A string, as the hosted service sends it. */
  table_size_bytes: string;
  created_at: string;
  updated_at: string;
  /** Strata additions. */
  description: string;
  row_count: number;
};

export type ListPage = { tables: TableListElement[]; next_offset?: number };

type Row = {
  catalog: string;
  schema_name: string;
  table_name: string;
  is_private: number;
  columns: string;
  size_bytes: number;
  row_count: number;
  description: string;
  created_at: string;
  updated_at: string;
};

/** The uploaded tables a context owns, by name; `next_offset` only when more follow. */
export function listUploads(
  db: Db,
  ctx: Pick<Account, 'id' | 'handle' | 'type'>,
  limit: number,
  offset: number,
): ListPage {
  const rows = db
    .prepare(
      `SELECT catalog, schema_name, table_name, is_private, columns, size_bytes, row_count, description,
         created_at, updated_at
       FROM lake_tables WHERE owner_id = ? AND kind = 'upload' AND snapshot IS NOT NULL
       ORDER BY schema_name, table_name LIMIT ? OFFSET ?`,
    )
    .all(ctx.id, limit + 1, offset) as Row[];
  const more = rows.length > limit;
  const tables = rows.slice(0, limit).map((r) => ({
    full_name: `${r.catalog}.${r.schema_name}.${r.table_name}`,
    is_private: r.is_private === 1,
    owner: { handle: ctx.handle, type: ctx.type },
    columns: parseJson<LakeColumn[]>(r.columns, []).map((c) => ({
      name: c.name,
      type: c.type,
      nullable: c.nullable,
      metadata: c.description ? { description: c.description } : {},
    })),
    table_size_bytes: String(r.size_bytes),
    created_at: r.created_at,
    updated_at: r.updated_at,
    description: r.description,
    row_count: r.row_count,
  }));
  return more ? { tables, next_offset: offset + tables.length } : { tables };
}
