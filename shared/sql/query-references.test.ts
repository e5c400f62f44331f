import { describe, expect, it } from 'vitest';
import { queryReferences, referenceValue } from './query-references.js';

const refs = (sql: string) => queryReferences(sql).refs;
const problems = (sql: string) => queryReferences(sql).problems.map((p) => p.message);

describe('queryReferences', () => {
  it('finds the plain name, any case, with its place', () => {
    const sql = 'select * from QUERY_12 q join query_7 on true';
    expect(refs(sql).map((r) => [r.queryId, r.name, sql.slice(r.start, r.end)])).toEqual([
      [12, 'query_12', 'QUERY_12'],
      [7, 'query_7', 'query_7'],
    ]);
  });

  it("reads the values of the quoted form, unescaping \\' as the hosted docs write them", () => {
    const [r] = refs(`select * from "query_3(chain='base', name='\\'eth\\'', n = '10')"`);
    expect(r).toMatchObject({
      queryId: 3,
      name: `query_3(chain='base', name='\\'eth\\'', n = '10')`,
      args: { chain: 'base', name: "'eth'", n: '10' },
    });
    expect(r!.argsStart).toBeGreaterThan(r!.start);
  });

  it('an empty list and no list are the defaults', () => {
    expect(refs('select * from "query_3()"')[0]!.args).toEqual({});
    expect(refs('select * from "query_3"')[0]!.args).toEqual({});
  });

  it('is not a reference in a string, a comment, after a dot, or as another name', () => {
    expect(
      refs(
        'select \'query_1\' from dune.query_2, t."query_3" -- query_4\n where x = query_5x /* query_6 */',
      ),
    ).toEqual([]);
  });

  it('a CTE of the same name is what the SQL reads, not the saved query', () => {
    expect(refs('with query_1 as (select 1) select * from query_1')).toEqual([]);
    expect(
      refs('with x as (select 1), query_1 (a) as materialized (select 2) select * from query_1'),
    ).toEqual([]);
    expect(refs('with x as (select * from query_2) select * from x').map((r) => r.queryId)).toEqual(
      [2],
    );
  });

  it('says what is wrong with a badly written reference', () => {
    expect(problems(`select * from "query_1(chain=base)"`)[0]).toMatch(/name='value'/);
    expect(problems(`select * from "query_1(a='1', a='2')"`)[0]).toMatch(/"a" is given twice/);
    expect(problems(`select * from "query_1(a='1',)"`)[0]).toMatch(/missing after the last comma/);
    expect(problems('select * from query_0')[0]).toMatch(/not a query id/);
    expect(problems('select * from query_99999999999999999999')[0]).toMatch(/not a query id/);
  });

  it('refuses a huge list of values', () => {
    const list = Array.from({ length: 101 }, (_, i) => `k${i}='1'`).join(',');
    expect(problems(`select * from "query_1(${list})"`)[0]).toMatch(/at most 100 values/);
  });
});

describe('referenceValue', () => {
  it('takes the quotes and type names the hosted service writes off a literal', () => {
    expect(referenceValue('ethereum')).toBe('ethereum');
    expect(referenceValue("'ethereum'")).toBe('ethereum');
    expect(referenceValue("'it''s'")).toBe("it's");
    expect(referenceValue("uint256 '1'")).toBe('1');
    expect(referenceValue("TIMESTAMP '2024-01-02 03:04:05'")).toBe('2024-01-02 03:04:05');
    expect(referenceValue('0xabcd')).toBe('0xabcd');
    expect(referenceValue(' 12 ')).toBe('12');
  });

  it('an array of literals is a list', () => {
    expect(referenceValue("array['a', 'b,c', 'd''e']")).toEqual(['a', 'b,c', "d'e"]);
    expect(referenceValue('ARRAY[1,2]')).toEqual(['1', '2']);
  });

  it('SQL is never taken apart: what is not a literal is the value as written', () => {
    expect(referenceValue("'a' || (select 1)")).toBe("'a' || (select 1)");
  });
});
