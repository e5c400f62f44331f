import { describe, expect, it } from 'vitest';
import { dialectProblems } from './dialect-problems';

/** The problems as [marked text, message]. */
const marked = (sql: string, dialect: 'dunesql' | 'duckdb' = 'dunesql') =>
  dialectProblems(sql, dialect).map((p) => [sql.slice(p.start, p.end), p.message]);

describe('dialectProblems', () => {
  it('marks every call of a function DuneSQL has and Strata does not run, with why', () => {
    const sql = 'select soundex(name), http_get(url), varbinary_ltrim(0xab) from t';
    expect(marked(sql)).toEqual([
      [
        'soundex',
        expect.stringMatching(/^Function 'soundex' is not supported by Strata's DuneSQL/),
      ],
      ['http_get', expect.stringMatching(/^Function 'http_get' is not supported.*network/)],
    ]);
  });

  it('marks a malformed varbinary literal where the run would refuse it', () => {
    const sql = 'select * from t where a = 0xabc and b = 1';
    expect(marked(sql)).toEqual([
      ['0xabc', expect.stringContaining('odd number of hexadecimal digits')],
    ]);
    expect(marked("select 0x12zz, '0xzz'")).toEqual([
      ['0x12zz', expect.stringContaining("'z' is not a hexadecimal digit")],
    ]);
  });

  it('marks a lambda where none is allowed', () => {
    expect(marked('select upper(x -> x) from t')).toEqual([
      ['x ->', "Function 'upper' does not take a lambda expression"],
    ]);
  });

  it('leaves placeholders, strings, comments and good DuneSQL alone', () => {
    const sql = [
      "select '{{chain}}', {{ min }}, 0xdAC17F958D2ee523a2206206994597C13D831ec7 -- soundex(x)",
      "from t where note <> 'http_get(x)' and transform(a, e -> e + 1) is not null",
    ].join('\n');
    expect(marked(sql)).toEqual([]);
  });

  it('finds nothing in DuckDB SQL, which runs as written', () => {
    expect(marked('select soundex(name), 0xabc from t', 'duckdb')).toEqual([]);
  });

  it('marks an unsupported call once when it is also what the rewrite stops at', () => {
    expect(marked('select sha512(0x01)')).toHaveLength(1);
  });
});
