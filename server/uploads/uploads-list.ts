import type { Account } from '../auth/accounts.js';
import type { Lake, LakeTable } from '../lake/lake.js';

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

type Owner = Pick<Account, 'id' | 'handle' | 'type'>;

/** The uploaded tables a context owns, by name; `next_offset` only when more follow. */
export async function listUploads(
  lake: Lake,
  ctx: Owner,
  limit: number,
  offset: number,
): Promise<ListPage> {
  const rows = await lake.owned(ctx.id, 'upload', limit + 1, offset);
  const more = rows.length > limit;
  const tables = rows.slice(0, limit).map((t) => listElement(ctx, t));
  return more ? { tables, next_offset: offset + tables.length } : { tables };
}

function listElement(ctx: Owner, t: LakeTable): TableListElement {
  return {
    full_name: `${t.catalog}.${t.schema_name}.${t.table_name}`,
    is_private: t.is_private,
    owner: { handle: ctx.handle, type: ctx.type },
    columns: t.columns.map((c) => ({
      name: c.name,
      type: c.type,
      nullable: c.nullable,
      metadata: c.description ? { description: c.description } : {},
    })),
    table_size_bytes: String(t.size_bytes),
    created_at: t.created_at,
    updated_at: t.updated_at,
    description: t.description,
    row_count: t.row_count,
  };
}
