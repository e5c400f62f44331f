import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { composeMarks, type SqlMark, toOriginalOffset } from './offsets';

/** Replaces the given ranges of `text` (sorted, apart) and marks each replacement. */
function rewrite(text: string, changes: { start: number; end: number; text: string }[]) {
  const marks: SqlMark[] = [];
  let out = '';
  let last = 0;
  for (const c of changes) {
    out += text.slice(last, c.start);
    marks.push({
      origStart: c.start,
      origEnd: c.end,
      outStart: out.length,
      outEnd: out.length + c.text.length,
    });
    out += c.text;
    last = c.end;
  }
  return { text: out + text.slice(last), marks };
}

/** Random apart ranges of a text of length `n`, each replaced by 0 to 6 characters. */
const changesOf = (n: number) =>
  fc
    .array(fc.tuple(fc.nat(n), fc.nat(4), fc.string({ maxLength: 6 })), { maxLength: 5 })
    .map((raw) => {
      const sorted = raw
        .map(([at, len, text]) => ({ start: at, end: Math.min(n, at + len), text }))
        .sort((a, b) => a.start - b.start);
      const apart: typeof sorted = [];
      for (const c of sorted) if (!apart.length || c.start >= apart.at(-1)!.end) apart.push(c);
      return apart;
    });

describe('toOriginalOffset', () => {
  it('maps copied text back by the replacements before it, replaced text to its start', () => {
    const { text, marks } = rewrite('select {{a}} + x', [{ start: 7, end: 12, text: '100000' }]);
    expect(text).toBe('select 100000 + x');
    const back = toOriginalOffset(marks);
    expect(back(text.indexOf('x'))).toBe(15);
    expect(back(9)).toBe(7);
    expect(back(3)).toBe(3);
  });
});

describe('composeMarks', () => {
  it('maps through both rewrites as mapping back through each in turn does', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 30 }).chain((first) =>
          changesOf(first.length).chain((c1) => {
            const mid = rewrite(first, c1);
            return changesOf(mid.text.length).map((c2) => ({ mid, last: rewrite(mid.text, c2) }));
          }),
        ),
        ({ mid, last }) => {
          const composed = toOriginalOffset(composeMarks(mid.marks, last.marks));
          const stepwise = (o: number) =>
            toOriginalOffset(mid.marks)(toOriginalOffset(last.marks)(o));
          for (let o = 0; o <= last.text.length + 2; o++) expect(composed(o)).toBe(stepwise(o));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('keeps a rewrite that moved text', () => {
    const first = rewrite('a {{p}} b', [{ start: 2, end: 7, text: '42' }]);
    // `42 + a 42 b`: a copy of `42`, an inserted ` + `, then the text as it was (as a
    // reshaped call repeats its arguments; a zero-width mark says where the copy came from).
    const moved: SqlMark[] = [
      { origStart: 2, origEnd: 2, outStart: 0, outEnd: 0 },
      { origStart: 0, origEnd: 0, outStart: 2, outEnd: 5 },
    ];
    const composed = toOriginalOffset(composeMarks(first.marks, moved));
    expect(composed(1)).toBe(2); // the copied `42` maps to `{{p}}`
    expect(composed(3)).toBe(0); // the inserted text to where it was inserted
    expect(composed(5)).toBe(0); // the text after it is the text as given
    expect(composed(5 + 'a 42 '.length)).toBe('a {{p}} '.length);
  });
});
