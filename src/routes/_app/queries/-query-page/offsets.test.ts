import { describe, expect, it } from 'vitest';
import { shiftPosition, startOf } from './offsets';

describe('error positions of partial runs', () => {
  const full = 'SELECT 1;\n\nSELECT x\n  FORM t;';
  it('finds where the run text starts', () => {
    expect(startOf(full, 'SELECT x\n  FORM t')).toEqual({ line: 2, column: 0 });
    expect(startOf(full, 'x\n  FORM')).toEqual({ line: 2, column: 7 });
    expect(startOf(full, full)).toEqual({ line: 0, column: 0 });
    expect(startOf(full, 'nowhere')).toEqual({ line: 0, column: 0 });
  });
  it('moves a reported position into the full text', () => {
    expect(shiftPosition({ line: 2, column: 8 }, { line: 2, column: 0 })).toEqual({
      line: 4,
      column: 8,
    });
    expect(shiftPosition({ line: 1, column: 3 }, { line: 2, column: 7 })).toEqual({
      line: 3,
      column: 10,
    });
  });
});
