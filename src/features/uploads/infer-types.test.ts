import { describe, expect, it } from 'vitest';
import { inferColumnTypes } from './infer-types';

describe('inferColumnTypes', () => {
  it('infers each column, treating a missing cell as empty', () => {
    const rows = [
      ['1', 'a', '2024-01-01', 'true'],
      ['2', 'b', '2024-01-02'],
    ];
    expect(inferColumnTypes(4, rows)).toEqual(['bigint', 'varchar', 'date', 'boolean']);
  });
});
