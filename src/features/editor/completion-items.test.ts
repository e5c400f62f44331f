import { describe, expect, it } from 'vitest';
import { nameParts } from '../../lib/sql-names';
import { buildCatalog, childrenOf, findTable } from './catalog';
import { completionContext } from './completion-context';
import { hoverAt, suggestionsFor } from './completion-items';

const col = (name: string, type: string) => ({ name, type, nullable: true });
const catalog = buildCatalog([
  {
    full_name: 'dex.trades',
    type: 'spell',
    columns: [col('block_time', 'TIMESTAMP'), col('amount_usd', 'DOUBLE'), col('chain', 'VARCHAR')],
  },
  { full_name: 'dex.pools', type: 'spell', columns: [col('pool', 'VARCHAR')] },
  { full_name: 'tokens.erc20', type: 'dune_table', columns: [col('symbol', 'VARCHAR')] },
  { full_name: 'dune.alice.prices', type: 'uploaded_table', columns: [col('price', 'DOUBLE')] },
]);

/** Suggestions at `|`, as "kind:label". */
function at(marked: string) {
  const i = marked.indexOf('|');
  const ctx = completionContext(marked.slice(0, i) + marked.slice(i + 1), i);
  return suggestionsFor(ctx, catalog).map((s) => `${s.kind}:${s.label}`);
}

describe('catalog', () => {
  it('splits full names on dots outside quotes', () => {
    expect(nameParts('dune.alice.prices')).toEqual(['dune', 'alice', 'prices']);
    expect(nameParts('"a.b"."c""d"')).toEqual(['a.b', 'c"d']);
  });

  it('finds tables by full name (any case) or by a unique last part', () => {
    expect(findTable(catalog, ['DEX', 'Trades'])?.fullName).toBe('dex.trades');
    expect(findTable(catalog, ['erc20'])?.fullName).toBe('tokens.erc20');
    expect(findTable(catalog, ['nope'])).toBeNull();
  });

  it('lists what lies under a prefix', () => {
    expect(childrenOf(catalog, []).map((c) => c.name)).toEqual(['dex', 'tokens', 'dune']);
    expect(childrenOf(catalog, ['dune']).map((c) => [c.name, c.table])).toEqual([['alice', null]]);
  });
});

describe('suggestionsFor', () => {
  it('offers schemas, tables and CTEs after FROM', () => {
    const s = at('WITH w AS (SELECT 1 AS one) SELECT * FROM |');
    expect(s).toEqual(
      expect.arrayContaining([
        'cte:w',
        'schema:dex',
        'schema:tokens',
        'table:dex.trades',
        'table:tokens.erc20',
        'table:dune.alice.prices',
      ]),
    );
    expect(s.some((x) => x.startsWith('keyword:'))).toBe(false);
  });

  it("offers a schema's tables after `schema.`", () => {
    expect(at('SELECT * FROM dex.|')).toEqual(['table:trades', 'table:pools']);
    expect(at('SELECT * FROM dune.|')).toEqual(['schema:alice']);
    expect(at('SELECT * FROM dune.alice.|')).toEqual(['table:prices']);
  });

  it("offers an alias's columns after `alias.`", () => {
    expect(at('SELECT t.| FROM dex.trades t')).toEqual([
      'column:block_time',
      'column:amount_usd',
      'column:chain',
    ]);
    expect(at('SELECT T.| FROM dex.trades AS t')).toHaveLength(3);
  });

  it('offers columns of an unaliased table by its name or full name', () => {
    expect(at('SELECT trades.| FROM dex.trades')).toHaveLength(3);
    expect(at('SELECT dex.trades.| FROM dex.trades')).toHaveLength(3);
  });

  it('offers the columns a CTE defines, including those its star brings in', () => {
    expect(at('WITH w AS (SELECT amount_usd AS usd FROM dex.trades) SELECT w.| FROM w')).toEqual([
      'column:usd',
    ]);
    expect(at('WITH w AS (SELECT p.*, 1 AS one FROM dex.pools p) SELECT x.| FROM w AS x')).toEqual([
      'column:one',
      'column:pool',
    ]);
  });

  it('offers subquery columns by its alias', () => {
    expect(at('SELECT s.| FROM (SELECT chain, count(*) AS n FROM dex.trades) s')).toEqual([
      'column:chain',
      'column:n',
    ]);
  });

  it('offers in-scope columns, aliases, functions and keywords in expressions', () => {
    const s = at('SELECT | FROM dex.trades t JOIN tokens.erc20 e ON true');
    expect(s.slice(0, 6)).toEqual([
      'column:block_time',
      'column:amount_usd',
      'column:chain',
      'column:symbol',
      'alias:t',
      'alias:e',
    ]);
    expect(s).toEqual(expect.arrayContaining(['function:date_trunc', 'keyword:WHERE']));
  });

  it('describes columns by type and source, and merges a name two tables share', () => {
    const i = 'SELECT |'.length - 1;
    const sql = 'SELECT  FROM dex.trades a JOIN dex.trades b ON true';
    const s = suggestionsFor(completionContext(sql, i), catalog);
    const chain = s.filter((x) => x.label === 'chain');
    expect(chain).toHaveLength(1);
    expect(chain[0]!.detail).toBe('VARCHAR · dex.trades');
  });

  it('offers functions as snippets with the cursor inside the parentheses', () => {
    const ctx = completionContext('SELECT ', 7);
    const fn = suggestionsFor(ctx, catalog).find((s) => s.label === 'date_trunc');
    expect(fn).toMatchObject({ insertText: 'date_trunc($0)', snippet: true });
  });

  it('offers nothing inside a string, and keywords after a relation', () => {
    expect(at("SELECT 'x|'")).toEqual([]);
    expect(at('SELECT * FROM dex.trades |')).toContain('keyword:WHERE');
  });

  it('falls back to nothing with an empty catalog', () => {
    const ctx = completionContext('SELECT t. FROM dex.trades t', 9);
    expect(suggestionsFor(ctx, buildCatalog([]))).toEqual([]);
  });
});

describe('hoverAt', () => {
  const hover = (marked: string) => {
    const i = marked.indexOf('|');
    return hoverAt(marked.slice(0, i) + marked.slice(i + 1), i, catalog)?.contents ?? null;
  };

  it("shows a qualified column's type", () => {
    expect(hover('SELECT t.amou|nt_usd FROM dex.trades t')).toEqual([
      '`amount_usd` **DOUBLE** · dex.trades',
    ]);
  });

  it("shows an unqualified column's type from the tables in scope", () => {
    expect(hover('SELECT sym|bol FROM tokens.erc20')).toEqual([
      '`symbol` **VARCHAR** · tokens.erc20',
    ]);
  });

  it('describes tables and functions, and nothing for unknown names', () => {
    expect(hover('SELECT 1 FROM dex.tra|des')).toEqual(['**dex.trades** · spell · 3 columns']);
    expect(hover('SELECT date_tr|unc(1)')?.[0]).toBe('`date_trunc(part, ts)`');
    expect(hover('SELECT nothi|ng FROM dex.trades')).toBeNull();
  });
});

describe('sqlName', () => {
  it('quotes names that are not plain identifiers', async () => {
    const { quoteIdent: sqlName } = await import('../../lib/sql-names');
    expect(sqlName('amount_usd')).toBe('amount_usd');
    expect(sqlName('My Col')).toBe('"My Col"');
    expect(sqlName('a"b')).toBe('"a""b"');
    const quoted = buildCatalog([
      { full_name: 'dune.alice."my table"', type: 't', columns: [col('Total $', 'INT')] },
    ]);
    const ctx = completionContext('SELECT x. FROM dune.alice."my table" x', 9);
    expect(suggestionsFor(ctx, quoted).map((s) => s.insertText)).toEqual(['"Total $"']);
    const tables = suggestionsFor(completionContext('FROM ', 5), quoted);
    expect(tables.find((s) => s.kind === 'table')?.insertText).toBe('dune.alice."my table"');
  });
});
