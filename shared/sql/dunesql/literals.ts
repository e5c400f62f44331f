/**
 * DuneSQL's varbinary literals: `0xabcd` (the hosted service's, and most of its users') and
 * Trino's `X'abcd'`. DuckDB reads `0xabcd` as `0 AS xabcd`, so each becomes a BLOB constant
 * DuckDB folds at bind time: `unhex('abcd')`, measured as fast in a filter and a join as a
 * written `'\xAB\xCD'::BLOB` (and pushed into Parquet scans as a constant just the same).
 */
import { replace } from './edits';
import { DuneSqlError } from './error';
import type { Pass } from './pass';
import { adjacent, type Code } from './tokens';

/** `unhex('…')` for the hex digits of one literal, or DuneSqlError naming it. */
function blob(literal: string, digits: string, start: number, end: number): string {
  const bad = /[^0-9a-fA-F]/.exec(digits);
  if (bad)
    throw new DuneSqlError(
      `Invalid varbinary literal ${literal}: '${bad[0]}' is not a hexadecimal digit`,
      start,
      end,
    );
  if (digits.length % 2 === 1)
    throw new DuneSqlError(
      `Invalid varbinary literal ${literal}: it has an odd number of hexadecimal digits`,
      start,
      end,
    );
  return `unhex('${digits.toLowerCase()}')`;
}

/** Whether code token `i` starts a `0x…` literal: the number `0` touching a word `x…`. */
export const isHexLiteral = (toks: Code['toks'], i: number) => {
  const t = toks[i]!;
  const w = toks[i + 1];
  return (
    t.kind === 'number' &&
    t.text === '0' &&
    w?.kind === 'word' &&
    /^[xX]/.test(w.text) &&
    adjacent(t, w)
  );
};

/** Whether code token `i` starts `X'…'`: the word `x` touching a string. */
export const isBinaryLiteral = (toks: Code['toks'], i: number) => {
  const t = toks[i]!;
  const s = toks[i + 1];
  return (
    t.kind === 'word' &&
    (t.text === 'x' || t.text === 'X') &&
    s?.kind === 'string' &&
    s.text.startsWith("'") &&
    !s.escapes &&
    adjacent(t, s)
  );
};

export function rewriteLiterals({ code, edits, taken }: Pass): void {
  const { toks } = code;
  for (let i = 0; i < toks.length - 1; i++) {
    if (isHexLiteral(toks, i)) {
      const w = toks[i + 1]!;
      const start = toks[i]!.start;
      // `0x` alone is the empty varbinary, as `X''` is in Trino.
      edits.push(replace(start, w.end, blob(`0${w.text}`, w.text.slice(1), start, w.end)));
      taken[i] = taken[i + 1] = 1;
      i++;
    } else if (isBinaryLiteral(toks, i)) {
      const s = toks[i + 1]!;
      const start = toks[i]!.start;
      const literal = `${toks[i]!.text}${s.text}`;
      if (s.open) throw new DuneSqlError(`Unterminated varbinary literal`, start, s.end);
      // Trino ignores blanks between the digits of X'…'.
      const digits = s.text.slice(1, -1).replace(/[ \t\r\n\f]/g, '');
      edits.push(replace(start, s.end, blob(literal, digits, start, s.end)));
      taken[i] = taken[i + 1] = 1;
      i++;
    }
  }
}
