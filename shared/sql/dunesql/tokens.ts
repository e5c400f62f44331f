/**
 * The code tokens of one SQL text (no blanks, no comments) with what the DuneSQL rewrite asks of
 * them again and again: the partner of every bracket, the bracket each token stands inside, and
 * small questions about a token's kind. Built once per text, in one pass.
 */
import { isCode, lex, type Token } from '../lexer';

export type Code = {
  sql: string;
  toks: Token[];
  /** For `(`, `)`, `[`, `]`: the index of the partner bracket; -1 when unbalanced or not one. */
  match: Int32Array;
  /** The index of the innermost open `(` or `[` around each token; -1 at the top level. */
  encl: Int32Array;
};

const OPEN: Record<string, string> = { '(': ')', '[': ']' };

export function codeOf(sql: string, placeholders = false): Code {
  const toks = lex(sql, { placeholders }).tokens.filter(isCode);
  const match = new Int32Array(toks.length).fill(-1);
  const encl = new Int32Array(toks.length).fill(-1);
  const stack: number[] = [];
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i]!;
    encl[i] = stack.length ? stack[stack.length - 1]! : -1;
    if (t.kind !== 'punct') continue;
    if (t.text in OPEN) stack.push(i);
    else if (t.text === ')' || t.text === ']') {
      // An unbalanced closer is left to DuckDB, which says so better than a rewrite can.
      const open = stack.length ? stack[stack.length - 1]! : -1;
      if (open >= 0 && OPEN[toks[open]!.text] === t.text) {
        stack.pop();
        match[open] = i;
        match[i] = open;
        encl[i] = stack.length ? stack[stack.length - 1]! : -1;
      }
    }
  }
  return { sql, toks, match, encl };
}

/** Whether token `t` is the punctuation `p`. */
export const isPunct = (t: Token | undefined, p: string) =>
  !!t && t.kind === 'punct' && t.text === p;

/** Whether `t` is the word `w` (any case; `w` in upper case). */
export const isWord = (t: Token | undefined, w: string) =>
  !!t && t.kind === 'word' && t.text.length === w.length && t.text.toUpperCase() === w;

/** The upper-case text of a word, else '' (so a set lookup never matches another kind). */
export const upper = (t: Token | undefined) => (t && t.kind === 'word' ? t.text.toUpperCase() : '');

/** A set of upper-case keywords from a blank-separated list. */
export const words = (list: string) => new Set(list.toUpperCase().split(/\s+/));

/** Whether `a` and `b` touch, with nothing between them. */
export const adjacent = (a: Token | undefined, b: Token | undefined) =>
  !!a && !!b && a.end === b.start;

/** Whether `->` (a lambda's arrow) starts at code token `i`. */
export const isArrow = (c: Code, i: number) =>
  isPunct(c.toks[i], '-') && isPunct(c.toks[i + 1], '>') && adjacent(c.toks[i], c.toks[i + 1]);

/**
 * The arguments of the call or parenthesis whose `(` is at `open`: each as [first, last]
 * token indexes (inclusive), split at its own commas; [] for `()`.
 */
export function argsOf(c: Code, open: number): [number, number][] {
  const close = c.match[open]!;
  if (close < 0 || close === open + 1) return []; // unbalanced: DuckDB will say
  const args: [number, number][] = [];
  let first = open + 1;
  for (let i = open + 1; i < close; i++) {
    const t = c.toks[i]!;
    if (t.kind === 'punct' && (t.text === '(' || t.text === '[') && c.match[i]! > i)
      i = c.match[i]!;
    else if (isPunct(t, ',')) {
      args.push([first, i - 1]);
      first = i + 1;
    }
  }
  args.push([first, close - 1]);
  return args;
}
