import type * as Monaco from 'monaco-editor/editor/editor.api';
import type { Dialect } from '../../../contract/rules/enums';
import { isBinaryLiteral, isHexLiteral } from '../../../shared/sql/dunesql/literals';
import { lex, type LexState, type Token } from '../../../shared/sql/lexer';
import { functionsOf } from './editor-functions';
import { paintedKeywordsOf } from './sql-keywords';

/**
 * Monaco's colours for SQL from the shared lexer (shared/sql/lexer.ts), a line at a time: the
 * editor paints strings, comments, dollar quotes, escape strings and `{{placeholders}}` (in
 * strings and comments too) exactly where the server reads them. Scopes are those Monaco's
 * themes colour for SQL (`string.sql`, `predefined.sql`, ...). A placeholder whose name spans
 * lines is painted as the text around it. Keywords and functions are the dialect's; in DuneSQL
 * a varbinary literal (`0xabcd`, `X'abcd'`) is painted whole as a number or a string.
 */

type Words = { keywords: ReadonlySet<string>; functions: Set<string> };
const words = new Map<Dialect, Words>();

function wordsOf(dialect: Dialect): Words {
  let w = words.get(dialect);
  if (!w) {
    w = {
      keywords: paintedKeywordsOf(dialect),
      functions: new Set(functionsOf(dialect).map((f) => f.name)),
    };
    words.set(dialect, w);
  }
  return w;
}

const PARAM = 'variable.sql';

function scopeOf(t: Token, w: Words): string {
  switch (t.kind) {
    case 'word':
      if (w.keywords.has(t.text.toUpperCase())) return 'keyword.sql';
      return w.functions.has(t.text.toLowerCase()) ? 'predefined.sql' : 'identifier.sql';
    case 'quoted':
      return 'identifier.sql';
    case 'string':
    case 'number':
    case 'comment':
      return `${t.kind}.sql`;
    case 'param':
      return PARAM;
    case 'space':
      return 'white.sql';
    default:
      return /[;,.]/.test(t.text) ? 'delimiter.sql' : 'operator.sql';
  }
}

/** Where a line ends, as Monaco keeps it between lines (compared by value). */
class LineState implements Monaco.languages.IState {
  constructor(readonly at: LexState) {}
  clone() {
    return this;
  }
  equals(other: Monaco.languages.IState) {
    return other instanceof LineState && JSON.stringify(other.at) === JSON.stringify(this.at);
  }
}

/** Monaco's tokens of one line in a dialect, lexed from where the line before it ended. */
export function tokenizeLine(line: string, from: LexState, dialect: Dialect = 'duckdb') {
  const w = wordsOf(dialect);
  const { tokens, placeholders, state } = lex(line, { from });
  const out: Monaco.languages.IToken[] = [];
  const add = (startIndex: number, scopes: string) => {
    if (out[out.length - 1]?.startIndex === startIndex) out.pop();
    out.push({ startIndex, scopes });
  };
  let p = 0;
  const dune = dialect === 'dunesql';
  // The scope a token passes to the next: `0` and `xabcd` are one DuneSQL literal.
  let carried: string | null = null;
  tokens.forEach((t, i) => {
    const scope = carried ?? (dune && isBinaryLiteral(tokens, i) ? 'string.sql' : scopeOf(t, w));
    carried = dune && isHexLiteral(tokens, i) ? scope : null;
    add(t.start, scope);
    for (; placeholders[p]?.in === t; p++) {
      add(placeholders[p]!.start, PARAM);
      if (placeholders[p]!.end < t.end) add(placeholders[p]!.end, scope);
    }
  });
  return { tokens: out, state };
}

/** Monaco's tokens provider for SQL in a dialect (one per language id, monaco-setup.ts). */
export const sqlTokensProvider = (dialect: Dialect): Monaco.languages.TokensProvider => ({
  getInitialState: () => new LineState({ in: 'code' }),
  tokenize(line, state) {
    const { tokens, state: end } = tokenizeLine(line, (state as LineState).at, dialect);
    return { tokens, endState: new LineState(end) };
  },
});
