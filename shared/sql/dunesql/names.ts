/**
 * Names as DuneSQL has them. Words DuckDB reserves but DuneSQL (Trino) lets a query use as names
 * (`to`, `all`, `limit`, `at`, …) are quoted where they stand as names, never where they are
 * keywords (`UNION ALL`, `SELECT ALL x`, `x > ALL (…)`, `INTERVAL '1' DAY TO SECOND`, `ORDER BY
 * x DESC`). And every select expression without a name gets Trino's: `_col` and its 0-based
 * position in its select list, in every select list (so CTEs and subqueries are named as Trino
 * names them); plain column references keep their own names. The columns of a VALUES list are
 * named so too.
 */
import { append, prepend, replace } from './edits';
import { isHexLiteral } from './literals';
import type { Pass } from './pass';
import { argsOf, type Code, isPunct, isWord, upper, words } from './tokens';

/**
 * DuckDB's reserved words and the ones it allows as function or type names only
 * (duckdb_keywords(): `reserved`, `type_function`) that DuneSQL does not reserve, less those
 * DuckDB takes unquoted as names anyway (`map`, `struct`, `columns`, `generated`, `try_cast`)
 * and `array` (`ARRAY[…]` is syntax in both). Checked against DuckDB in
 * server/engine/dunesql-rewrite.test.ts.
 */
export const DUCKDB_ONLY_RESERVED = words(
  'all analyse analyze any asc asymmetric both check collate column default deferrable desc do ' +
    'fetch foreign initially lambda lateral leading limit offset only pivot pivot_longer ' +
    'pivot_wider placing primary qualify references returning show some summarize symmetric to ' +
    'trailing unique unpivot variadic window ' +
    // type_function
    'anti at authorization binary collation concurrently freeze glob ilike isnull notnull ' +
    'overlaps positional semi similar tablesample unpack verbose',
);

/** Words after which an operand (a name) starts. */
const BEFORE = words(
  'select where and or not on by having when then else case distinct between like as from join ' +
    'with recursive over',
);
const BEFORE_PUNCT = new Set('( , [ = < > ! + - * / % | ^ & ~ :'.split(' '));
/** Words that may follow an operand. */
const AFTER = words(
  'from where as and or is in not between like group order having limit offset union intersect ' +
    'except window then else end when asc desc nulls on using join inner left right full cross ' +
    'natural at fetch escape',
);
const AFTER_PUNCT = new Set(') , ] ; . = < > ! + - / % | ^ & : ['.split(' '));
/** What may follow a table's or a select expression's alias. */
const ALIAS_AFTER = words(
  'from where on using join left right inner full cross natural group order having limit ' +
    'offset union intersect except window',
);
/** Keywords: a word among them does not end an operand, so the word after it is no alias. */
const KEYWORDS = words(
  'select distinct all from join on as by where and or not when then else case is in like ' +
    'between union intersect except rows row first next last lateral with recursive over ' +
    'partition having limit offset interval escape at zone to any some exists array filter ' +
    'within order range preceding following unbounded current nulls asc desc group window ' +
    'using left right inner outer full cross natural unnest ordinality tablesample',
);
/** Words that end an expression without being its alias. */
const NOT_ALIAS = words('null true false end ordinality');
/** Single words that are values, not column references: they get a `_colN` name. */
const NILADIC = words(
  'true false null current_date current_time current_timestamp localtime localtimestamp ' +
    'current_user current_catalog current_schema current_path current_role',
);
/** Words that end a select list (at its own level of brackets). */
const LIST_END = words(
  'from where group having window qualify order limit offset fetch union intersect except into',
);

/** Whether token `i` ends an operand: a literal, a name, a closing bracket. */
export function endsOperand(c: Code, i: number): boolean {
  const t = c.toks[i];
  if (!t) return false;
  if (t.kind === 'quoted' || t.kind === 'number' || t.kind === 'string') return true;
  if (t.kind === 'punct') return t.text === ')' || t.text === ']';
  return t.kind === 'word' && !KEYWORDS.has(upper(t));
}

/** Whether `(` at `i` holds a list of names only (`t(a, b)`: the columns of an alias). */
function isNameList(c: Code, i: number): boolean {
  const close = c.match[i]!;
  if (close < 0 || close === i + 1) return false;
  for (let k = i + 1; k < close; k++) {
    const t = c.toks[k]!;
    const want = (k - i) % 2 === 1;
    if (want ? t.kind !== 'word' && t.kind !== 'quoted' : !isPunct(t, ',')) return false;
  }
  return (close - i) % 2 === 0;
}

/** Whether the word at `i` (one of DUCKDB_ONLY_RESERVED) stands as a name there. */
function standsAsName(c: Code, i: number): boolean {
  const { toks } = c;
  const word = upper(toks[i]);
  const prev = toks[i - 1];
  const next = toks[i + 1];
  if (isPunct(prev, '.')) return false; // DuckDB takes any word after a dot
  if (word === 'ALL' && ['UNION', 'INTERSECT', 'EXCEPT', 'BY'].includes(upper(prev))) return false;
  if (
    (word === 'BOTH' || word === 'LEADING' || word === 'TRAILING') &&
    isPunct(prev, '(') &&
    isWord(toks[i - 2], 'TRIM')
  )
    return false;
  const afterOk =
    !next ||
    (next.kind === 'punct' && AFTER_PUNCT.has(next.text)) ||
    AFTER.has(upper(next)) ||
    // `to * 2` is an operand; `SELECT ALL * FROM` is not.
    (isPunct(next, '*') &&
      !!toks[i + 2] &&
      !isPunct(toks[i + 2], ',') &&
      !isPunct(toks[i + 2], ')') &&
      !isWord(toks[i + 2], 'FROM'));
  const beforeOk =
    !prev || (prev.kind === 'punct' ? BEFORE_PUNCT.has(prev.text) : BEFORE.has(upper(prev)));
  if (beforeOk && (afterOk || (isWord(prev, 'AS') && isPunct(next, '(') && isNameList(c, i + 1))))
    return true;
  // An alias without AS: `FROM transfers to`, `SELECT amount to`.
  if (['ASC', 'DESC', 'ONLY', 'ISNULL', 'NOTNULL', 'OVERLAPS'].includes(word)) return false;
  if (['ANTI', 'SEMI', 'POSITIONAL'].includes(word) && isWord(next, 'JOIN')) return false;
  const aliasEnd =
    !next ||
    isPunct(next, ',') ||
    isPunct(next, ')') ||
    isPunct(next, ';') ||
    ALIAS_AFTER.has(upper(next)) ||
    (isPunct(next, '(') && isNameList(c, i + 1));
  return aliasEnd && endsOperand(c, i - 1) && !isHexLiteral(toks, i - 1);
}

export function quoteReservedNames({ code: c, edits, taken }: Pass): void {
  c.toks.forEach((t, i) => {
    if (t.kind !== 'word' || taken[i] || !DUCKDB_ONLY_RESERVED.has(upper(t))) return;
    if (!standsAsName(c, i)) return;
    edits.push(replace(t.start, t.end, `"${t.text}"`));
    taken[i] = 1;
  });
}

/** Whether the select expression [a, b] needs a name: it has none and is no column reference. */
function needsName(c: Code, taken: Uint8Array, a: number, b: number): boolean {
  const { toks } = c;
  if (a > b) return false;
  const last = toks[b]!;
  if (isPunct(toks[a], '*')) return false; // `*`, DuckDB's `* EXCLUDE (…)`
  if (isPunct(last, '*') && isPunct(toks[b - 1], '.')) return false; // t.*
  const named = last.kind === 'quoted' || (last.kind === 'word' && !NOT_ALIAS.has(upper(last)));
  if (named && b > a && isWord(toks[b - 1], 'AS')) return false;
  // A word quoted as a name above (`amount to`) is an alias too.
  const quotedName = taken[b] === 1 && DUCKDB_ONLY_RESERVED.has(upper(last));
  if (
    named &&
    b > a &&
    (last.kind === 'quoted' || quotedName || !KEYWORDS.has(upper(last))) &&
    endsOperand(c, b - 1) &&
    !isHexLiteral(toks, b - 1) &&
    !isWord(toks[b - 2], 'INTERVAL')
  )
    return false; // `count(*) n`
  // A column reference: a.b.c
  for (let k = a; k <= b; k++) {
    const t = toks[k]!;
    const ok = (k - a) % 2 === 0 ? t.kind === 'word' || t.kind === 'quoted' : isPunct(t, '.');
    if (!ok) return true;
  }
  if ((b - a) % 2 === 1) return true;
  return a === b && NILADIC.has(upper(toks[a]));
}

/** Gives each unnamed select expression Trino's name, `_colN`. */
export function nameColumns({ code: c, edits, taken }: Pass): void {
  const { toks, match } = c;
  for (let i = 0; i < toks.length; i++) {
    if (!isWord(toks[i], 'SELECT') || taken[i]) continue;
    let k = i + 1;
    if (isWord(toks[k], 'DISTINCT') || isWord(toks[k], 'ALL')) k++;
    if (isWord(toks[k], 'ON') && isPunct(toks[k + 1], '(') && isWord(toks[k - 1], 'DISTINCT'))
      k = match[k + 1]! + 1; // DuckDB's DISTINCT ON (…)
    if (k <= 0) continue;
    let first = k;
    let item = 0;
    for (; k <= toks.length; k++) {
      const t = toks[k];
      const end =
        !t ||
        isPunct(t, ')') ||
        isPunct(t, ']') ||
        isPunct(t, ';') ||
        (LIST_END.has(upper(t)) &&
          !(taken[k] && DUCKDB_ONLY_RESERVED.has(upper(t))) && // `count(*) limit`: a name
          !(isWord(t, 'FROM') && isWord(toks[k - 1], 'DISTINCT')) &&
          !(isWord(t, 'GROUP') && isWord(toks[k - 1], 'WITHIN')));
      if (end || isPunct(t, ',')) {
        if (needsName(c, taken, first, k - 1))
          edits.push(append(toks[k - 1]!.end, ` AS _col${item}`));
        if (end) break;
        first = k + 1;
        item++;
      } else if ((isPunct(t, '(') || isPunct(t, '[')) && match[k]! > k) k = match[k]!;
      else if (isPunct(t, '(') || isPunct(t, '[')) break; // unbalanced: DuckDB will say
    }
  }
}

/** Words that end a VALUES list's rows at its own level of brackets. */
const VALUES_END = words('order limit offset fetch union intersect except');

/**
 * Gives the columns of a VALUES list Trino's names, `_col0`, `_col1`, … (DuckDB's are `col0`, …):
 * `VALUES rows` becomes `SELECT * FROM (VALUES rows) AS _values(_col0, …)`, the count of
 * columns read from the first row. Only where a VALUES list stands as a query of its own, at the
 * start of a statement or of brackets (`FROM (VALUES …) AS t`, `WITH t AS (VALUES …)`): names
 * given outside (`AS t(a, b)`, `WITH t(a, b)`) still rename its columns by position.
 */
export function nameValuesColumns({ code: c, edits, taken }: Pass): void {
  const { toks, match } = c;
  for (let v = 0; v < toks.length; v++) {
    if (!isWord(toks[v], 'VALUES') || taken[v]) continue;
    const prev = toks[v - 1];
    if (prev && !isPunct(prev, '(') && !isPunct(prev, ';')) continue;
    let end = v + 1; // the token after the rows
    for (; end < toks.length; end++) {
      const t = toks[end]!;
      if (isPunct(t, ')') || isPunct(t, ';') || VALUES_END.has(upper(t))) break;
      if ((isPunct(t, '(') || isPunct(t, '[')) && match[end]! > end) end = match[end]!;
    }
    if (end === v + 1) continue; // no rows: DuckDB will say
    // The rows, split at their own commas; DuckDB takes only bracketed ones (`VALUES 1, 2`
    // is Trino's too), so a row of one value gets its brackets.
    const rows: [number, number][] = [];
    let from = v + 1;
    for (let k = v + 1; k <= end; k++) {
      if (k < end && (isPunct(toks[k], '(') || isPunct(toks[k], '[')) && match[k]! > k)
        k = match[k]!;
      else if (k === end || isPunct(toks[k], ',')) {
        rows.push([from, k - 1]);
        from = k + 1;
      }
    }
    const tuple = ([a, b]: [number, number]) => isPunct(toks[a], '(') && match[a] === b;
    for (const row of rows)
      if (!tuple(row) && row[0] <= row[1])
        edits.push(prepend(toks[row[0]]!.start, '('), append(toks[row[1]]!.end, ')'));
    const count = tuple(rows[0]!) ? argsOf(c, rows[0]![0]).length : 1;
    const names = Array.from({ length: count }, (_, k) => `_col${k}`).join(', ');
    edits.push(
      prepend(toks[v]!.start, 'SELECT * FROM ('),
      append(toks[end - 1]!.end, `) AS _values(${names})`),
    );
    taken[v] = 1;
  }
}
