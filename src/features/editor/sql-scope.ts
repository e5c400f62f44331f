import { identName, isIdent, isKeyword, type Token } from '../../../shared/sql/lexer';

/** A relation in a FROM or JOIN: a table, a subquery or a table function, maybe aliased. */
export type TableRef = {
  kind: 'table' | 'subquery' | 'function';
  /** Name parts as written (`dex.trades` → ['dex', 'trades']); [] for a subquery. */
  name: string[];
  alias: string | null;
  /** Output columns the SQL itself names (a subquery's select list, `AS t(a, b)`). */
  columns: string[];
  /** Relations (by name parts) whose columns a `*` in the subquery brings in. */
  starFrom: string[][];
};

/** A common table expression: `WITH name [(columns)] AS (body)`. */
export type Cte = { name: string; columns: string[]; starFrom: string[][] };

export type SqlScope = { tables: TableRef[]; ctes: Cte[] };

/** Words that end a relation in a FROM list, so they are never read as its alias. */
const NOT_ALIAS = new Set(
  (
    'WHERE JOIN INNER LEFT RIGHT FULL OUTER CROSS NATURAL ASOF POSITIONAL SEMI ANTI ON USING ' +
    'GROUP ORDER HAVING LIMIT OFFSET UNION EXCEPT INTERSECT QUALIFY WINDOW SAMPLE TABLESAMPLE ' +
    'PIVOT UNPIVOT LATERAL AS SELECT FROM SET VALUES RETURNING FETCH FOR AND OR NOT IN IS BY ' +
    'WITH INTO'
  ).split(' '),
);

/** Words that are never a select item's implicit alias, or never come right before one. */
const NOT_NAME = new Set('END NULL TRUE FALSE ASC DESC'.split(' '));
const OPERATOR_WORDS = new Set(
  'AND OR NOT IS IN LIKE ILIKE BETWEEN THEN ELSE WHEN CASE DISTINCT SELECT'.split(' '),
);

/** Keywords that end a select list at its own depth. */
const SELECT_END = new Set(
  'FROM WHERE GROUP ORDER LIMIT OFFSET HAVING UNION EXCEPT INTERSECT QUALIFY WINDOW INTO'.split(
    ' ',
  ),
);

const isPunct = (t: Token | undefined, p: string) => !!t && t.kind === 'punct' && t.text === p;

/** Index of the `)` matching the `(` at `open` (or the end of the tokens). */
export function matchingParen(tokens: Token[], open: number): number {
  let depth = 0;
  for (let i = open; i < tokens.length; i++) {
    if (isPunct(tokens[i], '(')) depth++;
    else if (isPunct(tokens[i], ')') && --depth === 0) return i;
  }
  return tokens.length;
}

/** Index of the `(` that encloses `index`, or -1 at top level. */
function enclosingParen(tokens: Token[], index: number): number {
  let depth = 0;
  for (let i = index - 1; i >= 0; i--) {
    if (isPunct(tokens[i], ')')) depth++;
    else if (isPunct(tokens[i], '(')) {
      if (depth === 0) return i;
      depth--;
    }
  }
  return -1;
}

/** Whether a FROM at `index` belongs to a query (not `EXTRACT(year FROM ts)` and the like). */
function isQueryFrom(tokens: Token[], index: number): boolean {
  const open = enclosingParen(tokens, index);
  if (open < 0) return true;
  return isKeyword(tokens[open + 1], 'SELECT', 'WITH', 'FROM', 'VALUES');
}

/** A dotted name `a.b.c` starting at `i`: its parts and the index after it. */
function dottedName(tokens: Token[], i: number): { parts: string[]; next: number } | null {
  if (!isIdent(tokens[i])) return null;
  const parts = [identName(tokens[i]!)];
  let j = i + 1;
  while (isPunct(tokens[j], '.') && isIdent(tokens[j + 1])) {
    parts.push(identName(tokens[j + 1]!));
    j += 2;
  }
  return { parts, next: j };
}

/** `(a, b, c)` at `i`: the names, and the index after the `)`. */
function nameList(tokens: Token[], i: number): { names: string[]; next: number } {
  const close = matchingParen(tokens, i);
  const names = tokens
    .slice(i + 1, close)
    .filter(isIdent)
    .map(identName);
  return { names, next: close + 1 };
}

/** One relation of a FROM list at `i`, or null when none starts there. */
function relationAt(tokens: Token[], i: number): { ref: TableRef; next: number } | null {
  let j = i;
  while (isKeyword(tokens[j], 'LATERAL', 'ONLY')) j++;
  let ref: TableRef;
  if (isPunct(tokens[j], '(')) {
    const close = matchingParen(tokens, j);
    const body = selectOutput(tokens.slice(j + 1, close));
    ref = { kind: 'subquery', name: [], alias: null, ...body };
    j = close + 1;
  } else {
    const name = dottedName(tokens, j);
    if (!name || NOT_ALIAS.has(name.parts[0]!.toUpperCase())) return null;
    ref = { kind: 'table', name: name.parts, alias: null, columns: [], starFrom: [] };
    j = name.next;
    if (isPunct(tokens[j], '(')) {
      ref.kind = 'function';
      j = matchingParen(tokens, j) + 1;
    }
  }
  if (isKeyword(tokens[j], 'AS') && isIdent(tokens[j + 1])) {
    ref.alias = identName(tokens[j + 1]!);
    j += 2;
  } else if (isIdent(tokens[j]) && !NOT_ALIAS.has(tokens[j]!.text.toUpperCase())) {
    ref.alias = identName(tokens[j]!);
    j++;
  }
  if (ref.alias && isPunct(tokens[j], '(')) {
    const list = nameList(tokens, j);
    ref.columns = list.names;
    j = list.next;
  }
  return { ref, next: j };
}

/** Every relation named after a FROM or JOIN anywhere in the tokens (subqueries included). */
export function tableRefs(tokens: Token[]): TableRef[] {
  const refs: TableRef[] = [];
  tokens.forEach((t, i) => {
    if (!isKeyword(t, 'FROM', 'JOIN')) return;
    if (isKeyword(t, 'FROM') && !isQueryFrom(tokens, i)) return;
    let j = i + 1;
    for (;;) {
      const r = relationAt(tokens, j);
      if (!r) break;
      refs.push(r.ref);
      j = r.next;
      if (!isKeyword(t, 'FROM') || !isPunct(tokens[j], ',')) break;
      j++;
    }
  });
  return refs;
}

/** Splits tokens on commas at depth 0. */
function splitTopLevel(tokens: Token[]): Token[][] {
  const items: Token[][] = [[]];
  let depth = 0;
  for (const t of tokens) {
    if (isPunct(t, '(')) depth++;
    else if (isPunct(t, ')')) depth--;
    if (depth === 0 && isPunct(t, ',')) items.push([]);
    else items[items.length - 1]!.push(t);
  }
  return items.filter((it) => it.length > 0);
}

/** The output name of one select item, or a star (with its qualifier), or nothing. */
function itemOutput(item: Token[]): { name: string } | { star: string | null } | null {
  const last = item[item.length - 1];
  const prev = item[item.length - 2];
  if (isPunct(last, '*')) {
    if (isPunct(prev, '.') && isIdent(item[item.length - 3]))
      return { star: identName(item[item.length - 3]!) };
    return item.length === 1 ? { star: null } : null;
  }
  if (!isIdent(last)) return null;
  if (item.length === 1 || isPunct(prev, '.') || isKeyword(prev, 'AS'))
    return { name: identName(last) };
  if (
    last.kind === 'word' &&
    (NOT_NAME.has(last.text.toUpperCase()) || NOT_ALIAS.has(last.text.toUpperCase()))
  )
    return null;
  const implicitAlias =
    prev &&
    (prev.kind === 'string' ||
      prev.kind === 'number' ||
      prev.kind === 'param' ||
      isPunct(prev, ')') ||
      (isIdent(prev) && !OPERATOR_WORDS.has(prev.text.toUpperCase())));
  return implicitAlias ? { name: identName(last) } : null;
}

/** The columns a query body outputs, as far as its first select list tells. */
export function selectOutput(body: Token[]): { columns: string[]; starFrom: string[][] } {
  const columns: string[] = [];
  const starFrom: string[][] = [];
  let depth = 0;
  let selectAt = -1;
  for (let i = 0; i < body.length && selectAt < 0; i++) {
    if (isPunct(body[i], '(')) depth++;
    else if (isPunct(body[i], ')')) depth--;
    else if (depth === 0 && isKeyword(body[i], 'SELECT')) selectAt = i;
  }
  if (selectAt < 0) return { columns, starFrom };
  let start = selectAt + 1;
  while (isKeyword(body[start], 'DISTINCT', 'ALL')) start++;
  if (isKeyword(body[start], 'ON') && isPunct(body[start + 1], '('))
    start = matchingParen(body, start + 1) + 1;
  let end = start;
  depth = 0;
  for (; end < body.length; end++) {
    if (isPunct(body[end], '(')) depth++;
    else if (isPunct(body[end], ')')) depth--;
    else if (
      depth === 0 &&
      body[end]!.kind === 'word' &&
      SELECT_END.has(body[end]!.text.toUpperCase())
    )
      break;
  }
  const ownRefs = tableRefs(body.slice(end));
  for (const item of splitTopLevel(body.slice(start, end))) {
    const out = itemOutput(item);
    if (!out) continue;
    if ('name' in out) columns.push(out.name);
    else {
      const lower = out.star?.toLowerCase();
      for (const ref of ownRefs) {
        const refName = ref.alias ?? ref.name[ref.name.length - 1] ?? '';
        if (lower !== undefined && refName.toLowerCase() !== lower) continue;
        if (ref.kind === 'table') starFrom.push(ref.name);
        else columns.push(...ref.columns);
      }
    }
  }
  return { columns, starFrom };
}

/** Every CTE defined in the tokens (`WITH [RECURSIVE] a AS (...), b(x, y) AS (...)`). */
export function cteDefs(tokens: Token[]): Cte[] {
  const ctes: Cte[] = [];
  tokens.forEach((t, i) => {
    if (!isKeyword(t, 'WITH')) return;
    let j = i + 1;
    if (isKeyword(tokens[j], 'RECURSIVE')) j++;
    while (isIdent(tokens[j])) {
      const name = identName(tokens[j]!);
      j++;
      let explicit: string[] | null = null;
      if (isPunct(tokens[j], '(')) {
        const list = nameList(tokens, j);
        explicit = list.names;
        j = list.next;
      }
      if (!isKeyword(tokens[j], 'AS')) break;
      j++;
      while (isKeyword(tokens[j], 'NOT', 'MATERIALIZED')) j++;
      if (!isPunct(tokens[j], '(')) break;
      const close = matchingParen(tokens, j);
      const body = selectOutput(tokens.slice(j + 1, close));
      ctes.push(explicit ? { name, columns: explicit, starFrom: [] } : { name, ...body });
      j = close + 1;
      if (!isPunct(tokens[j], ',')) break;
      j++;
    }
  });
  return ctes;
}

/** The relations and CTEs a statement's code tokens bring into scope. */
export function sqlScope(code: Token[]): SqlScope {
  return { tables: tableRefs(code), ctes: cteDefs(code) };
}
