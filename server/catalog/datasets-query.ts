/**
 * Pure query building for the dataset catalog: the full-text query from free text, the SQL of a
 * catalog search with its filters and ranking, and full-name parsing. No database here.
 */

/** Most words of free text that take part in a search (the rest are ignored). */
export const MAX_TERMS = 16;

/**
 * The words of free text as the FTS index sees them: runs of letters and digits, lower case
 * ("dex.trades" → dex, trades; "evt_Swap" → evt, swap), at most MAX_TERMS.
 */
export function searchTerms(text: string | undefined): string[] {
  if (!text) return [];
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_TERMS);
}

/**
 * An FTS5 query requiring every term as a prefix, optionally only in some columns. Terms are
 * letters and digits only, so quoting them leaves no room for FTS5 syntax from the caller.
 */
export function ftsMatch(terms: string[], columns?: string[]): string {
  const phrases = terms.map((t) => `"${t}"*`).join(' ');
  return columns ? `{${columns.join(' ')}} : (${phrases})` : phrases;
}

/** The dotted name as SQL writes it, in SQL over lake_tables aliased `t`. */
export const FULL_NAME_SQL =
  "(CASE WHEN t.catalog = '' THEN '' ELSE t.catalog || '.' END || t.schema_name || '.' || t.table_name)";

export type CatalogFilter = {
  /** The caller's context: its private tables are visible when includePrivate is set. */
  contextId: number;
  includePrivate: boolean;
  text?: string;
  blockchains?: string[];
  categories?: string[];
  datasetTypes?: string[];
  schemas?: string[];
  /** Owner accounts to keep, or 'builtin' for the tables that have no owner (demo data). */
  owners?: number[] | 'builtin';
  /** Only decoded tables of this contract (lower case). */
  contractAddress?: string;
  /** `relevance`: text tiers, then page rank; `name`: catalog, schema, table. */
  order: 'relevance' | 'name';
  limit: number;
  offset: number;
};

export type CatalogSql = {
  /** Rows of lake_tables (`t.*`) with owner_handle, owner_type and full_name, ranked, paged. */
  select: string;
  /** One row, `n`: how many match, ignoring limit and offset. */
  count: string;
  /** Named parameters of both statements (each ignores those it does not use). */
  params: Record<string, string | number>;
};

const json = (values: (string | number)[]) => JSON.stringify(values);

/**
 * Builds the catalog search. With text, a table must match every term (as a prefix) in its name,
 * description, contract metadata or column names, and ranks by tier:
 *   0 the text is the table's full name (with or without its catalog),
 *   1 every term is in the name,
 *   2 every term is in the name, description or contract metadata,
 *   3 otherwise (column names were needed),
 * then by page_rank_score (highest first), then bm25 (name weighs most), then full name.
 * Without text, by page_rank_score then full name. Private tables are only the caller's own.
 */
export function buildCatalogSql(f: CatalogFilter): CatalogSql {
  const params: Record<string, string | number> = { limit: f.limit, offset: f.offset };
  const where: string[] = ['t.snapshot IS NOT NULL'];
  if (f.includePrivate) {
    where.push('(t.is_private = 0 OR t.owner_id = @context)');
    params.context = f.contextId;
  } else {
    where.push('t.is_private = 0');
  }
  if (f.datasetTypes?.length) {
    where.push('t.dataset_type IN (SELECT value FROM json_each(@types))');
    params.types = json(f.datasetTypes);
  }
  if (f.categories?.length) {
    where.push('t.category IN (SELECT value FROM json_each(@categories))');
    params.categories = json(f.categories);
  }
  if (f.schemas?.length) {
    where.push('lower(t.schema_name) IN (SELECT value FROM json_each(@schemas))');
    params.schemas = json(f.schemas.map((s) => s.toLowerCase()));
  }
  if (f.blockchains?.length) {
    where.push(
      `EXISTS (SELECT 1 FROM json_each(t.blockchains) b
               WHERE lower(b.value) IN (SELECT value FROM json_each(@chains)))`,
    );
    params.chains = json(f.blockchains.map((c) => c.toLowerCase()));
  }
  if (f.owners === 'builtin') {
    where.push('t.owner_id IS NULL');
  } else if (f.owners) {
    where.push('t.owner_id IN (SELECT value FROM json_each(@owners))');
    params.owners = json(f.owners);
  }
  if (f.contractAddress !== undefined) {
    where.push(
      `t.dataset_type = 'decoded_table'
       AND t.id IN (SELECT table_id FROM lake_table_contracts WHERE address = @contract)`,
    );
    params.contract = f.contractAddress;
  }

  const terms = searchTerms(f.text);
  let from = 'lake_tables t';
  let order =
    f.order === 'name' ? 't.catalog, t.schema_name, t.table_name' : 'page_rank DESC, full_name';
  if (terms.length) {
    from = `(SELECT rowid AS id, bm25(lake_tables_fts, 10.0, 4.0, 4.0, 1.0) AS score
             FROM lake_tables_fts WHERE lake_tables_fts MATCH @match) h
            JOIN lake_tables t ON t.id = h.id`;
    params.match = ftsMatch(terms);
    if (f.order === 'relevance') {
      params.exact = f.text!.trim().toLowerCase().replaceAll('"', '');
      params.inName = ftsMatch(terms, ['name']);
      params.inText = ftsMatch(terms, ['name', 'description', 'keywords']);
      order = `CASE
          WHEN lower(${FULL_NAME_SQL}) = @exact OR lower(t.schema_name || '.' || t.table_name) = @exact THEN 0
          WHEN t.id IN (SELECT rowid FROM lake_tables_fts WHERE lake_tables_fts MATCH @inName) THEN 1
          WHEN t.id IN (SELECT rowid FROM lake_tables_fts WHERE lake_tables_fts MATCH @inText) THEN 2
          ELSE 3 END,
        page_rank DESC, h.score, full_name`;
    }
  }
  const whereSql = where.join('\n  AND ');
  const select = `SELECT t.*, a.handle AS owner_handle, a.type AS owner_type, ${FULL_NAME_SQL} AS full_name,
    coalesce(CASE WHEN json_valid(t.metadata) THEN json_extract(t.metadata, '$.page_rank_score') END, 0) AS page_rank
FROM ${from}
LEFT JOIN accounts a ON a.id = t.owner_id
WHERE ${whereSql}
ORDER BY ${order}
LIMIT @limit OFFSET @offset`;
  const count = `SELECT count(*) AS n FROM ${from} WHERE ${whereSql}`;
  return { select, count, params };
}

/**
 * Splits a full name (`schema.table`, `catalog.schema.table`; parts may be double-quoted, as in
 * `dune."21co".result_x`) into its parts, or undefined when it has neither 2 nor 3 parts.
 */
export function parseFullName(
  name: string,
): { catalog: string; schema: string; table: string } | undefined {
  const parts: string[] = [];
  const re = /"((?:[^"]|"")*)"|([^."]+)/gy;
  let pos = 0;
  while (pos < name.length) {
    re.lastIndex = pos;
    const m = re.exec(name);
    if (!m) return undefined;
    parts.push(m[1] !== undefined ? m[1].replaceAll('""', '"') : m[2]!);
    pos = re.lastIndex;
    if (pos < name.length) {
      if (name[pos] !== '.') return undefined;
      pos += 1;
      if (pos === name.length) return undefined;
    }
  }
  if (parts.some((p) => p === '')) return undefined;
  if (parts.length === 2) return { catalog: '', schema: parts[0]!, table: parts[1]! };
  if (parts.length === 3) return { catalog: parts[0]!, schema: parts[1]!, table: parts[2]! };
  return undefined;
}
