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
