import { describe, expect, it } from 'vitest';
import { formatSql } from './format-sql';

describe('formatSql', () => {
  it('lays out clauses on their own lines', () => {
    expect(formatSql('select a, b from t where a > 1', 'duckdb')).toBe(
      'select\n  a,\n  b\nfrom\n  t\nwhere\n  a > 1',
    );
  });

  it('keeps {{name}} parameters exactly as written', () => {
    const out = formatSql(
      "select * from dex.trades where chain = '{{chain}}' and amount > {{ min_amount }} limit {{n}}",
      'duckdb',
    );
    expect(out).toContain("'{{chain}}'");
    expect(out).toContain('amount > {{ min_amount }}');
    expect(out).toContain('limit\n  {{n}}');
  });

  it('keeps every placeholder the server fills in, names with spaces too', () => {
    const sql = 'select * from t where a = {{ Wash Trading }} and b = {{it"s}}';
    for (const dialect of ['duckdb', 'dunesql'] as const) {
      const out = formatSql(sql, dialect);
      expect(out).toContain('a = {{ Wash Trading }}');
      expect(out).toContain('b = {{it"s}}');
    }
  });

  it('keeps the case of keywords and identifiers', () => {
    expect(formatSql('SELECT Amount AS Total FROM T', 'duckdb')).toBe(
      'SELECT\n  Amount AS Total\nFROM\n  T',
    );
  });

  it('understands DuckDB syntax', () => {
    const out = formatSql(
      "select x::int, [1,2][1], {'a': 1} from read_parquet('f.parquet')",
      'duckdb',
    );
    expect(out).toContain('x::int');
    expect(out).toContain("read_parquet('f.parquet')");
  });

  it('separates statements and keeps a trailing newline', () => {
    expect(formatSql('select 1; select 2\n', 'duckdb')).toBe('select\n  1;\n\nselect\n  2\n');
  });

  it('leaves blank text alone', () => {
    expect(formatSql('  \n', 'duckdb')).toBe('  \n');
  });

  it('fails with a one-line message on SQL it cannot parse', () => {
    expect(() => formatSql('select (', 'duckdb')).toThrow(/^Parse error[^\n]*$/);
  });
});

describe('formatSql in DuneSQL', () => {
  it('keeps varbinary literals as written, in any case, malformed ones too', () => {
    const out = formatSql(
      'select 0XDAC17F958D2ee523a2206206994597C13D831ec7 as a, 0xab || 0x01, 0xzz from t where "from" = 0xabcd',
      'dunesql',
    );
    expect(out).toBe(
      [
        'select',
        '  0XDAC17F958D2ee523a2206206994597C13D831ec7 as a,',
        '  0xab || 0x01,',
        '  0xzz',
        'from',
        '  t',
        'where',
        '  "from" = 0xabcd',
      ].join('\n'),
    );
  });

  it('keeps lambdas whole and calls next to their parentheses', () => {
    const out = formatSql(
      'select transform(a, x -> x + 1), reduce(a, 0, (s, x) -> s + x, s -> s), map_zip_with(m, n, (k, v1, v2) -> v1) from t',
      'dunesql',
    );
    expect(out).toContain('transform(a, x -> x + 1)');
    expect(out).toContain('reduce(a, 0, (s, x) -> s + x, s -> s)');
    expect(out).toContain('map_zip_with(m, n, (k, v1, v2) -> v1)');
  });

  it('reads Trino type syntax', () => {
    const out = formatSql(
      'select cast(x as uint256), cast(y as array(varchar)), cast(z as row(a integer, b varchar)) from t',
      'dunesql',
    );
    expect(out).toContain('cast(y as array(varchar))');
    expect(out).toContain('cast(z as row(a integer, b varchar))');
  });
});
