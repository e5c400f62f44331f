import { lex, type Token } from '../../shared/sql/lexer.js';
import { contextOf, type PlaceContext } from '../../shared/sql/placeholders.js';

// The check that rendering parameters (parameters.ts) kept every value where it was put.

/** Whether `token`, read from the rendered SQL, is a literal of the context `c`. */
function sameLiteral(token: Token, c: PlaceContext): boolean {
  const found = contextOf(token);
  if (found.kind !== c.kind) return false;
  if (found.kind === 'string') return c.kind === 'string' && found.escapes === c.escapes;
  if (found.kind === 'dollar') return c.kind === 'dollar' && found.tag === c.tag;
  return true;
}

/**
 * The index of the first value that left its place in `rendered`, or null when none did. The
 * rendered SQL is lexed as the engine reads it (no placeholders): a value in a literal or a
 * comment lies inside one token of the same kind; a value in code is whole tokens, none of them
 * a comment or an escape string, and only a name or a number may run on into the SQL beside it
 * (`t_{{n}}` is one name). So `E{{v}}` (an escape string) or a value continuing an `E'…'` on
 * the line above is refused rather than run as other SQL than was written.
 */
export function checkPlaced(
  rendered: string,
  marks: readonly { outStart: number; outEnd: number }[],
  contexts: readonly PlaceContext[],
): number | null {
  if (marks.length === 0) return null;
  const tokens = lex(rendered, { placeholders: false }).tokens;
  let t = 0;
  for (let m = 0; m < marks.length; m++) {
    const { outStart, outEnd } = marks[m]!;
    const context = contexts[m]!;
    // An empty value at the end of a line comment touches the comment's end: that is its token.
    const before = (k: number) =>
      tokens[k]!.end < outStart || (tokens[k]!.end === outStart && outEnd > outStart);
    while (t < tokens.length && before(t)) t++;
    if (context.kind !== 'code') {
      const token = tokens[t];
      const inside = !!token && token.start < outStart && outEnd <= token.end;
      if (!inside || !sameLiteral(token, context)) return m;
      continue;
    }
    for (let k = t; k < tokens.length && tokens[k]!.start < outEnd; k++) {
      const token = tokens[k]!;
      const crosses = token.start < outStart || token.end > outEnd;
      if (crosses && token.kind !== 'word' && token.kind !== 'number') return m;
      if (token.kind === 'comment' || token.escapes) return m;
    }
  }
  return null;
}
