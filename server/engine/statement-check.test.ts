import { describe, expect, it } from 'vitest';
import { explainedStatement } from './statement-check.js';

describe('explainedStatement', () => {
  it('is the statement after EXPLAIN, EXPLAIN ANALYZE or DuckDB’s options', () => {
    expect(explainedStatement('EXPLAIN SELECT 1')).toBe('SELECT 1');
    expect(explainedStatement('  explain   analyze\nSELECT 1')).toBe('SELECT 1');
    expect(explainedStatement('-- plan\n/* of */ EXPLAIN (ANALYZE, FORMAT json) SELECT 1')).toBe(
      'SELECT 1',
    );
    expect(explainedStatement('EXPLAIN (FORMAT text) /* c */ SELECT 1')).toBe('/* c */ SELECT 1');
  });

  it('is null for anything else', () => {
    for (const sql of [
      'SELECT 1',
      "SELECT 'EXPLAIN SELECT 1'",
      '-- EXPLAIN SELECT 1\nSELECT 1',
      'EXPLAINSELECT 1',
      'EXPLAIN (ANALYZE SELECT 1',
      'EXPLAIN (FORMAT evil) SELECT 1',
      'EXPLAIN (SELECT 1)',
      '"EXPLAIN" SELECT 1',
      '',
    ])
      expect(explainedStatement(sql), sql).toBeNull();
  });
});
