import { describe, expect, it } from 'vitest';
import { ALERT_LIMITS } from '../../contract/rules/limits.js';
import {
  clipText,
  describeCondition,
  evaluate,
  keptValue,
  missingColumn,
  type Condition,
} from './alert-condition.js';

const head = (row: Record<string, unknown> | undefined, rowCount = row ? 1 : 0) => ({
  columns: row ? Object.keys(row) : ['x'],
  rowCount,
  firstRow: row,
});

describe('evaluate', () => {
  it('compares a number with the first row, numerically', () => {
    const c: Condition = { column: 'v', op: '>', value: 10 };
    expect(evaluate(c, head({ v: 11 }))).toEqual({
      state: 'triggered',
      value: 11,
      valueTruncated: false,
      error: null,
    });
    expect(evaluate(c, head({ v: 10 }))).toEqual({
      state: 'ok',
      value: 10,
      valueTruncated: false,
      error: null,
    });
    // HUGEINT and DECIMAL values may come as text of digits
    expect(evaluate(c, head({ v: '100000000000000000000' })).state).toBe('triggered');
    expect(evaluate({ ...c, op: '<=' }, head({ v: '9.5' })).state).toBe('triggered');
  });

  it('every operator', () => {
    const at = (op: Condition['op'], v: number) =>
      evaluate({ column: 'v', op, value: 5 }, head({ v })).state;
    expect([at('>', 6), at('>=', 5), at('<', 4), at('<=', 5), at('=', 5), at('!=', 4)]).toEqual(
      Array(6).fill('triggered'),
    );
    expect([at('>', 5), at('>=', 4), at('<', 5), at('<=', 6), at('=', 4), at('!=', 5)]).toEqual(
      Array(6).fill('ok'),
    );
  });

  it('compares text as text', () => {
    const c: Condition = { column: 'd', op: '>=', value: '2024-06-01' };
    expect(evaluate(c, head({ d: '2024-07-01' })).state).toBe('triggered');
    expect(evaluate(c, head({ d: '2024-05-31' })).state).toBe('ok');
    expect(evaluate({ column: 'd', op: '=', value: 'down' }, head({ d: 'down' })).state).toBe(
      'triggered',
    );
  });

  it('any_rows and no_rows look at the row count', () => {
    expect(evaluate({ op: 'any_rows' }, head({ a: 1 }, 3))).toEqual({
      state: 'triggered',
      value: 3,
      valueTruncated: false,
      error: null,
    });
    expect(evaluate({ op: 'any_rows' }, head(undefined)).state).toBe('ok');
    expect(evaluate({ op: 'no_rows' }, head(undefined)).state).toBe('triggered');
    expect(evaluate({ op: 'no_rows' }, head({ a: 1 })).state).toBe('ok');
  });

  it('fails, saying why, when the condition cannot be evaluated', () => {
    const c: Condition = { column: 'v', op: '>', value: 1 };
    expect(evaluate(c, head({ w: 1 }))).toEqual({
      state: 'failed',
      value: null,
      valueTruncated: false,
      error: 'cannot evaluate v > 1: the result has no column "v" (its columns: "w")',
    });
    expect(evaluate(c, { columns: ['v'], rowCount: 0, firstRow: undefined }).error).toMatch(
      /has no rows/,
    );
    expect(evaluate(c, head({ v: null })).error).toMatch(/"v" is null in the first row/);
    expect(evaluate(c, head({ v: 'abc' }))).toMatchObject({
      state: 'failed',
      value: 'abc',
      error: expect.stringMatching(/"v" is "abc", not a number/),
    });
  });
});

describe('what an evaluation keeps of the value', () => {
  const max = ALERT_LIMITS.keptValue;

  it('keeps numbers, booleans and values that fit whole, unmarked', () => {
    for (const v of [12.5, true, null, 'x'.repeat(max), [1, 2], { a: 'b' }])
      expect(keptValue(v)).toEqual({ value: v, valueTruncated: false });
  });

  it('cuts longer text to its first characters and "…", marked', () => {
    expect(keptValue('x'.repeat(3_000_000))).toEqual({
      value: `${'x'.repeat(max)}…`,
      valueTruncated: true,
    });
    // characters, not UTF-16 units: no emoji is split in two
    const cut = keptValue('😀'.repeat(max + 1)).value as string;
    expect([...cut]).toHaveLength(max + 1);
    expect(cut.endsWith('😀…')).toBe(true);
    expect(keptValue('😀'.repeat(max))).toEqual({ value: '😀'.repeat(max), valueTruncated: false });
  });

  it('cuts a longer list or object to its JSON text', () => {
    const list = Array.from({ length: 100_000 }, (_, i) => i);
    const kept = keptValue(list);
    expect(kept.valueTruncated).toBe(true);
    expect(kept.value).toBe(`${JSON.stringify(list).slice(0, max)}…`);
  });

  it('the condition reads the whole cell; the outcome carries the kept one', () => {
    const c: Condition = { column: 'v', op: '>', value: 1 };
    // digits past the cut make the number
    expect(evaluate(c, head({ v: `${'0'.repeat(3_000_000)}5` }))).toEqual({
      state: 'triggered',
      value: `${'0'.repeat(max)}…`,
      valueTruncated: true,
      error: null,
    });
    const text: Condition = { column: 'v', op: '!=', value: 'x'.repeat(max) };
    expect(evaluate(text, head({ v: 'x'.repeat(max + 1) })).state).toBe('triggered');
    expect(evaluate({ ...text, op: '=' }, head({ v: 'x'.repeat(max) })).state).toBe('triggered');
    // a cell that is not a number: failed, with the kept value and a short quote of it
    const bad = evaluate(c, head({ v: 'y'.repeat(3_000_000) }));
    expect(bad).toMatchObject({
      state: 'failed',
      value: `${'y'.repeat(max)}…`,
      valueTruncated: true,
    });
    expect(bad.error).toBe(`cannot evaluate v > 1: "v" is "${'y'.repeat(99)}…, not a number`);
  });

  it('clipText counts characters and marks a cut', () => {
    expect(clipText('abc', 3)).toEqual({ text: 'abc', cut: false });
    expect(clipText('abcd', 3)).toEqual({ text: 'abc…', cut: true });
    expect(clipText('a😀b', 2)).toEqual({ text: 'a😀…', cut: true });
    expect(clipText('a😀', 2)).toEqual({ text: 'a😀', cut: false });
  });
});

describe('text that is almost a number', () => {
  it('is refused in linear time (100,000 digits then a letter)', () => {
    const c: Condition = { column: 'v', op: '>', value: 1 };
    // The former pattern split the digits in quadratically many ways: tens of seconds for this
    // cell (past the test's timeout), hours for 3 MB of them.
    const r = evaluate(c, head({ v: `${'1'.repeat(100_000)}x` }));
    expect(r.error).toMatch(/not a number$/);
    expect(evaluate(c, head({ v: ' -1.5e3 ' })).state).toBe('ok');
    expect(evaluate(c, head({ v: '.5e1' })).state).toBe('triggered');
    expect(evaluate(c, head({ v: '2.' })).state).toBe('triggered');
    expect(evaluate(c, head({ v: '1.2.3' })).state).toBe('failed');
  });
});

describe('missingColumn and describeCondition', () => {
  it('name the column and the columns there are', () => {
    expect(missingColumn({ column: 'v', op: '=', value: 1 }, ['v'])).toBeUndefined();
    expect(missingColumn({ op: 'any_rows' }, [])).toBeUndefined();
    expect(missingColumn({ column: 'v', op: '=', value: 1 }, [])).toBe(
      'the result has no column "v" (its columns: none)',
    );
    expect(describeCondition({ column: 's', op: '!=', value: 'up' })).toBe('s != "up"');
    expect(describeCondition({ op: 'no_rows' })).toBe('no rows');
  });
});
