/**
 * Edits of the DuneSQL rewrite and how they are applied: each replaces a range of the SQL as
 * given with new text and pieces of the SQL itself (a reshaped call moves or repeats its
 * arguments, with the edits inside them applied). Every piece of new text gets a SqlMark, and
 * where copied text is no longer at its old distance from where it came from, a mark says so:
 * an error offset anywhere in the DuckDB SQL maps back to the text the user wrote.
 */
import type { SqlMark } from '../offsets';
import { DuneSqlError } from './error';

/**
 * The most characters a rewrite may write. Reshaped calls repeat their arguments (greatest,
 * least), so nesting them doubles the text at each level: a short query could ask for more text
 * than the server has memory. The bound stops that early, with an error instead.
 */
export const REWRITE_MAX_CHARS = 2_000_000;

/** New text, or the range [from, to) of the SQL as given, its own edits applied. */
export type Part = string | { from: number; to: number };

/**
 * Replaces [start, end) with `parts`. An insertion (start = end) is glued to the text before it
 * (`glue: 'before'`: a closing `END`, an alias) or after it (a prefix): a piece of the SQL that is
 * copied elsewhere takes the insertions glued to it along.
 */
export type Edit = { start: number; end: number; parts: Part[]; glue?: 'before' | 'after' };

export const replace = (start: number, end: number, ...parts: Part[]): Edit => ({
  start,
  end,
  parts,
});

/** Inserts `parts` at `at`, glued to the text before (a suffix of what ends there). */
export const append = (at: number, ...parts: Part[]): Edit => ({
  start: at,
  end: at,
  parts,
  glue: 'before',
});

/** Inserts `parts` at `at`, glued to the text after (a prefix of what starts there). */
export const prepend = (at: number, ...parts: Part[]): Edit => ({
  start: at,
  end: at,
  parts,
  glue: 'after',
});

const rank = (e: Edit) => (e.glue === 'before' ? 0 : e.glue === 'after' ? 1 : 2);

/**
 * Applies `edits` to `sql`. Edits may nest (one inside a range another one copies) but never
 * overlap otherwise; an insertion comes before a replacement starting at the same place.
 */
export function applyEdits(sql: string, edits: Edit[]): { sql: string; marks: SqlMark[] } {
  // At one offset: what ends there, then what starts there; ties keep the order given.
  const sorted = [...edits].sort((a, b) => a.start - b.start || rank(a) - rank(b) || b.end - a.end);
  const out: string[] = [];
  const marks: SqlMark[] = [];
  let len = 0;
  /** Original offset minus output offset where the last mark left copied text. */
  let delta = 0;

  const grow = (n: number) => {
    len += n;
    if (len > REWRITE_MAX_CHARS)
      throw new DuneSqlError(
        `The query is too complex to run as DuneSQL: rewritten for DuckDB it would pass ${REWRITE_MAX_CHARS} characters (deeply nested greatest, least or similar calls)`,
        0,
        sql.length,
      );
  };
  const copy = (s: number, e: number) => {
    if (s >= e) return;
    if (s - len !== delta) {
      marks.push({ origStart: s, origEnd: s, outStart: len, outEnd: len });
      delta = s - len;
    }
    out.push(sql.slice(s, e));
    grow(e - s);
  };
  const put = (text: string, origStart: number, origEnd: number) => {
    marks.push({ origStart, origEnd, outStart: len, outEnd: len + text.length });
    out.push(text);
    grow(text.length);
    delta = origEnd - len;
  };

  /** The first edit at or after `pos`, by binary search. */
  const firstFrom = (pos: number) => {
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sorted[mid]!.start < pos) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };

  /** Renders [s, e) with the insertions glued to it (all of them, for the whole text). */
  const render = (s: number, e: number, whole: boolean) => {
    let pos = s;
    for (let k = firstFrom(s); k < sorted.length; k++) {
      const edit = sorted[k]!;
      if (edit.start < pos) continue; // inside an edit already applied
      if (edit.start > e) break;
      if (edit.end > e) continue; // reaches past the range: not this range's to apply
      if (!whole && edit.start === s && edit.glue === 'before') continue;
      if (!whole && edit.start === e && edit.glue !== 'before') continue;
      copy(pos, edit.start);
      // New text maps to the range it replaced (its start, for an offset inside it); text
      // copied after a deletion or a moved piece gets its own mark from copy().
      for (const part of edit.parts) {
        if (typeof part !== 'string') render(part.from, part.to, false);
        else if (part) put(part, edit.start, edit.end);
      }
      pos = edit.end;
    }
    copy(pos, e);
  };

  render(0, sql.length, true);
  return { sql: out.join(''), marks };
}
