import { describe, expect, it } from 'vitest';
import { nameParts } from '../../lib/sql-names';
import { duneFunction, duneFunctions } from '../../../shared/sql/dunesql/functions';
import { buildCatalog, childrenOf, findTable } from './catalog';
import { completionContext } from './completion-context';
import type { Dialect } from '../../../contract/rules/enums';
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

/** The suggestions at `|`. */
function suggestionsAt(marked: string, dialect: Dialect) {
  const i = marked.indexOf('|');
  return suggestionsFor(
    completionContext(marked.slice(0, i) + marked.slice(i + 1), i),
    catalog,
    dialect,
  );
}

/** Suggestions at `|`, as "kind:label". */
const at = (marked: string, dialect: Dialect = 'duckdb') =>
  suggestionsAt(marked, dialect).map((s) => `${s.kind}:${s.label}`);

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
    const s = suggestionsFor(completionContext(sql, i), catalog, 'duckdb');
    const chain = s.filter((x) => x.label === 'chain');
    expect(chain).toHaveLength(1);
    expect(chain[0]!.detail).toBe('VARCHAR · dex.trades');
  });

  it('offers functions as snippets with the cursor inside the parentheses', () => {
    const ctx = completionContext('SELECT ', 7);
    const fn = suggestionsFor(ctx, catalog, 'duckdb').find((s) => s.label === 'date_trunc');
    expect(fn).toMatchObject({ insertText: 'date_trunc($0)', snippet: true });
  });

  it('offers nothing inside a string, and keywords after a relation', () => {
    expect(at("SELECT 'x|'")).toEqual([]);
    expect(at('SELECT * FROM dex.trades |')).toContain('keyword:WHERE');
  });

  it('falls back to nothing with an empty catalog', () => {
    const ctx = completionContext('SELECT t. FROM dex.trades t', 9);
    expect(suggestionsFor(ctx, buildCatalog([]), 'duckdb')).toEqual([]);
  });
});

describe('hoverAt', () => {
  const hover = (marked: string, dialect: Dialect = 'duckdb') => {
    const i = marked.indexOf('|');
    const sql = marked.slice(0, i) + marked.slice(i + 1);
    return hoverAt(sql, i, catalog, dialect)?.contents ?? null;
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

  it("shows a DuneSQL function's signature and doc from the catalog, in DuneSQL only", () => {
    const fn = duneFunction('varbinary_substring')!;
    expect(hover('SELECT varbinary_subst|ring(0x0102, 1, 1)', 'dunesql')).toEqual([
      `\`${fn.signature}\``,
      fn.doc,
    ]);
    expect(hover('SELECT varbinary_subst|ring(0x0102, 1, 1)', 'duckdb')).toBeNull();
    // A name both dialects have is documented by the dialect of the text.
    expect(hover('SELECT date_tr|unc(1)', 'dunesql')?.[0]).toBe(
      `\`${duneFunction('date_trunc')!.signature}\``,
    );
  });

  it('says an unsupported function is not supported, and a column still wins over a function', () => {
    expect(hover('SELECT sound|ex(symbol) FROM tokens.erc20', 'dunesql')?.[1]).toMatch(
      /^Not supported on Strata/,
    );
    expect(hover('SELECT sym|bol FROM tokens.erc20', 'dunesql')).toEqual([
      '`symbol` **VARCHAR** · tokens.erc20',
    ]);
  });
});

describe('suggestionsFor in DuneSQL', () => {
  it("offers the catalog's functions with their signatures and docs, not DuckDB's list", () => {
    const s = suggestionsAt('SELECT | FROM dex.trades', 'dunesql');
    const fn = s.find((x) => x.label === 'varbinary_to_uint256');
    const entry = duneFunction('varbinary_to_uint256')!;
    expect(fn).toMatchObject({
      kind: 'function',
      detail: entry.signature,
      documentation: entry.doc,
      insertText: 'varbinary_to_uint256($0)',
      snippet: true,
    });
    const functions = s.filter((x) => x.kind === 'function').map((x) => x.label);
    expect(functions).toHaveLength(duneFunctions().length);
    // read_parquet is DuckDB's (and a DuneSQL run could not read files anyway).
    expect(functions).not.toContain('read_parquet');
    expect(at('SELECT | FROM dex.trades', 'duckdb')).not.toContain('function:varbinary_to_uint256');
  });

  it('writes a lambda for the functions that take one', () => {
    const s = suggestionsAt('SELECT |', 'dunesql');
    expect(s.find((x) => x.label === 'transform')).toMatchObject({
      insertText: 'transform(${1:x}, ${2:e} -> ${3:expr})$0',
      snippet: true,
    });
    expect(s.find((x) => x.label === 'reduce')?.insertText).toBe(
      'reduce(${1:x}, ${2:initial}, (${3:state}, ${4:e}) -> ${5:next}, ${6:state} -> ${7:result})$0',
    );
    expect(s.find((x) => x.label === 'now')?.insertText).toBe('now()');
  });

  it('lists unsupported functions last, saying so', () => {
    const s = suggestionsAt('SELECT |', 'dunesql');
    const soundex = s.find((x) => x.label === 'soundex')!;
    expect(soundex.detail).toMatch(/· not supported on Strata$/);
    const keyword = s.find((x) => x.label === 'SELECT')!;
    expect(soundex.sortText > keyword.sortText).toBe(true);
  });

  it("offers Trino's types where a cast names its type, parametric ones as snippets", () => {
    for (const marked of ['SELECT CAST(x AS |', 'SELECT try_cast(f(x, y) as u|', 'SELECT x::|']) {
      const s = suggestionsAt(marked, 'dunesql');
      expect(s.every((x) => x.kind === 'type')).toBe(true);
      expect(s.map((t) => t.label)).toEqual(
        expect.arrayContaining(['varbinary', 'uint256', 'int256', 'array(…)', 'map(…)', 'row(…)']),
      );
    }
    expect(
      suggestionsAt('SELECT CAST(x AS |', 'dunesql').find((t) => t.label === 'array(…)'),
    ).toMatchObject({
      insertText: 'array($0)',
      snippet: true,
    });
    expect(at('SELECT CAST(x AS |', 'duckdb')).toContain('type:HUGEINT');
    expect(at('SELECT CAST(x AS |', 'duckdb')).not.toContain('type:uint256');
    // AS elsewhere names an alias.
    expect(at('SELECT count(x) AS |', 'dunesql')).toEqual([]);
    expect(at('SELECT (x AS |', 'dunesql')).toEqual([]);
  });

  it("offers Trino's keywords, not DuckDB's own", () => {
    const labels = at('SELECT | FROM dex.trades', 'dunesql');
    expect(labels).toEqual(
      expect.arrayContaining(['keyword:UNNEST', 'keyword:ORDINALITY', 'keyword:FETCH']),
    );
    expect(labels).not.toContain('keyword:QUALIFY');
    expect(at('SELECT | FROM dex.trades', 'duckdb')).toContain('keyword:QUALIFY');
  });

  it('offers after a relation only the keywords DuneSQL has', () => {
    const s = at('SELECT * FROM dex.trades |', 'dunesql');
    expect(s).toContain('keyword:WHERE');
    expect(s).not.toContain('keyword:ASOF');
    expect(at('SELECT * FROM dex.trades |', 'duckdb')).toContain('keyword:ASOF');
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
    expect(suggestionsFor(ctx, quoted, 'duckdb').map((s) => s.insertText)).toEqual(['"Total $"']);
    const tables = suggestionsFor(completionContext('FROM ', 5), quoted, 'duckdb');
    expect(tables.find((s) => s.kind === 'table')?.insertText).toBe('dune.alice."my table"');
  });
});
