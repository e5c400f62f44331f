import { describe, expect, it } from 'vitest';
import { parsePreview } from './parse-preview';
import { PREVIEW_BYTES, SAMPLE_ROWS } from './preview';

describe('parsePreview', () => {
  it('reads the header and rows, with quotes and empty lines', async () => {
    const p = await parsePreview('\uFEFFId, Name ,note\n1,Ann,"a, b"\n\n2,Bo,"say ""hi"""\n');
    expect(p.header).toEqual(['Id', 'Name', 'note']);
    expect(p.rows).toEqual([
      ['1', 'Ann', 'a, b'],
      ['2', 'Bo', 'say "hi"'],
    ]);
    expect(p.more).toBe(false);
  });

  it('reads at most SAMPLE_ROWS rows and says when there may be more', async () => {
    const text = 'n\n' + Array.from({ length: SAMPLE_ROWS + 50 }, (_, i) => i).join('\n');
    const p = await parsePreview(text);
    expect(p.rows).toHaveLength(SAMPLE_ROWS);
    expect(p.more).toBe(true);
  });

  it('refuses an empty file and another delimiter', async () => {
    await expect(parsePreview('')).rejects.toThrow('empty');
    await expect(parsePreview('a;b;c\n1;2;3\n4;5;6\n')).rejects.toThrow('separated by commas');
  });

  it('reads a File', async () => {
    const p = await parsePreview(new File(['a,b\n1,2\n'], 'x.csv', { type: 'text/csv' }));
    expect(p).toEqual({ header: ['a', 'b'], rows: [['1', '2']], more: false });
  });

  it('reads only the start of a large file, up to its last whole line', async () => {
    const value = 'x'.repeat(19_999);
    const rows = Math.ceil((PREVIEW_BYTES * 1.5) / 20_000); // more bytes than read, fewer rows than sampled
    const p = await parsePreview(new Blob(['wide\n' + `${value}\n`.repeat(rows)]));
    expect(p.header).toEqual(['wide']);
    expect(p.rows.length).toBe(Math.floor((PREVIEW_BYTES - 5) / 20_000));
    expect(p.rows.every((r) => r[0] === value)).toBe(true);
    expect(p.more).toBe(true);
  });
});
