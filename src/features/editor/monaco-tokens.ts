import type * as Monaco from 'monaco-editor/editor/editor.api';
import { lex, type LexState, type Token } from '../../../shared/sql/lexer';
import { DUCKDB_FUNCTIONS } from './duckdb-functions';
import { SQL_KEYWORDS } from './sql-keywords';

/**
 * Monaco's colours for SQL from the shared lexer (shared/sql/lexer.ts), a line at a time: the
 * editor paints strings, comments, dollar quotes, escape strings and `{{placeholders}}` (in
 * strings and comments too) exactly where the server reads them. Scopes are those Monaco's
 * themes colour for SQL (`string.sql`, `predefined.sql`, ...). A placeholder whose name spans
 * lines is painted as the text around it.
 */

const KEYWORDS = new Set(SQL_KEYWORDS);
const FUNCTIONS = new Set(DUCKDB_FUNCTIONS.map((f) => f.name.toLowerCase()));
const PARAM = 'variable.sql';

function scopeOf(t: Token): string {
  switch (t.kind) {
    case 'word':
      if (KEYWORDS.has(t.text.toUpperCase())) return 'keyword.sql';
      return FUNCTIONS.has(t.text.toLowerCase()) ? 'predefined.sql' : 'identifier.sql';
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

/** Monaco's tokens of one line, lexed from where the line before it ended. */
export function tokenizeLine(line: string, from: LexState) {
  const { tokens, placeholders, state } = lex(line, { from });
  const out: Monaco.languages.IToken[] = [];
  const add = (startIndex: number, scopes: string) => {
    if (out[out.length - 1]?.startIndex === startIndex) out.pop();
    out.push({ startIndex, scopes });
  };
  let p = 0;
  for (const t of tokens) {
    const scope = scopeOf(t);
    add(t.start, scope);
    for (; placeholders[p]?.in === t; p++) {
      add(placeholders[p]!.start, PARAM);
      if (placeholders[p]!.end < t.end) add(placeholders[p]!.end, scope);
    }
  }
  return { tokens: out, state };
}

export const sqlTokensProvider: Monaco.languages.TokensProvider = {
  getInitialState: () => new LineState({ in: 'code' }),
  tokenize(line, state) {
    const { tokens, state: end } = tokenizeLine(line, (state as LineState).at);
    return { tokens, endState: new LineState(end) };
  },
};
