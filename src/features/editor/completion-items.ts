import {
  childrenOf,
  findTable,
  type Catalog,
  type CatalogTable,
  type QueryTableInfo,
} from './catalog';
import {
  identifierAt,
  scopeAt,
  type CompletionContext,
  type Cte,
  type SqlScope,
  type TableRef,
} from './completion-context';
import type { Dialect } from '../../../contract/rules/enums';
import { functionNamed, functionsOf } from './editor-functions';
import { AFTER_RELATION_KEYWORDS, keywordsOf, typesOf } from './sql-keywords';
import { quoteIdent } from '../../lib/sql-names';

export type SuggestionKind =
  'column' | 'alias' | 'cte' | 'table' | 'query' | 'schema' | 'function' | 'keyword' | 'type';

/** One completion, independent of Monaco (the adapter maps kinds to icons). */
export type Suggestion = {
  label: string;
  kind: SuggestionKind;
  detail: string;
  /** Shown beside the label in every row of the list (the detail shows on the focused row only). */
  description?: string;
  insertText: string;
  /** Insert text is a snippet: `$0` (the cursor between a call's parentheses), `${1:x}` holes. */
  snippet?: boolean;
  documentation?: string;
  sortText: string;
};

/** A column a relation in scope outputs; `type` is null when only the SQL names it. */
export type ScopedColumn = { name: string; type: string | null; source: string };

const ORDER: Record<SuggestionKind, string> = {
  column: '0',
  alias: '1',
  cte: '1',
  table: '2',
  query: '2',
  schema: '3',
  function: '4',
  keyword: '5',
  type: '5',
};
/** Functions the dialect has and Strata does not run come last, after the keywords. */
const UNSUPPORTED_ORDER = '6';

const lower = (s: string) => s.toLowerCase();

function suggestion(
  kind: SuggestionKind,
  label: string,
  detail: string,
  extra: Partial<Suggestion> = {},
): Suggestion {
  const word = kind === 'keyword' || kind === 'function' || kind === 'type';
  const insertText = word ? label : quoteIdent(label);
  return { label, kind, detail, insertText, sortText: `${ORDER[kind]}${lower(label)}`, ...extra };
}

/** Columns of a CTE or subquery: the names it gives, plus what its `*` brings in. */
function derivedColumns(
  def: Pick<Cte, 'columns' | 'starFrom'>,
  source: string,
  scope: SqlScope,
  catalog: Catalog,
  depth: number,
): ScopedColumn[] {
  const out: ScopedColumn[] = def.columns.map((name) => ({ name, type: null, source }));
  for (const name of def.starFrom) {
    const ref: TableRef = { kind: 'table', name, alias: null, columns: [], starFrom: [] };
    out.push(...relationColumns(ref, scope, catalog, depth + 1).map((c) => ({ ...c, source })));
  }
  return out;
}

/** The columns a relation in FROM outputs: a CTE's, a subquery's or a catalog table's. */
export function relationColumns(
  ref: TableRef,
  scope: SqlScope,
  catalog: Catalog,
  depth = 0,
): ScopedColumn[] {
  if (depth > 8) return [];
  const label = ref.alias ?? ref.name.join('.');
  if (ref.kind !== 'table' || ref.columns.length)
    return derivedColumns(ref, label, scope, catalog, depth);
  if (ref.name.length === 1) {
    const cte = scope.ctes.find((c) => lower(c.name) === lower(ref.name[0]!));
    if (cte) return derivedColumns(cte, label, scope, catalog, depth);
  }
  const table = findTable(catalog, ref.name);
  return (table?.columns ?? []).map((c) => ({
    name: c.name,
    type: c.type,
    source: table!.fullName,
  }));
}

/** The relation a qualifier names: an alias, a CTE, or an unaliased table by its name. */
function qualifiedColumns(qualifier: string[], scope: SqlScope, catalog: Catalog) {
  const q = lower(qualifier.join('.'));
  if (qualifier.length === 1) {
    const aliased = scope.tables.find((r) => r.alias && lower(r.alias) === q);
    if (aliased) return relationColumns(aliased, scope, catalog);
    const cte = scope.ctes.find((c) => lower(c.name) === q);
    if (cte) return derivedColumns(cte, cte.name, scope, catalog, 0);
  }
  const named = scope.tables.find(
    (r) =>
      !r.alias &&
      r.kind === 'table' &&
      (lower(r.name.join('.')) === q || lower(r.name[r.name.length - 1] ?? '') === q),
  );
  if (named) return relationColumns(named, scope, catalog);
  const table = catalog.byName.get(q);
  return (table?.columns ?? []).map((c) => ({
    name: c.name,
    type: c.type,
    source: table!.fullName,
  }));
}

function columnSuggestions(columns: ScopedColumn[]): Suggestion[] {
  const byName = new Map<string, ScopedColumn[]>();
  for (const c of columns) byName.set(lower(c.name), [...(byName.get(lower(c.name)) ?? []), c]);
  return [...byName.values()].map((same) => {
    const c = same[0]!;
    const sources = [...new Set(same.map((s) => s.source))].join(', ');
    return suggestion('column', c.name, c.type ? `${c.type} · ${sources}` : sources);
  });
}

function membersOf(qualifier: string[], scope: SqlScope, catalog: Catalog): Suggestion[] {
  const columns = columnSuggestions(qualifiedColumns(qualifier, scope, catalog));
  const children = childrenOf(catalog, qualifier).map((c) =>
    c.table
      ? suggestion('table', c.name, `${c.table.type} · ${c.table.columns.length} columns`)
      : suggestion('schema', c.name, `schema · ${c.count} tables`),
  );
  return [...columns, ...children];
}

/**
 * `query_<id>` of each saved query, named beside it in every row (a query is picked by its name),
 * most recently updated first among tables of the same prefix.
 */
function savedQuerySuggestions(catalog: Catalog): Suggestion[] {
  return catalog.savedQueries.map((q, i) => {
    const detail = `query · ${q.name}`;
    return suggestion('query', `query_${q.id}`, detail, {
      description: detail,
      sortText: `${ORDER.query}query_${String(i).padStart(4, '0')}`,
    });
  });
}

function tableSuggestions(scope: SqlScope, catalog: Catalog): Suggestion[] {
  const out = new Map<string, Suggestion>();
  const add = (s: Suggestion) => {
    if (!out.has(lower(s.label))) out.set(lower(s.label), s);
  };
  for (const cte of scope.ctes) add(suggestion('cte', cte.name, 'CTE'));
  for (const c of childrenOf(catalog, []))
    if (!c.table) add(suggestion('schema', c.name, `schema · ${c.count} tables`));
  savedQuerySuggestions(catalog).forEach(add);
  // A referenced query's table is offered as its saved query above, not by its quoted form.
  for (const t of catalog.tables)
    if (!t.query)
      add(
        suggestion('table', t.fullName, `${t.type} · ${t.columns.length} columns`, {
          insertText: t.parts.map(quoteIdent).join('.'),
        }),
      );
  return [...out.values()];
}

/** The functions and keywords a dialect offers wherever an expression may stand. */
function dialectSuggestions(dialect: Dialect): Suggestion[] {
  const functions = functionsOf(dialect).map((f) =>
    suggestion(
      'function',
      f.name,
      f.unsupported ? `${f.signature} · not supported on Strata` : f.signature,
      {
        insertText: f.insertText,
        snippet: f.insertText.includes('$'),
        documentation: f.doc,
        ...(f.unsupported ? { sortText: `${UNSUPPORTED_ORDER}${f.name}` } : {}),
      },
    ),
  );
  const keywords = keywordsOf(dialect).map((k) => suggestion('keyword', k, 'keyword'));
  return [...functions, ...keywords];
}

/** The type names of a dialect, where a cast names its type; `array(…)` writes its parentheses. */
const typeSuggestions = (dialect: Dialect): Suggestion[] =>
  typesOf(dialect).map((t) =>
    t.params
      ? suggestion('type', `${t.name}(…)`, `type ${t.name}(${t.params})`, {
          insertText: `${t.name}($0)`,
          snippet: true,
        })
      : suggestion('type', t.name, 'type'),
  );

const byDialect = new Map<Dialect, Suggestion[]>();
const dialectSuggestionsOf = (dialect: Dialect) => {
  if (!byDialect.has(dialect)) byDialect.set(dialect, dialectSuggestions(dialect));
  return byDialect.get(dialect)!;
};

/** Keywords after a relation in FROM: the dialect's own only (no ASOF or PIVOT in DuneSQL). */
const afterRelation = (dialect: Dialect) => {
  const known = new Set(keywordsOf(dialect));
  return AFTER_RELATION_KEYWORDS.filter((k) => known.has(k));
};

function columnTarget(scope: SqlScope, catalog: Catalog, dialect: Dialect): Suggestion[] {
  const columns = scope.tables.flatMap((r) => relationColumns(r, scope, catalog));
  const aliases = scope.tables
    .filter((r) => r.alias)
    .map((r) => suggestion('alias', r.alias!, r.name.length ? r.name.join('.') : 'subquery'));
  const ctes = scope.ctes.map((c) => suggestion('cte', c.name, 'CTE'));
  return [...columnSuggestions(columns), ...aliases, ...ctes, ...dialectSuggestionsOf(dialect)];
}

/** The completions for a context against the catalog, in the SQL dialect of the text. */
export function suggestionsFor(
  ctx: CompletionContext,
  catalog: Catalog,
  dialect: Dialect,
): Suggestion[] {
  switch (ctx.target.kind) {
    case 'none':
      return [];
    case 'member':
      return membersOf(ctx.target.qualifier, ctx.scope, catalog);
    case 'table':
      return tableSuggestions(ctx.scope, catalog);
    case 'type':
      return typeSuggestions(dialect);
    case 'keyword':
      return afterRelation(dialect).map((k) => suggestion('keyword', k, 'keyword'));
    case 'column':
      return columnTarget(ctx.scope, catalog, dialect);
  }
}

/** Columns a hover lists, at most. */
const HOVER_COLUMNS = 20;

/** A user's text shown as itself in markdown (a query's name). */
const markdownText = (text: string) => text.replace(/[\\`*_{}[\]()#+\-.!|<>~]/g, '\\$&');

/** A `query_<id>` table's hover: the query's name, then its latest result's columns. */
function queryTableHover(query: QueryTableInfo, columns: CatalogTable['columns']): string[] {
  const name = query.name === null ? '' : ` · ${markdownText(query.name)}`;
  const head = `**query_${query.id}** · query${name}`;
  if (!query.hasResult) return [head, '_No result yet: its columns show once it has run._'];
  const listed = columns.slice(0, HOVER_COLUMNS).map((c) => `\`${c.name}\` ${c.type}`);
  if (columns.length > HOVER_COLUMNS) listed.push(`… ${columns.length - HOVER_COLUMNS} more`);
  return [`${head} · ${columns.length} columns`, listed.join('  \n')];
}

/**
 * Hover text (markdown lines) for the identifier at `offset`, with its range: a column's type, a
 * table, or a function of the dialect with its signature and doc.
 */
export function hoverAt(sql: string, offset: number, catalog: Catalog, dialect: Dialect) {
  const id = identifierAt(sql, offset);
  if (!id) return null;
  const scope = scopeAt(sql, offset);
  const columns = id.qualifier.length
    ? qualifiedColumns(id.qualifier, scope, catalog)
    : scope.tables.flatMap((r) => relationColumns(r, scope, catalog));
  const matches = columns.filter((c) => lower(c.name) === lower(id.name));
  const range = { start: id.start, end: id.end };
  if (matches.length) {
    const lines = [
      ...new Set(matches.map((c) => `\`${c.name}\` **${c.type ?? 'unknown type'}** · ${c.source}`)),
    ];
    return { ...range, contents: lines };
  }
  const table = findTable(catalog, [...id.qualifier, id.name]);
  if (table)
    return {
      ...range,
      contents: table.query
        ? queryTableHover(table.query, table.columns)
        : [`**${table.fullName}** · ${table.type} · ${table.columns.length} columns`],
    };
  const fn = id.qualifier.length ? undefined : functionNamed(dialect, id.name);
  if (fn) return { ...range, contents: [`\`${fn.signature}\``, fn.doc] };
  return null;
}
