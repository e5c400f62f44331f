/**
 * A small SQL lexer: enough to tell code from strings, comments and quoted identifiers, so
 * statement splitting and completion never look inside a literal. Offsets are UTF-16 indexes
 * into the text, as Monaco's model offsets are.
 */
export type TokenKind =
  'word' | 'quoted' | 'string' | 'number' | 'comment' | 'param' | 'punct' | 'space';

export type Token = {
  kind: TokenKind;
  /** The source text of the token (for `quoted`, including the double quotes). */
  text: string;
  start: number;
  end: number;
  /** A string, quoted identifier or block comment that runs to the end of the text. */
  open?: boolean;
};

const WORD_START = /[A-Za-z_\u0080-\uffff]/;
const WORD_PART = /[A-Za-z0-9_$\u0080-\uffff]/;
const DIGIT = /[0-9]/;
const DOLLAR_TAG = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/;
const PARAM = /^\{\{\s*[A-Za-z0-9_]+\s*\}\}/;

/** Index just past a quoted run starting at `i` (the opening quote), doubling escapes it. */
function quotedEnd(text: string, i: number, quote: string, backslash: boolean) {
  let j = i + 1;
  while (j < text.length) {
    const ch = text[j];
    if (backslash && ch === '\\') j += 2;
    else if (ch === quote) {
      if (text[j + 1] === quote) j += 2;
      else return { end: j + 1, open: false };
    } else j++;
  }
  return { end: text.length, open: true };
}

/** Block comments nest, as in DuckDB and PostgreSQL. */
function blockCommentEnd(text: string, i: number) {
  let depth = 0;
  let j = i;
  while (j < text.length) {
    if (text.startsWith('/*', j)) {
      depth++;
      j += 2;
    } else if (text.startsWith('*/', j)) {
      depth--;
      j += 2;
      if (depth === 0) return { end: j, open: false };
    } else j++;
  }
  return { end: text.length, open: true };
}

export function lexSql(text: string): Token[] {
  const tokens: Token[] = [];
  const push = (kind: TokenKind, start: number, end: number, open = false) => {
    const token: Token = { kind, text: text.slice(start, end), start, end };
    if (open) token.open = true;
    tokens.push(token);
  };
  let i = 0;
  /** A token from `start` to the end of a run found by one of the readers above. */
  const take = (kind: TokenKind, start: number, run: { end: number; open: boolean }) => {
    i = run.end;
    push(kind, start, i, run.open);
  };
  while (i < text.length) {
    const ch = text[i]!;
    const start = i;
    if (/\s/.test(ch)) {
      while (i < text.length && /\s/.test(text[i]!)) i++;
      push('space', start, i);
    } else if (text.startsWith('--', i)) {
      const nl = text.indexOf('\n', i);
      i = nl < 0 ? text.length : nl;
      push('comment', start, i);
    } else if (text.startsWith('/*', i)) {
      take('comment', start, blockCommentEnd(text, i));
    } else if (ch === "'") {
      take('string', start, quotedEnd(text, i, "'", false));
    } else if ((ch === 'e' || ch === 'E') && text[i + 1] === "'") {
      take('string', start, quotedEnd(text, i + 1, "'", true));
    } else if (ch === '"') {
      take('quoted', start, quotedEnd(text, i, '"', false));
    } else if (ch === '$') {
      const tag = DOLLAR_TAG.exec(text.slice(i, i + 64))?.[0];
      if (tag) {
        const close = text.indexOf(tag, i + tag.length);
        i = close < 0 ? text.length : close + tag.length;
        push('string', start, i, close < 0);
      } else {
        i++;
        while (i < text.length && WORD_PART.test(text[i]!)) i++;
        push('param', start, i);
      }
    } else if (ch === '{' && text[i + 1] === '{') {
      const m = PARAM.exec(text.slice(i, i + 200));
      i += m ? m[0].length : 1;
      push(m ? 'param' : 'punct', start, i);
    } else if (DIGIT.test(ch) || (ch === '.' && DIGIT.test(text[i + 1] ?? ''))) {
      i++;
      while (i < text.length && /[0-9._eE]/.test(text[i]!)) i++;
      push('number', start, i);
    } else if (WORD_START.test(ch)) {
      i++;
      while (i < text.length && WORD_PART.test(text[i]!)) i++;
      push('word', start, i);
    } else {
      i++;
      push('punct', start, i);
    }
  }
  return tokens;
}

/** Tokens that carry meaning (no whitespace, no comments). */
export const isCode = (t: Token) => t.kind !== 'space' && t.kind !== 'comment';

/** The name a word or quoted identifier stands for: quotes removed, `""` unescaped. */
export function identName(t: Token): string {
  if (t.kind === 'quoted') {
    const inner = t.open ? t.text.slice(1) : t.text.slice(1, -1);
    return inner.replace(/""/g, '"');
  }
  return t.text;
}

export const isIdent = (t: Token | undefined): t is Token =>
  !!t && (t.kind === 'word' || t.kind === 'quoted');

/** Whether a word token is the keyword `kw` (case-insensitive). */
export const isKeyword = (t: Token | undefined, ...kws: string[]) =>
  !!t && t.kind === 'word' && kws.includes(t.text.toUpperCase());
