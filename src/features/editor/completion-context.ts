import {
  identName,
  isCode,
  isIdent,
  isKeyword,
  lexSql,
  type Token,
} from '../../../shared/sql/lexer';
import { sqlScope, type SqlScope } from './sql-scope';
import { splitStatements } from './statements';

export type { Cte, SqlScope, TableRef } from './sql-scope';

/** What is being completed at the cursor. */
export type CompletionTarget =
  /** Inside a string, comment, number or parameter; or naming an alias after AS. */
  | { kind: 'none' }
  /** After `qualifier.`: an alias's or table's columns, or a schema's tables. */
  | { kind: 'member'; qualifier: string[] }
  /** After FROM / JOIN (or a comma in a FROM list): tables, schemas, CTEs. */
  | { kind: 'table' }
  /** Right after a relation in FROM (`FROM t |`): an alias or the next clause's keyword. */
  | { kind: 'keyword' }
  /** Where a cast names its type: `CAST(x AS |`, `TRY_CAST(x AS |`, `x::|`. */
  | { kind: 'type' }
  /** Anywhere else: columns in scope, functions, keywords. */
  | { kind: 'column' };

export type CompletionContext = {
  target: CompletionTarget;
  /** The part of the word typed so far, and where it starts (the range a completion replaces). */
  prefix: string;
  prefixStart: number;
  /** Relations and CTEs of the statement the cursor is in. */
  scope: SqlScope;
};

const TABLE_KEYWORDS = ['FROM', 'JOIN', 'INTO', 'UPDATE', 'TABLE', 'DESCRIBE', 'SUMMARIZE'];
const CLAUSE_KEYWORDS = new Set(
  'SELECT FROM JOIN WHERE GROUP ORDER HAVING ON USING LIMIT SET VALUES QUALIFY WINDOW BY WITH'.split(
    ' ',
  ),
);

const isPunct = (t: Token | undefined, p: string) => !!t && t.kind === 'punct' && t.text === p;

/** Whether `offset` lies inside the token (where typing adds to it). */
function inside(t: Token, offset: number): boolean {
  if (offset <= t.start) return false;
  if (t.kind === 'word' || t.kind === 'number' || t.kind === 'param') return offset <= t.end;
  if (t.kind === 'comment' && t.text.startsWith('--')) return offset <= t.end;
  return offset < t.end || (offset === t.end && !!t.open);
}

/** The tokens of the statement whose segment holds `offset` (the `;` ends a segment). */
function statementTokens(sql: string, tokens: Token[], offset: number): Token[] {
  const st = splitStatements(sql, tokens).find(
    (s) => offset >= s.segmentStart && offset <= s.segmentEnd,
  );
  if (!st) return [];
  return tokens.filter((t) => t.start >= st.segmentStart && t.end <= st.segmentEnd);
}

/** The nearest clause keyword before the end of `before`, at the same parenthesis depth. */
function clauseKeyword(before: Token[]): string | null {
  let depth = 0;
  for (let i = before.length - 1; i >= 0; i--) {
    const t = before[i]!;
    if (isPunct(t, ')')) depth++;
    else if (isPunct(t, '(')) {
      if (depth === 0) return null;
      depth--;
    } else if (depth === 0 && t.kind === 'word' && CLAUSE_KEYWORDS.has(t.text.toUpperCase()))
      return t.text.toUpperCase();
  }
  return null;
}

/** `a.b.` right before `end`: the qualifier parts (adjacent tokens only), or null. */
function qualifierBefore(before: Token[], end: number): string[] | null {
  let i = before.length - 1;
  if (!isPunct(before[i], '.') || before[i]!.end !== end) return null;
  const parts: string[] = [];
  let pos = before[i]!.start;
  i--;
  while (isIdent(before[i]) && before[i]!.end === pos) {
    parts.unshift(identName(before[i]!));
    pos = before[i]!.start;
    if (!isPunct(before[i - 1], '.') || before[i - 1]!.end !== pos) break;
    pos = before[i - 1]!.start;
    i -= 2;
  }
  return parts.length ? parts : [];
}

/** Whether the code before the cursor ends where a cast names its type. */
function typeExpected(before: Token[]): boolean {
  const last = before[before.length - 1];
  const prev = before[before.length - 2];
  if (isPunct(last, ':') && isPunct(prev, ':') && prev!.end === last!.start) return true;
  if (!isKeyword(last, 'AS')) return false;
  // `AS` names a type right inside `CAST(` or `TRY_CAST(` (elsewhere it names an alias).
  let depth = 0;
  for (let i = before.length - 2; i >= 0; i--) {
    const t = before[i]!;
    if (isPunct(t, ')')) depth++;
    else if (isPunct(t, '(')) {
      if (depth === 0) return isKeyword(before[i - 1], 'CAST', 'TRY_CAST');
      depth--;
    }
  }
  return false;
}

function targetOf(before: Token[], prefixStart: number): CompletionTarget {
  const qualifier = qualifierBefore(before, prefixStart);
  if (qualifier) return qualifier.length ? { kind: 'member', qualifier } : { kind: 'none' };
  const last = before[before.length - 1];
  if (!last) return { kind: 'column' };
  if (isKeyword(last, ...TABLE_KEYWORDS)) return { kind: 'table' };
  if (typeExpected(before)) return { kind: 'type' };
  if (isKeyword(last, 'AS')) return { kind: 'none' };
  const clause = clauseKeyword(before);
  const inFrom = clause === 'FROM' || clause === 'JOIN';
  if (isPunct(last, ',')) return clause === 'FROM' ? { kind: 'table' } : { kind: 'column' };
  if (inFrom && (isIdent(last) || isPunct(last, ')'))) return { kind: 'keyword' };
  return { kind: 'column' };
}

/** What to complete at `offset` of `sql`, and what the statement there has in scope. */
export function completionContext(sql: string, offset: number): CompletionContext {
  const tokens = lexSql(sql);
  const stmt = statementTokens(sql, tokens, offset);
  const code = stmt.filter(isCode);
  const scope = sqlScope(code);
  const at = stmt.find((t) => inside(t, offset));
  const none = (): CompletionContext => ({
    target: { kind: 'none' },
    prefix: '',
    prefixStart: offset,
    scope,
  });
  if (at && at.kind !== 'word' && at.kind !== 'quoted' && at.kind !== 'space') return none();
  const word = at && (at.kind === 'word' || at.kind === 'quoted') ? at : undefined;
  const prefixStart = word ? word.start : offset;
  const prefix = word
    ? identName({ ...word, text: sql.slice(word.start, offset), open: true })
    : '';
  const before = code.filter((t) => t.end <= prefixStart);
  return { target: targetOf(before, prefixStart), prefix, prefixStart, scope };
}

/** The identifier under `offset` with the qualifier written before it (`t.amount` → t). */
export type IdentifierAt = { name: string; qualifier: string[]; start: number; end: number };

export function identifierAt(sql: string, offset: number): IdentifierAt | null {
  const tokens = lexSql(sql);
  const stmt = statementTokens(sql, tokens, offset);
  const index = stmt.findIndex((t) => isIdent(t) && offset >= t.start && offset <= t.end);
  if (index < 0) return null;
  const t = stmt[index]!;
  const qualifier = qualifierBefore(stmt.slice(0, index), t.start) ?? [];
  return { name: identName(t), qualifier, start: t.start, end: t.end };
}

/** The scope of the statement at `offset` (for hover and other lookups). */
export function scopeAt(sql: string, offset: number): SqlScope {
  const tokens = lexSql(sql);
  return sqlScope(statementTokens(sql, tokens, offset).filter(isCode));
}
