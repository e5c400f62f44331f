/**
 * Where text that replaced other text came from: a parameter's value in the rendered SQL, a
 * rewritten DuneSQL piece in the DuckDB SQL. Error positions are mapped back through these, so
 * the editor marks the user's text, not the text that ran.
 */

/** Where one piece was in the SQL as written and where its replacement is in the SQL as run. */
export type SqlMark = { origStart: number; origEnd: number; outStart: number; outEnd: number };

/** Maps an offset in SQL rewritten with `marks` (in order) back to the offset as written. */
export function toOriginalOffset(marks: readonly SqlMark[]): (offset: number) => number {
  return (offset) => {
    let delta = 0;
    for (const mark of marks) {
      if (offset < mark.outStart) break;
      if (offset < mark.outEnd) return mark.origStart;
      delta = mark.origEnd - mark.outEnd;
    }
    return offset + delta;
  };
}

/**
 * The marks of two rewrites done one after the other (`first` on the SQL as written, `then` on
 * its result) as one list, so that `toOriginalOffset(composeMarks(first, then))` maps an offset
 * in the last SQL to the first, as mapping back through `then` and then `first` does. One list
 * is what an execution stores (the rendered parameters, then the DuneSQL rewrite).
 */
export function composeMarks(first: readonly SqlMark[], then: readonly SqlMark[]): SqlMark[] {
  if (first.length === 0) return [...then];
  if (then.length === 0) return [...first];
  const viaFirst = toOriginalOffset(first);
  const out: SqlMark[] = [];
  /** Offset as written minus offset as run, where the marks so far leave copied text. */
  let delta = 0;
  const constant = (value: number, outStart: number, outEnd: number) => {
    out.push({ origStart: value, origEnd: value, outStart, outEnd });
    delta = value - outEnd;
  };
  const shift = (want: number, at: number) => {
    if (want === delta) return;
    out.push({ origStart: at + want, origEnd: at + want, outStart: at, outEnd: at });
    delta = want;
  };
  /** Maps [s, e) of the last SQL, shifted by `d` into the middle one, through `first`. */
  const through = (s: number, e: number, d: number) => {
    let x = s + d;
    const end = e + d;
    while (x < end) {
      let firstDelta = 0;
      let next = end;
      let inside: SqlMark | undefined;
      for (const m of first) {
        if (x < m.outStart) {
          next = Math.min(next, m.outStart);
          break;
        }
        if (x < m.outEnd) {
          inside = m;
          next = Math.min(next, m.outEnd);
          break;
        }
        firstDelta = m.origEnd - m.outEnd;
      }
      if (inside) constant(inside.origStart, x - d, next - d);
      else shift(firstDelta + d, x - d);
      x = next;
    }
  };
  let thenDelta = 0;
  let pos = 0;
  for (const m of then) {
    through(pos, m.outStart, thenDelta);
    if (m.outStart < m.outEnd) constant(viaFirst(m.origStart), m.outStart, m.outEnd);
    thenDelta = m.origEnd - m.outEnd;
    pos = m.outEnd;
  }
  through(pos, Number.MAX_SAFE_INTEGER - thenDelta - 1, thenDelta);
  return out;
}
