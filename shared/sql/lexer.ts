/**
 * The one SQL lexer: what every character of DuckDB SQL is (code, a string, a quoted identifier,
 * a comment) and where Strata's `{{name}}` placeholders stand. The server renders parameters
 * and checks statements with it; the editor splits statements, completes and paints with it; so
 * the two never disagree about a token. Its rules are DuckDB's scanner's (libpg_query's scan.l),
 * checked against DuckDB itself (server/engine/lexer-vs-duckdb.test.ts). It never judges
 * statements: DuckDB decides what a statement is. Offsets are UTF-16 indexes, as JavaScript
 * strings and Monaco's model offsets are.
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
  /**
   * A string read with backslash escapes: `E'…'`, or a `'…'` continuing one (DuckDB reads
   * quoted parts with only blanks, `--` comments and a line break between them as one string).
   */
  escapes?: boolean;
};

/**
 * A `{{ name }}` placeholder and the token it stands in: its own `param` token in code, else
 * the string, quoted identifier or comment around it (which says how its value is written).
 */
export type Placeholder = { name: string; start: number; end: number; in: Token };

/**
 * The placeholder rule, the hosted service's: `{{`, a name of anything but braces and line
 * breaks (inner spaces kept, outer ones trimmed), `}}`. A placeholder counts wherever it stands
 * (code, strings, quoted identifiers, comments) and is opaque there: a quote or comment mark in
 * its name never ends the literal around it. Only a backslash in an `E'…'` string takes the
 * brace after it, as DuckDB reads `E'\{'` as `{`.
 */
export const PLACEHOLDER_PATTERN = String.raw`\{\{\s*([^{}\n]+?)\s*\}\}`;
const PLACEHOLDER_AT = new RegExp(PLACEHOLDER_PATTERN, 'y');

// DuckDB's classes: every non-ASCII character may be part of a name (scan.l takes the bytes
// \200-\377), blanks are these five only, numbers take `_` between digits.
const isSpace = (c: string | undefined) =>
  c === ' ' || c === '\n' || c === '\t' || c === '\r' || c === '\f';
/** `[A-Za-z_]` or any non-ASCII character. */
const isWordStart = (c: number) =>
  (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || c >= 128;
const isDigit = (c: number) => c >= 48 && c <= 57;
const WORD_REST = /[A-Za-z0-9_$\u0080-\uffff]*/y;
const NUMBER =
  /(?:\d(?:_?\d)*(?:\.(?!\.)(?:\d(?:_?\d)*)?)?|\.\d(?:_?\d)*)(?:[eE][-+]?\d(?:_?\d)*)?/y;
const DOLLAR_TAG = /\$(?:[A-Za-z_\u0080-\uffff][A-Za-z0-9_\u0080-\uffff]*)?\$/y;
const DOLLAR_NUMBER = /\$\d(?:_?\d)*/y;

/** Index just past what `re` matches at `i`, or `i` when it does not. */
function matchEnd(re: RegExp, text: string, i: number): number {
  re.lastIndex = i;
  return re.test(text) ? re.lastIndex : i;
}

export type LexOptions = {
  /**
   * Whether `{{name}}` placeholders are read (default true). SQL as written has them; SQL as
   * rendered for the engine has none, and a `{{` there is just text.
   */
  placeholders?: boolean;
  /** Where the text before this one ended: the editor lexes a line at a time. */
  from?: LexState;
};

/**
 * Where a text ends: in code (after an escape string and only blanks and line comments, a
 * string on the next line continues it), or inside a literal or a block comment.
 */
export type LexState =
  | { in: 'code'; continues?: boolean }
  | { in: 'string'; escapes: boolean }
  | { in: 'quoted' }
  | { in: 'dollar'; tag: string }
  | { in: 'block'; depth: number };

type Run = { end: number; open: boolean; depth?: number };
const OPEN = (text: string): Run => ({ end: text.length, open: true });

/**
 * Tokens of `text`, its placeholders, and where it ends; an unterminated literal or comment
 * runs to the end. Resumed inside a literal (`opts.from`), the first token is the rest of it.
 */
export function lex(
  text: string,
  opts: LexOptions = {},
): { tokens: Token[]; placeholders: Placeholder[]; state: LexState } {
  const readPlaceholders = opts.placeholders ?? true;
  const n = text.length;
  const tokens: Token[] = [];
  const placeholders: Placeholder[] = [];
  /** Placeholders read inside the literal being read; they get its token when it is made. */
  let inner: Omit<Placeholder, 'in'>[] = [];

  /** Past the placeholder at `j` (noting it), or `j` when none starts there. */
  const skip = (j: number): number => {
    if (!readPlaceholders || text[j] !== '{' || text[j + 1] !== '{') return j;
    PLACEHOLDER_AT.lastIndex = j;
    const m = PLACEHOLDER_AT.exec(text);
    if (!m) return j;
    inner.push({ name: m[1]!, start: j, end: j + m[0].length });
    return j + m[0].length;
  };

  /** A quoted body from `j` to its closing `q` (a doubled `q` is one; `\` escapes with `bs`). */
  const quoted = (j: number, q: string, bs = false): Run => {
    while (j < n) {
      const k = bs && text[j] === '\\' ? j + 2 : skip(j);
      if (k > j) j = k;
      else if (text[j] === q && text[j + 1] === q) j += 2;
      else if (text[j] === q) return { end: j + 1, open: false };
      else j++;
    }
    return OPEN(text);
  };

  /** A block comment's body from `j`: comments nest, as in DuckDB and PostgreSQL. */
  const block = (j: number, depth = 1): Run => {
    while (j < n) {
      const k = skip(j);
      if (k > j) j = k;
      else if (text[j] === '/' && text[j + 1] === '*') {
        depth++;
        j += 2;
      } else if (text[j] === '*' && text[j + 1] === '/') {
        j += 2;
        if (--depth === 0) return { end: j, open: false };
      } else j++;
    }
    return { ...OPEN(text), depth };
  };

  /** A `--` comment's body from `j`, up to its line break (LF or CR, as DuckDB ends it). */
  const line = (j: number): number => {
    while (j < n && text[j] !== '\n' && text[j] !== '\r') j = Math.max(skip(j), j + 1);
    return j;
  };

  /** A dollar-quoted body from `j` to the next `tag`. */
  const dollar = (j: number, tag: string): Run => {
    while (j < n) {
      const k = skip(j);
      if (k > j) j = k;
      else if (text.startsWith(tag, j)) return { end: j + tag.length, open: false };
      else j++;
    }
    return OPEN(text);
  };

  const push = (kind: TokenKind, start: number, run: Run | number): Token => {
    const end = typeof run === 'number' ? run : run.end;
    const token: Token = { kind, text: text.slice(start, end), start, end };
    if (typeof run !== 'number' && run.open) token.open = true;
    for (const p of inner) placeholders.push({ ...p, in: token });
    inner = [];
    tokens.push(token);
    return token;
  };

  // While only blanks and line comments follow an escape string: whether a line broke since.
  let afterEscapes = false;
  let lineBroke = false;
  /** Where an unterminated token leaves the text. */
  let state: LexState | null = null;
  const from = opts.from ?? { in: 'code' };
  if (from.in === 'code') afterEscapes = lineBroke = !!from.continues;
  else if (n > 0) {
    const run =
      from.in === 'string' || from.in === 'quoted'
        ? quoted(0, from.in === 'string' ? "'" : '"', from.in === 'string' && from.escapes)
        : from.in === 'dollar'
          ? dollar(0, from.tag)
          : block(0, from.depth);
    const t = push(
      from.in === 'quoted' ? 'quoted' : from.in === 'block' ? 'comment' : 'string',
      0,
      run,
    );
    if (from.in === 'string' && from.escapes) t.escapes = true;
    afterEscapes = !!t.escapes && !t.open;
    if (run.open) state = from.in === 'block' ? { in: 'block', depth: run.depth! } : from;
  } else state = from;
  let i = tokens.length ? tokens[0]!.end : 0;
  while (i < n) {
    const start = i;
    const ch = text[i]!;
    const code = text.charCodeAt(i);
    const next = text[i + 1];
    const placeholderEnd = skip(i);
    if (placeholderEnd > i) {
      push('param', start, placeholderEnd);
    } else if (isSpace(ch)) {
      while (i < n && isSpace(text[i])) i++;
      if (afterEscapes && /[\n\r]/.test(text.slice(start, i))) lineBroke = true;
      push('space', start, i);
      i = tokens[tokens.length - 1]!.end;
      continue;
    } else if (ch === '-' && next === '-') {
      push('comment', start, line(i + 2));
      i = tokens[tokens.length - 1]!.end;
      continue;
    } else if (ch === "'" || ((ch === 'e' || ch === 'E') && next === "'")) {
      const escapes: boolean = ch !== "'" || (afterEscapes && lineBroke);
      const t = push('string', start, quoted(ch === "'" ? i + 1 : i + 2, "'", escapes));
      if (escapes) t.escapes = true;
      if (t.open) state = { in: 'string', escapes };
      afterEscapes = escapes && !t.open;
      lineBroke = false;
      i = t.end;
      continue;
    } else if (ch === '/' && next === '*') {
      const run = block(i + 2);
      push('comment', start, run);
      if (run.open) state = { in: 'block', depth: run.depth! };
    } else if (ch === '"') {
      if (push('quoted', start, quoted(i + 1, '"')).open) state = { in: 'quoted' };
    } else if (ch === '$') {
      const tagEnd = matchEnd(DOLLAR_TAG, text, i);
      const tag = text.slice(i, tagEnd);
      if (tagEnd > i && push('string', start, dollar(tagEnd, tag)).open)
        state = { in: 'dollar', tag };
      else if (tagEnd === i) {
        // `$1` and `$name` are parameters; `$e'x'` is `$` and an escape string, as in DuckDB.
        let end = matchEnd(DOLLAR_NUMBER, text, i);
        const eString = (next === 'e' || next === 'E') && text[i + 2] === "'";
        if (end === i && isWordStart(text.charCodeAt(i + 1)) && !eString)
          end = matchEnd(WORD_REST, text, i + 2);
        push(end > i ? 'param' : 'punct', start, Math.max(end, i + 1));
      }
    } else if (isDigit(code) || (ch === '.' && isDigit(text.charCodeAt(i + 1)))) {
      push('number', start, matchEnd(NUMBER, text, i));
    } else if (isWordStart(code)) {
      push('word', start, matchEnd(WORD_REST, text, i + 1));
    } else {
      push('punct', start, i + 1);
    }
    afterEscapes = false;
    i = tokens[tokens.length - 1]!.end;
  }
  return { tokens, placeholders, state: state ?? { in: 'code', continues: afterEscapes } };
}

/** The tokens of SQL as written (placeholders read). */
export const lexSql = (text: string): Token[] => lex(text).tokens;

/** Tokens that carry meaning (no whitespace, no comments). */
export const isCode = (t: Token) => t.kind !== 'space' && t.kind !== 'comment';

/** The `$tag$` of a dollar-quoted string token, else null. */
export const dollarTag = (t: Token): string | null =>
  t.kind === 'string' && t.text.startsWith('$') ? /^\$[^$]*\$/.exec(t.text)![0] : null;

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
