import { describe, expect, it } from 'vitest';
import { type SqlMark, toOriginalOffset } from './offsets';

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

describe('toOriginalOffset', () => {
  it('maps copied text back by the replacements before it, replaced text to its start', () => {
    const { text, marks } = rewrite('select {{a}} + x', [{ start: 7, end: 12, text: '100000' }]);
    expect(text).toBe('select 100000 + x');
    const back = toOriginalOffset(marks);
    expect(back(text.indexOf('x'))).toBe(15);
    expect(back(9)).toBe(7);
    expect(back(3)).toBe(3);
  });

  it('follows a zero-width mark where copied text moved', () => {
    // `42 + a {{p}} b` from `a {{p}} b`: a copy of `{{p}}` first (as a reshaped call repeats its
    // arguments), an inserted ` + `, then the text as it was.
    const marks: SqlMark[] = [
      { origStart: 2, origEnd: 2, outStart: 0, outEnd: 0 },
      { origStart: 0, origEnd: 0, outStart: 5, outEnd: 8 },
    ];
    const back = toOriginalOffset(marks);
    expect(back(1)).toBe(3); // inside the copy: where it came from
    expect(back(6)).toBe(0); // inside the inserted text: where it was inserted
    expect(back(8 + 'a {{p'.length)).toBe('a {{p'.length); // after: the text as it was
  });
});
