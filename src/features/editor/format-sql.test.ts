import { describe, expect, it } from 'vitest';
import { formatSql } from './format-sql';

describe('formatSql', () => {
  it('lays out clauses on their own lines', () => {
    expect(formatSql('select a, b from t where a > 1')).toBe(
      'select\n  a,\n  b\nfrom\n  t\nwhere\n  a > 1',
    );
  });

  it('keeps {{name}} parameters exactly as written', () => {
    const out = formatSql(
      "select * from dex.trades where chain = '{{chain}}' and amount > {{ min_amount }} limit {{n}}",
    );
    expect(out).toContain("'{{chain}}'");
    expect(out).toContain('amount > {{ min_amount }}');
    expect(out).toContain('limit\n  {{n}}');
  });

  it('keeps every placeholder the server fills in, names with spaces too', () => {
    const out = formatSql('select * from t where a = {{ Wash Trading }} and b = {{it"s}}');
    expect(out).toContain('a = {{ Wash Trading }}');
    expect(out).toContain('b = {{it"s}}');
  });

  it('keeps the case of keywords and identifiers', () => {
    expect(formatSql('SELECT Amount AS Total FROM T')).toBe('SELECT\n  Amount AS Total\nFROM\n  T');
  });

  it('understands DuckDB syntax', () => {
    const out = formatSql("select x::int, [1,2][1], {'a': 1} from read_parquet('f.parquet')");
    expect(out).toContain('x::int');
    expect(out).toContain("read_parquet('f.parquet')");
  });

  it('separates statements and keeps a trailing newline', () => {
    expect(formatSql('select 1; select 2\n')).toBe('select\n  1;\n\nselect\n  2\n');
  });

  it('leaves blank text alone', () => {
    expect(formatSql('  \n')).toBe('  \n');
  });

  it('fails with a one-line message on SQL it cannot parse', () => {
    expect(() => formatSql('select (')).toThrow(/^Parse error[^\n]*$/);
  });
});
