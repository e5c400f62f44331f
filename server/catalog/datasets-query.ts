/**
 * The dataset catalog's search inputs: the terms of free text and their full-text query, the
 * filter of a catalog search, and full-name parsing. No database here (the SQL is in
 * datasets-repo.ts).
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
 * An FTS5 query (SQLite) requiring every term as a prefix, optionally only in some columns. Terms
 * are letters and digits only, so quoting them leaves no room for FTS5 syntax from the caller.
 */
export function ftsMatch(terms: string[], columns?: string[]): string {
  const phrases = terms.map((t) => `"${t}"*`).join(' ');
  return columns ? `{${columns.join(' ')}} : (${phrases})` : phrases;
}

/** The fields of the search index (name, description, keywords, columns), as tsquery weights. */
export const TS_WEIGHTS = { name: 'A', description: 'B', keywords: 'C', columns: 'D' } as const;

/**
 * The same query for PostgreSQL (to_tsquery): every term as a prefix (`dex:* & trades:*`),
 * optionally only in some fields (`dex:*A`). Terms are letters and digits only, so they carry no
 * tsquery syntax from the caller.
 */
export function tsQuery(terms: string[], fields?: (keyof typeof TS_WEIGHTS)[]): string {
  const weights = fields ? fields.map((f) => TS_WEIGHTS[f]).join('') : '';
  return terms.map((t) => `${t}:*${weights}`).join(' & ');
}

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
