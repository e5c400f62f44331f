import { describe, expect, it } from 'vitest';
import { completionContext, identifierAt } from './completion-context';
import { lexSql, isCode } from '../../../shared/sql/lexer';
import { cteDefs, selectOutput, tableRefs } from './sql-scope';

/** The completion context at `|` in the text. */
function ctxAt(marked: string) {
  const at = marked.indexOf('|');
  return completionContext(marked.slice(0, at) + marked.slice(at + 1), at);
}
const code = (sql: string) => lexSql(sql).filter(isCode);

describe('completionContext: what is being completed', () => {
  it('completes tables after FROM and JOIN', () => {
    expect(ctxAt('SELECT * FROM |').target).toEqual({ kind: 'table' });
    expect(ctxAt('SELECT * FROM de|').target).toEqual({ kind: 'table' });
    expect(ctxAt('SELECT * FROM a LEFT JOIN |').target).toEqual({ kind: 'table' });
    expect(ctxAt('select * from a, |').target).toEqual({ kind: 'table' });
  });

  it('gives the typed prefix and where it starts', () => {
    const c = ctxAt('SELECT * FROM tra|');
    expect(c.prefix).toBe('tra');
    expect(c.prefixStart).toBe(14);
  });

  it('completes members after a qualifier and a dot', () => {
    expect(ctxAt('SELECT t.| FROM dex.trades t').target).toEqual({
      kind: 'member',
      qualifier: ['t'],
    });
    expect(ctxAt('SELECT * FROM dex.tr|').target).toEqual({
      kind: 'member',
      qualifier: ['dex'],
    });
    const c = ctxAt('SELECT "My T".am| FROM x');
    expect(c.target).toEqual({ kind: 'member', qualifier: ['My T'] });
    expect(c.prefix).toBe('am');
    expect(ctxAt('SELECT * FROM dune.ns.|').target).toEqual({
      kind: 'member',
      qualifier: ['dune', 'ns'],
    });
  });

  it('completes types where a cast names one, and nothing where AS names an alias', () => {
    expect(ctxAt('SELECT CAST(x AS |').target).toEqual({ kind: 'type' });
    expect(ctxAt('SELECT try_cast(f(a, b) as ui|').target).toEqual({ kind: 'type' });
    expect(ctxAt('SELECT x::|').target).toEqual({ kind: 'type' });
    expect(ctxAt('SELECT sum(x) AS |').target).toEqual({ kind: 'none' });
    expect(ctxAt('SELECT x : |').target).toEqual({ kind: 'column' });
  });

  it('completes columns in expressions', () => {
    expect(ctxAt('SELECT |').target).toEqual({ kind: 'column' });
    expect(ctxAt('SELECT a FROM t WHERE |').target).toEqual({ kind: 'column' });
    expect(ctxAt('SELECT a, | FROM t').target).toEqual({ kind: 'column' });
    expect(ctxAt('SELECT * FROM a JOIN b ON |').target).toEqual({ kind: 'column' });
    expect(ctxAt('SELECT * FROM (SELECT |').target).toEqual({ kind: 'column' });
  });

  it('offers keywords right after a relation, and nothing after AS', () => {
    expect(ctxAt('SELECT * FROM dex.trades |').target).toEqual({ kind: 'keyword' });
    expect(ctxAt('SELECT * FROM dex.trades AS |').target).toEqual({ kind: 'none' });
  });

  it('completes nothing inside strings, comments, numbers and parameters', () => {
    expect(ctxAt("SELECT 'FROM |'").target).toEqual({ kind: 'none' });
    expect(ctxAt("SELECT 'open |").target).toEqual({ kind: 'none' });
    expect(ctxAt('SELECT 1 -- FROM |').target).toEqual({ kind: 'none' });
    expect(ctxAt('SELECT /* FROM | */ 1').target).toEqual({ kind: 'none' });
    expect(ctxAt('SELECT 1 LIMIT 10|').target).toEqual({ kind: 'none' });
    expect(ctxAt('SELECT {{chain|}}').target).toEqual({ kind: 'none' });
  });

  it('looks only at the statement the cursor is in', () => {
    const c = ctxAt('SELECT * FROM a x; SELECT x.| FROM b y');
    expect(c.scope.tables.map((t) => t.alias)).toEqual(['y']);
    expect(c.target).toEqual({ kind: 'member', qualifier: ['x'] });
  });
});

describe('scope: relations, aliases and CTEs', () => {
  it('reads tables with and without aliases, in FROM lists and joins', () => {
    const refs = tableRefs(
      code('SELECT * FROM dex.trades t, tokens.erc20 AS e JOIN prices p ON 1 = 1 JOIN blocks'),
    );
    expect(refs.map((r) => [r.name.join('.'), r.alias])).toEqual([
      ['dex.trades', 't'],
      ['tokens.erc20', 'e'],
      ['prices', 'p'],
      ['blocks', null],
    ]);
  });

  it('does not read a keyword after the table as its alias', () => {
    const refs = tableRefs(code('SELECT * FROM dex.trades WHERE x = 1'));
    expect(refs).toEqual([
      { kind: 'table', name: ['dex', 'trades'], alias: null, columns: [], starFrom: [] },
    ]);
  });

  it('reads quoted names and ignores FROM inside function calls', () => {
    const refs = tableRefs(code('SELECT extract(year FROM ts) FROM "My Schema"."T 1" "x"'));
    expect(refs.map((r) => [r.name, r.alias])).toEqual([[['My Schema', 'T 1'], 'x']]);
  });

  it('reads subqueries with their output columns, and table functions', () => {
    const refs = tableRefs(
      code("SELECT * FROM (SELECT a, b AS c, count(*) n FROM t) s, read_parquet('x') AS f(k, v)"),
    );
    expect(refs[0]).toMatchObject({ kind: 'subquery', alias: 's', columns: ['a', 'c', 'n'] });
    expect(refs.find((r) => r.alias === 'f')).toMatchObject({
      kind: 'function',
      name: ['read_parquet'],
      columns: ['k', 'v'],
    });
  });

  it('reads CTEs: names, explicit column lists and select-list columns', () => {
    const ctes = cteDefs(
      code(
        'WITH RECURSIVE big AS (SELECT t.amount, t.chain AS c FROM dex.trades t), ' +
          'pairs(x, y) AS MATERIALIZED (SELECT 1, 2) SELECT * FROM big',
      ),
    );
    expect(ctes).toEqual([
      { name: 'big', columns: ['amount', 'c'], starFrom: [] },
      { name: 'pairs', columns: ['x', 'y'], starFrom: [] },
    ]);
  });

  it('remembers which tables a star in a CTE brings in', () => {
    const [cte] = cteDefs(
      code('WITH w AS (SELECT t.*, 1 AS one FROM dex.trades t JOIN x) SELECT 1'),
    );
    expect(cte).toEqual({ name: 'w', columns: ['one'], starFrom: [['dex', 'trades']] });
    const [all] = cteDefs(code('WITH w AS (SELECT * FROM a, b) SELECT 1'));
    expect(all!.starFrom).toEqual([['a'], ['b']]);
  });

  it('names select items by alias, column or implicit alias only', () => {
    const out = selectOutput(
      code("SELECT DISTINCT a, t.b, c + 1, sum(d) AS s, 'x' lbl, CASE WHEN e THEN 1 END FROM t"),
    );
    expect(out.columns).toEqual(['a', 'b', 's', 'lbl']);
  });

  it('puts CTE names and aliases of the statement into the completion scope', () => {
    const c = ctxAt('WITH w AS (SELECT 1 AS one) SELECT | FROM w JOIN dex.trades t ON true');
    expect(c.scope.ctes.map((x) => x.name)).toEqual(['w']);
    expect(c.scope.tables.map((t) => t.alias ?? t.name.join('.'))).toEqual(['w', 't']);
  });
});

describe('identifierAt', () => {
  it('finds the identifier under the cursor and its qualifier', () => {
    const sql = 'SELECT t.amount FROM dex.trades t';
    expect(identifierAt(sql, 11)).toEqual({ name: 'amount', qualifier: ['t'], start: 9, end: 15 });
    expect(identifierAt(sql, 27)).toEqual({
      name: 'trades',
      qualifier: ['dex'],
      start: 25,
      end: 31,
    });
    expect(identifierAt(sql, 6)).toEqual({ name: 'SELECT', qualifier: [], start: 0, end: 6 });
    expect(identifierAt("SELECT 'amount'", 10)).toBeNull();
  });
});
