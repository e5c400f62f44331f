import { isCode, isIdent, isKeyword, lex, type Token } from './lexer.js';

/**
 * `query_<id>` in SQL: a saved query's result read as a table, in the hosted service's two
 * forms (its docs, "Query Views"): the name `query_1234`, and the quoted name
 * `"query_1234(chain='base', n='10')"` that passes values to the referenced query's parameters.
 * The server plans runs with it (server/executions/query-references.ts); the editor completes
 * and describes references with it. Pure: no I/O.
 */
export type QueryReference = {
  queryId: number;
  /**
   * The name the SQL reads it by, as DuckDB matches names (case-insensitively): `query_12`, or
   * the quoted form's text, lower-cased. Two references with the same name are one table.
   */
  name: string;
  /** The values the quoted form passes, by parameter name, as written (see referenceValue). */
  args: Record<string, string>;
  /** Where the name stands in the SQL. */
  start: number;
  end: number;
  /** Where the quoted form's `(` stands (values start after it); undefined for the plain name. */
  argsStart?: number;
};

/** A reference written wrongly (`"query_1(chain=base)"`): where, and what is wrong. */
export type ReferenceProblem = { message: string; start: number; end: number };

/** The longest id a reference takes (ids are positive 32-bit integers). */
const MAX_ID = 2 ** 31 - 1;
/** Values a quoted reference passes, at most, and the length of its text. */
export const REFERENCE_LIMITS = { args: 100, text: 65_536 } as const;

const PLAIN = /^query_(\d+)$/i;
const QUOTED = /^query_(\d+)\s*(?:\(([\s\S]*)\))?\s*$/i;
/** `key = 'value'` with `\'` and `\\` escapes in the value, then `,` or the end. */
const ARG = /\s*([^\s=,'()][^=,'()]*?)\s*=\s*'((?:[^'\\]|\\[\s\S])*)'\s*(,|$)/y;

/**
 * The references in `sql` (a statement or several) and the problems of those written wrongly.
 * A name counts where it stands as a table could: not after a `.` (`dune.query_1` is another
 * table), not where a CTE of that name is defined (`query_1 AS (…)`), and not anywhere when a
 * CTE of the statement has that name, since the CTE is what the SQL then reads.
 */
export function queryReferences(sql: string): {
  refs: QueryReference[];
  problems: ReferenceProblem[];
} {
  const tokens = lex(sql, { placeholders: false }).tokens.filter(isCode);
  const refs: QueryReference[] = [];
  const problems: ReferenceProblem[] = [];
  const ctes = cteNames(tokens);
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (!isIdent(t) || tokens[i - 1]?.text === '.') continue;
    const found = t.kind === 'word' ? plainReference(t) : quotedReference(t);
    if (found === null) continue;
    if ('message' in found) {
      problems.push(found);
      continue;
    }
    if (ctes.has(found.name) || definesCte(tokens, i)) continue;
    refs.push(found);
  }
  return { refs, problems };
}

function plainReference(t: Token): QueryReference | ReferenceProblem | null {
  const m = PLAIN.exec(t.text);
  if (!m) return null;
  const id = referenceId(m[1]!, t);
  if (typeof id !== 'number') return id;
  return { queryId: id, name: `query_${id}`, args: {}, start: t.start, end: t.end };
}

function quotedReference(t: Token): QueryReference | ReferenceProblem | null {
  const inner = t.open ? t.text.slice(1) : t.text.slice(1, -1);
  const m = QUOTED.exec(inner);
  if (!m) return null;
  const id = referenceId(m[1]!, t);
  if (typeof id !== 'number') return id;
  const text = inner.replace(/""/g, '"');
  if (text.length > REFERENCE_LIMITS.text)
    return problem(t, `a query reference is longer than ${REFERENCE_LIMITS.text} characters`);
  const args: Record<string, string> = {};
  const list = m[2];
  if (list !== undefined && list.trim() !== '') {
    const body = list.replace(/""/g, '"');
    ARG.lastIndex = 0;
    let at = 0;
    while (at < body.length) {
      ARG.lastIndex = at;
      const a = ARG.exec(body);
      if (!a)
        return problem(
          t,
          `query_${id}: write the values as name='value', separated by commas (at "${clip(body.slice(at))}")`,
        );
      const key = a[1]!;
      if (Object.hasOwn(args, key)) return problem(t, `query_${id}: "${key}" is given twice`);
      args[key] = a[2]!.replace(/\\([\s\S])/g, '$1');
      at = ARG.lastIndex;
      if (a[3] === ',' && at >= body.length)
        return problem(t, `query_${id}: a value is missing after the last comma`);
      if (Object.keys(args).length > REFERENCE_LIMITS.args)
        return problem(t, `query_${id}: at most ${REFERENCE_LIMITS.args} values`);
    }
  }
  const argsStart = list === undefined ? undefined : t.start + 1 + inner.indexOf('(');
  return { queryId: id, name: text.toLowerCase(), args, start: t.start, end: t.end, argsStart };
}

function referenceId(digits: string, t: Token): number | ReferenceProblem {
  const id = Number(digits);
  if (!Number.isSafeInteger(id) || id < 1 || id > MAX_ID)
    return problem(t, `query_${clip(digits)}: not a query id (a whole number from 1 to ${MAX_ID})`);
  return id;
}

const problem = (t: Token, message: string): ReferenceProblem => ({
  message,
  start: t.start,
  end: t.end,
});

const clip = (s: string) => (s.length > 40 ? `${s.slice(0, 37)}...` : s);

/** Whether the name at `i` is where a CTE is defined: `name [(cols)] AS (`. */
function definesCte(tokens: Token[], i: number): boolean {
  let j = i + 1;
  if (tokens[j]?.text === '(') {
    let depth = 0;
    for (; j < tokens.length; j++) {
      if (tokens[j]!.text === '(') depth++;
      else if (tokens[j]!.text === ')' && --depth === 0) break;
    }
    j++;
  }
  if (!isKeyword(tokens[j], 'AS')) return false;
  let k = j + 1;
  if (isKeyword(tokens[k], 'NOT')) k++;
  if (isKeyword(tokens[k], 'MATERIALIZED')) k++;
  return tokens[k]?.text === '(';
}

/** The names CTEs are defined with anywhere in the SQL, as references would name them. */
function cteNames(tokens: Token[]): Set<string> {
  const names = new Set<string>();
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (!isIdent(t) || !definesCte(tokens, i)) continue;
    const r = t.kind === 'word' ? plainReference(t) : quotedReference(t);
    if (r && !('message' in r)) names.add(r.name);
  }
  return names;
}

/** Typed literal forms the hosted service passes values in: `uint256 '1'`, `date '2024-01-01'`. */
const TYPED =
  /^(?:uint256|int256|varchar|char|date|time|timestamp|decimal|double|real|bigint|integer|int|smallint|tinyint|varbinary|boolean)\s*'((?:[^']|'')*)'$/i;
const QUOTED_VALUE = /^'((?:[^']|'')*)'$/;
const ARRAY = /^array\s*\[([\s\S]*)\]$/i;

/**
 * A passed value as the text of a parameter value (one, or a list for `array[…]`): the hosted
 * service substitutes the text as SQL, so its users write a string as `'ethereum'` (quotes
 * included) and other types as literals (`uint256 '1'`, `timestamp '2024-01-01 00:00:00'`).
 * Strata reads them as values, never as SQL: the quotes or the type name around a literal are
 * taken off, an `array[…]` of literals is a list, and anything else is the value as written.
 * The referenced query's parameter types then check the value as any value is checked.
 */
export function referenceValue(written: string): string | string[] {
  const text = written.trim();
  const array = ARRAY.exec(text);
  if (array) return arrayItems(array[1]!);
  return scalarValue(text);
}

function scalarValue(text: string): string {
  const quoted = QUOTED_VALUE.exec(text) ?? TYPED.exec(text);
  return quoted ? quoted[1]!.replace(/''/g, "'") : text;
}

function arrayItems(body: string): string[] {
  const items: string[] = [];
  let start = 0;
  const tokens = lex(body, { placeholders: false }).tokens;
  for (const t of tokens) {
    if (t.kind === 'punct' && t.text === ',') {
      items.push(body.slice(start, t.start));
      start = t.end;
    }
  }
  items.push(body.slice(start));
  return items
    .map((s) => s.trim())
    .filter((s, i, all) => s !== '' || all.length > 1)
    .map(scalarValue);
}
