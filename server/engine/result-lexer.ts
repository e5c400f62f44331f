import { invalid } from '../errors.js';

/**
 * The lexer shared by the `columns`, `sort_by` (result-query.ts) and `filters`
 * (result-filters.ts) result parameters, its error helper, and column-name resolution.
 * Positions in error messages count characters from 1.
 */

/** Longest accepted `columns`, `sort_by` or `filters` value. */
export const MAX_PARAM_LENGTH = 10_000;
/** `columns` may name many columns: as long as the contract lets it be (contract/executions.ts). */
export const MAX_COLUMNS_LENGTH = 100_000;

export type Token =
  | { kind: 'word'; text: string; pos: number }
  | { kind: 'ident'; text: string; pos: number }
  | { kind: 'string'; text: string; pos: number }
  | { kind: 'number'; text: string; pos: number }
  | { kind: 'op'; text: string; pos: number }
  | { kind: '(' | ')' | ','; text: string; pos: number }
  | { kind: 'end'; text: ''; pos: number };

/** `fail('filters', 'msg', 12)` → 400 `filters: msg at position 12`. */
export const fail = (param: string, message: string, pos?: number) =>
  invalid(`${param}: ${message}${pos === undefined ? '' : ` at position ${pos}`}`);

export const NUMBER_RE = /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/;
const NUMBER_AT = /-?\d+(\.\d+)?([eE][+-]?\d+)?/y;
const WORD_AT = /[A-Za-z_][A-Za-z0-9_]*/y;
const OP_AT = /<=|>=|<>|!=|=|<|>/y;

/** Reads tokens one at a time, so errors are reported in reading order. */
export class Lexer {
  private i: number;
  constructor(
    private readonly param: string,
    private readonly src: string,
    start = 0,
  ) {
    this.i = start;
    const max = param === 'columns' ? MAX_COLUMNS_LENGTH : MAX_PARAM_LENGTH;
    if (src.length > max) throw fail(param, `too long (${src.length} characters; at most ${max})`);
  }

  next(): Token {
    const s = this.src;
    while (this.i < s.length && /\s/.test(s[this.i]!)) this.i++;
    const start = this.i;
    const pos = start + 1;
    if (start >= s.length) return { kind: 'end', text: '', pos };
    const ch = s[start]!;
    const two = s.slice(start, start + 2);
    if (ch === "'" || ch === '"') {
      const text = this.quoted(ch, pos);
      return { kind: ch === "'" ? 'string' : 'ident', text, pos };
    }
    if (two === '--' || two === '/*') throw fail(this.param, 'comments are not supported', pos);
    if (/[0-9]/.test(ch) || (ch === '-' && /[0-9]/.test(s[start + 1] ?? ''))) {
      const text = this.match(NUMBER_AT)!;
      if (/[A-Za-z0-9_.]/.test(s[this.i] ?? '')) throw fail(this.param, 'invalid number', pos);
      return { kind: 'number', text, pos };
    }
    if (/[A-Za-z_]/.test(ch)) return { kind: 'word', text: this.match(WORD_AT)!, pos };
    const op = this.match(OP_AT);
    if (op) return { kind: 'op', text: op, pos };
    if (ch === '(' || ch === ')' || ch === ',') {
      this.i++;
      return { kind: ch, text: ch, pos };
    }
    if (ch === ';') throw fail(this.param, 'semicolons are not supported', pos);
    throw fail(this.param, `unexpected character ${JSON.stringify(ch)}`, pos);
  }

  /** The index just after the last token read. */
  get offset() {
    return this.i;
  }

  private match(re: RegExp): string | null {
    re.lastIndex = this.i;
    const m = re.exec(this.src);
    if (!m) return null;
    this.i = re.lastIndex;
    return m[0];
  }

  /** A '...' or "..." token whose quote is escaped by doubling; returns the unescaped text. */
  private quoted(q: string, pos: number): string {
    let out = '';
    let j = this.i + 1;
    for (;;) {
      const k = this.src.indexOf(q, j);
      if (k === -1) {
        throw fail(
          this.param,
          `unterminated ${q === "'" ? 'string' : 'quoted name'} starting`,
          pos,
        );
      }
      out += this.src.slice(j, k);
      if (this.src[k + 1] === q) {
        out += q;
        j = k + 2;
      } else {
        this.i = k + 1;
        // The engine's SQL cannot hold a NUL character, in a value or a name.
        if (out.includes('\u0000'))
          throw fail(this.param, 'the NUL character is not allowed in quoted text', pos);
        return out;
      }
    }
  }
}

/** How a token reads in an error message. */
export const tokenText = (t: Token) =>
  t.kind === 'end' ? 'the end' : t.kind === 'string' ? `'${t.text}'` : JSON.stringify(t.text);

/**
 * Resolves a requested name to an available column: an exact match first, then a unique
 * case-insensitive match.
 */
export function resolveColumn(
  param: string,
  name: string,
  available: readonly string[],
  pos: number,
): string {
  if (available.includes(name)) return name;
  const lower = name.toLowerCase();
  const matches = available.filter((c) => c.toLowerCase() === lower);
  if (matches.length === 1) return matches[0]!;
  if (matches.length > 1) {
    throw fail(
      param,
      `column ${JSON.stringify(name)} is ambiguous (${matches.map((m) => JSON.stringify(m)).join(', ')})`,
      pos,
    );
  }
  throw fail(param, `unknown column ${JSON.stringify(name)}`, pos);
}
