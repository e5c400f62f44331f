import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isCode, lex, lexSql } from '../lexer';
import { toOriginalOffset } from '../offsets';
import { duneFunction, duneFunctions } from './functions';
import { DuneSqlError, rewriteDuneSql, unsupportedCalls } from './rewrite';

/** The DuckDB SQL for a DuneSQL text. */
const duck = (sql: string) => rewriteDuneSql(sql).sql;

/** The DuneSqlError the rewrite throws for `sql`: its message and the text it points at. */
function failure(sql: string): { message: string; at: string } {
  try {
    rewriteDuneSql(sql);
  } catch (err) {
    if (!(err instanceof DuneSqlError)) throw err;
    return { message: err.message, at: sql.slice(err.start, err.end) };
  }
  throw new Error(`no error for ${sql}`);
}

describe('varbinary literals', () => {
  it('turns 0x… and X’…’ into BLOB constants, in lower case', () => {
    expect(duck('SELECT x FROM t WHERE a = 0xAbCd01')).toBe(
      "SELECT x FROM t WHERE a = unhex('abcd01')",
    );
    expect(duck("SELECT x FROM t WHERE a IN (X'ab 12', 0X00)")).toBe(
      "SELECT x FROM t WHERE a IN (unhex('ab12'), unhex('00'))",
    );
  });

  it('reads a bare 0x and an empty X’’ as the empty varbinary', () => {
    expect(duck("SELECT x FROM t WHERE a <> 0x AND b <> X''")).toBe(
      "SELECT x FROM t WHERE a <> unhex('') AND b <> unhex('')",
    );
  });

  it('leaves a number and a name apart, and 0x inside strings, names and comments', () => {
    const sql = `SELECT 0 x1, "0xab", '0xab' AS s /* 0xab */ FROM t -- 0xzz`;
    expect(duck(sql)).toBe(sql);
  });

  it('names a malformed literal and points at it', () => {
    expect(failure('SELECT 1 FROM t WHERE a = 0xabc')).toEqual({
      message: 'Invalid varbinary literal 0xabc: it has an odd number of hexadecimal digits',
      at: '0xabc',
    });
    expect(failure('SELECT 1 FROM t WHERE a = 0x12g4')).toEqual({
      message: "Invalid varbinary literal 0x12g4: 'g' is not a hexadecimal digit",
      at: '0x12g4',
    });
    expect(failure("SELECT X'1' AS b")).toMatchObject({ at: "X'1'" });
  });
});

describe('names DuckDB reserves', () => {
  it('quotes them where they stand as names', () => {
    expect(duck('SELECT to, all FROM transfers WHERE to = from_a AND all > 1')).toBe(
      'SELECT "to", "all" FROM transfers WHERE "to" = from_a AND "all" > 1',
    );
    expect(duck('SELECT to.amount, x.to FROM transfers to JOIN t AS all ON all.a = to.b')).toBe(
      'SELECT "to".amount, x.to FROM transfers "to" JOIN t AS "all" ON "all".a = "to".b',
    );
    expect(duck('WITH limit AS (SELECT 1 AS x) SELECT x at, count(*) offset FROM limit')).toBe(
      'WITH "limit" AS (SELECT 1 AS x) SELECT x "at", count(*) "offset" FROM "limit"',
    );
    expect(duck('SELECT count(all) FROM t ORDER BY to DESC, all')).toBe(
      'SELECT count("all") AS _col0 FROM t ORDER BY "to" DESC, "all"',
    );
  });

  it('leaves them where they are keywords', () => {
    for (const sql of [
      'SELECT a FROM t UNION ALL SELECT ALL b FROM u',
      'SELECT a FROM t WHERE a > ALL (SELECT b FROM u) AND a = ANY (SELECT c FROM u)',
      'SELECT a FROM t GROUP BY ALL ORDER BY ALL',
      'SELECT ALL * FROM t ORDER BY a DESC NULLS LAST LIMIT 5 OFFSET 2',
      'SELECT a FROM t FETCH FIRST 3 ROWS ONLY',
      "SELECT trim(leading FROM a) AS x, trim(both 'z' FROM a) AS y FROM t",
      "SELECT a AT TIME ZONE 'UTC' AS x, CAST(b AS INTERVAL DAY TO SECOND) AS y FROM t",
      "SELECT count(ALL a) AS n FROM t WHERE b SIMILAR TO 'x'",
    ])
      expect(duck(sql), sql).toBe(sql);
  });
});

describe('types', () => {
  it('writes Trino’s type syntax as DuckDB’s', () => {
    expect(duck('SELECT CAST(a AS array(double)) AS x FROM t')).toBe(
      'SELECT CAST(a AS double[]) AS x FROM t',
    );
    expect(
      duck('SELECT TRY_CAST(a AS map(varchar, array(row(n bigint, v array(uint256))))) AS x'),
    ).toBe('SELECT TRY_CAST(a AS map(varchar, row(n bigint, v BIGNUM[])[])) AS x');
    expect(duck('SELECT CAST(a AS row(bigint, double precision)) AS x')).toBe(
      'SELECT CAST(a AS row(field0 bigint, field1 double precision)) AS x',
    );
    expect(
      duck('SELECT CAST(a AS timestamp(3) with time zone) AS x, CAST(b AS time(6)) AS y'),
    ).toBe('SELECT CAST(a AS timestamp with time zone) AS x, CAST(b AS time) AS y');
    expect(duck('SELECT CAST(a AS decimal) AS x, CAST(b AS decimal(10, 2)) AS y')).toBe(
      'SELECT CAST(a AS decimal(38, 0)) AS x, CAST(b AS decimal(10, 2)) AS y',
    );
    expect(
      duck('SELECT CAST(a AS real) AS x, CAST(b AS json) AS y, CAST(c AS varbinary) AS z'),
    ).toBe('SELECT CAST(a AS real) AS x, CAST(b AS json) AS y, dunesql_to_varbinary(c ) AS z');
  });

  it('casts to uint256/int256/varchar through the catalog’s macros, cutting varchar(n)', () => {
    expect(
      duck("SELECT CAST(a AS uint256) AS x, TRY_CAST(b AS INT256) AS y, uint256 '7' AS z"),
    ).toBe(
      "SELECT dunesql_to_uint256(a ) AS x, dunesql_try_to_int256(b ) AS y, dunesql_to_uint256( '7') AS z",
    );
    expect(duck('SELECT CAST(a AS varchar(3)) AS x')).toBe(
      'SELECT left(dunesql_to_varchar(a ), 3) AS x',
    );
  });

  it('reads a timestamp literal with a zone as a timestamp with time zone', () => {
    expect(
      duck(
        "SELECT TIMESTAMP '2024-01-01 01:00:00+02:00' AS a, TIMESTAMP '2024-01-01 00:00 UTC' AS b, TIMESTAMP '2024-01-01 00:00:00' AS c",
      ),
    ).toBe(
      "SELECT TIMESTAMPTZ '2024-01-01 01:00:00+02:00' AS a, TIMESTAMPTZ '2024-01-01 00:00 UTC' AS b, TIMESTAMP '2024-01-01 00:00:00' AS c",
    );
  });

  it('refuses a type DuckDB has nothing like, naming it', () => {
    expect(failure("SELECT CAST('1.2.3.4' AS IPADDRESS)")).toEqual({
      message: "Type 'ipaddress' is not supported by Strata's DuneSQL",
      at: 'IPADDRESS',
    });
  });
});

describe('_colN names', () => {
  it('names unnamed select expressions by position, in every select list', () => {
    expect(duck('SELECT 1')).toBe('SELECT 1 AS _col0');
    expect(
      duck(
        'WITH w AS (SELECT a, t.b, "c", a + 1, count(*) n, max(a) AS m, true FROM t) SELECT * FROM w',
      ),
    ).toBe(
      'WITH w AS (SELECT a, t.b, "c", a + 1 AS _col3, count(*) n, max(a) AS m, true AS _col6 FROM t) SELECT * FROM w',
    );
    expect(duck('SELECT DISTINCT t.*, (SELECT max(b) FROM u) FROM t')).toBe(
      'SELECT DISTINCT t.*, (SELECT max(b) AS _col0 FROM u) AS _col1 FROM t',
    );
  });

  it('reads a select list to its end, whatever comes between', () => {
    expect(
      duck(
        "SELECT a IS DISTINCT FROM b, percentile_cont(0.5) WITHIN GROUP (ORDER BY a), INTERVAL '1' DAY, x'00' FROM t",
      ),
    ).toBe(
      "SELECT a IS DISTINCT FROM b AS _col0, percentile_cont(0.5) WITHIN GROUP (ORDER BY a) AS _col1, INTERVAL '1' DAY AS _col2, unhex('00') AS _col3 FROM t",
    );
  });
});

describe('VALUES columns', () => {
  it('names them _col0, _col1, … where a VALUES list stands as a query, bracketing rows', () => {
    const named = (values: string, n: number) =>
      `SELECT * FROM (${values}) AS _values(${[...Array(n).keys()].map((k) => `_col${k}`).join(', ')})`;
    expect(duck("SELECT * FROM (VALUES (1, 'a'), (2, 'b'))")).toBe(
      `SELECT * FROM (${named("VALUES (1, 'a'), (2, 'b')", 2)})`,
    );
    expect(duck('SELECT * FROM (VALUES 1, 2) AS t(a)')).toBe(
      `SELECT * FROM (${named('VALUES (1), (2)', 1)}) AS t(a)`,
    );
    expect(duck('WITH t AS (VALUES (1) + 2, (3)) SELECT * FROM t')).toBe(
      `WITH t AS (${named('VALUES ((1) + 2), (3)', 1)}) SELECT * FROM t`,
    );
    expect(duck('VALUES (1, (2, 3)) ORDER BY 1')).toBe(
      `${named('VALUES (1, (2, 3))', 2)} ORDER BY 1`,
    );
  });

  it('leaves VALUES alone elsewhere', () => {
    expect(duck('INSERT INTO t VALUES (1, 2)')).toBe('INSERT INTO t VALUES (1, 2)');
    expect(duck('SELECT \'VALUES (1)\' AS "values"')).toBe('SELECT \'VALUES (1)\' AS "values"');
  });
});

describe('UNNEST of rows', () => {
  it('unnests rows into one column per name', () => {
    expect(duck("SELECT * FROM UNNEST(ARRAY[ROW(1, 'a')]) AS t(n, s)")).toBe(
      "SELECT * FROM (SELECT unnest(__dunesql_unnest.r) FROM UNNEST(ARRAY[ROW(1, 'a')]) AS __dunesql_unnest(r)) AS t(n, s)",
    );
    expect(duck('SELECT n FROM u CROSS JOIN UNNEST(rs) WITH ORDINALITY t(a, b, n)')).toBe(
      'SELECT n FROM u CROSS JOIN (SELECT unnest(__dunesql_unnest.r), __dunesql_unnest.n FROM UNNEST(rs) WITH ORDINALITY AS __dunesql_unnest(r, n)) t(a, b, n)',
    );
  });

  it('unnests several arrays side by side', () => {
    expect(duck('SELECT * FROM UNNEST(xs, ys) AS t(x, y)')).toBe(
      'SELECT * FROM (SELECT unnest(__dunesql_unnest.r) FROM UNNEST(list_zip(xs, ys)) AS __dunesql_unnest(r)) AS t(x, y)',
    );
  });

  it('unnests a map written as one into its entries, alone or beside arrays', () => {
    expect(duck('SELECT * FROM UNNEST(histogram(x)) AS t(k, n)')).toBe(
      'SELECT * FROM (SELECT unnest(__dunesql_unnest.r) FROM UNNEST(map_entries(histogram(x))) AS __dunesql_unnest(r)) AS t(k, n)',
    );
    expect(duck('SELECT * FROM u, UNNEST(xs, CAST(j AS map(varchar, json))) AS t(x, k, v)')).toBe(
      'SELECT * FROM u, (SELECT __dunesql_unnest.r[1], unnest(__dunesql_unnest.r[2]) FROM UNNEST(list_zip(xs, map_entries(CAST(j AS map(varchar, json))))) AS __dunesql_unnest(r)) AS t(x, k, v)',
    );
  });

  it('reads a column or another call as an array, not a map', () => {
    expect(duck('SELECT * FROM UNNEST(CAST(j AS array(integer))) AS t(x)')).toBe(
      'SELECT * FROM UNNEST(CAST(j AS integer[])) AS t(x)',
    );
    expect(duck('SELECT * FROM u, UNNEST(m) AS t(k)')).toBe('SELECT * FROM u, UNNEST(m) AS t(k)');
  });

  it('leaves an unnest of values as it is', () => {
    const sql = 'SELECT x FROM u CROSS JOIN UNNEST(xs) WITH ORDINALITY AS t(x, i)';
    expect(duck(sql)).toBe(sql);
  });
});

describe('marks', () => {
  it('map every offset of the DuckDB SQL back to the DuneSQL as written', () => {
    const sql = 'SELECT to, 0xab, nope FROM t';
    const { sql: out, marks } = rewriteDuneSql(sql);
    const back = toOriginalOffset(marks);
    expect(back(out.indexOf('nope'))).toBe(sql.indexOf('nope'));
    expect(back(out.indexOf('unhex') + 3)).toBe(sql.indexOf('0xab'));
    expect(back(out.indexOf('FROM'))).toBe(sql.indexOf('FROM'));
    expect(back(out.indexOf('_col1'))).toBe(sql.indexOf(', nope'));
  });

  it('are empty when nothing is rewritten', () => {
    expect(rewriteDuneSql('SELECT a FROM t')).toEqual({ sql: 'SELECT a FROM t', marks: [] });
  });
});

describe('placeholders', () => {
  it('are left alone in SQL as written', () => {
    const sql = "SELECT {{to}}, '{{x}}', 0xab FROM t WHERE to = {{ all }}";
    expect(rewriteDuneSql(sql, { placeholders: true }).sql).toBe(
      "SELECT {{to}} AS _col0, '{{x}}' AS _col1, unhex('ab') AS _col2 FROM t WHERE \"to\" = {{ all }}",
    );
  });
});

describe('what the rewrite never touches', () => {
  const literal = fc.oneof(
    fc.string({ maxLength: 8 }).map((s) => `'${s.replaceAll("'", "''")}'`),
    fc.string({ maxLength: 8 }).map((s) => `"${s.replaceAll('"', '""') || 'q'}"`),
    fc.string({ maxLength: 8 }).map((s) => `/* ${s.replaceAll('*/', '')} */`),
    fc.string({ maxLength: 8 }).map((s) => `-- ${s.replace(/[\r\n]/g, ' ')}\n`),
  );
  const piece = fc.oneof(
    literal,
    fc.constantFrom(
      'to',
      'all',
      'x',
      'limit',
      'greatest(',
      'reduce(',
      'zip_with(',
      'map_filter(',
      'transform_keys(',
      '(k, v) ->',
      'CAST(',
      ' AS ',
      'array(',
      'uint256',
      'varchar(3)',
      '0xab',
      "X'cd'",
      '0x',
      '1',
      '(',
      ')',
      ',',
      '+',
      '->',
      '.',
      '*',
      'SELECT ',
      ' FROM ',
      ' UNION ALL ',
      'UNNEST(',
      ' t(a, b)',
      'row(',
      ' ',
      '\n',
    ),
  );

  it('keeps every string, quoted name and comment, at a place that maps back to it', () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (pieces) => {
        const sql = `SELECT ${pieces.join(' ')}`;
        let out;
        try {
          out = rewriteDuneSql(sql);
        } catch (err) {
          if (err instanceof DuneSqlError) return; // refused, with a position: nothing to keep
          throw err;
        }
        const back = toOriginalOffset(out.marks);
        const kept = lex(out.sql, { placeholders: false }).tokens;
        const given = lex(sql, { placeholders: false }).tokens;
        for (const [i, t] of given.entries()) {
          if (t.kind !== 'string' && t.kind !== 'quoted' && t.kind !== 'comment') continue;
          if (/^[xX]$/.test(given[i - 1]?.text ?? '')) continue; // X'…': a varbinary literal
          expect(
            kept.some((k) => k.text === t.text && back(k.start) === t.start),
            `${t.text} in ${out.sql}`,
          ).toBe(true);
        }
      }),
      { numRuns: 400 },
    );
  });

  const column = fc.constantFrom('a', 'b', 't.a', '"to"', '"all"', 'amount');
  const fns = ['abs', 'coalesce', 'lower', 'upper', 'round', 'sum', 'max', 'min', 'count'].filter(
    (f) => (duneFunction(f)?.run.kind ?? 'same') === 'same',
  );
  const expr: fc.Arbitrary<string> = fc.letrec<{ e: string }>((tie) => ({
    e: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      column,
      fc.integer({ min: 0, max: 99 }).map(String),
      fc.string({ maxLength: 5 }).map((s) => `'${s.replaceAll("'", "''")}'`),
      fc
        .tuple(tie('e'), fc.constantFrom('+', '-', '*', '=', '<', 'AND', 'OR', '||'), tie('e'))
        .map(([l, op, r]) => `${l} ${op} ${r}`),
      fc.tuple(fc.constantFrom(...fns), tie('e')).map(([f, e]) => `${f}(${e})`),
      fc.tuple(tie('e'), tie('e')).map(([c, e]) => `CASE WHEN ${c} THEN ${e} ELSE NULL END`),
      tie('e').map((e) => `CAST(${e} AS BIGINT)`),
      tie('e').map((e) => `(${e})`),
    ),
  })).e;
  const item = fc.oneof(
    expr,
    fc.tuple(expr, fc.constantFrom('x', 'total', '"n"')).map(([e, n]) => `${e} AS ${n}`),
    fc.constant('*'),
    fc.constant('count(*)'),
  );
  const select = fc
    .tuple(
      fc.array(item, { minLength: 1, maxLength: 4 }),
      fc.option(expr),
      fc.boolean(),
      fc.option(fc.nat(9)),
      fc.option(fc.string({ maxLength: 6 }).map((s) => `/* ${s.replaceAll('*/', '')} */`)),
    )
    .map(
      ([items, where, ordered, limit, comment]) =>
        `SELECT ${items.join(', ')} ${comment ?? ''} FROM t${where ? ` WHERE ${where}` : ''}` +
        `${ordered ? ' ORDER BY a DESC NULLS LAST' : ''}${limit !== null ? ` LIMIT ${limit}` : ''}`,
    );

  it('changes DuckDB SQL without DuneSQL-only syntax by `_colN` names only', () => {
    const codeOf = (sql: string) =>
      lexSql(sql)
        .filter(isCode)
        .map((t) => t.text);
    fc.assert(
      fc.property(fc.tuple(select, fc.option(select)), ([first, second]) => {
        const sql = second ? `${first} UNION ALL ${second}` : first;
        const out = codeOf(rewriteDuneSql(sql).sql);
        const named = out.filter(
          (t, i) => !(t === 'AS' && /^_col\d+$/.test(out[i + 1] ?? '')) && !/^_col\d+$/.test(t),
        );
        expect(named).toEqual(codeOf(sql));
      }),
      { numRuns: 400 },
    );
  });
});

describe('calls', () => {
  it('reshapes every function the catalog says the rewrite reshapes', () => {
    // A call of the wrong shape may be refused, but with a DuneSqlError, never the rewrite's own.
    for (const fn of duneFunctions().filter((f) => f.run.kind === 'reshape')) {
      try {
        rewriteDuneSql(`SELECT ${fn.name}(a, b) FROM t`);
      } catch (err) {
        expect(err, fn.name).toBeInstanceOf(DuneSqlError);
      }
    }
  });

  it('writes the standard form of a renamed call as plain arguments', () => {
    expect(duck('SELECT substring(a FROM 2 FOR 3) AS x, substring(a FROM 2) AS y FROM t')).toBe(
      'SELECT dunesql_substr(a , 2 , 3) AS x, dunesql_substr(a , 2) AS y FROM t',
    );
  });

  it('leaves field access, FILTER clauses and table functions alone', () => {
    const sql = 'SELECT t.greatest(a) g, count(*) FILTER (WHERE a > 1) AS n FROM sequence(1, 3) t';
    expect(duck(sql)).toBe(sql);
  });
});

describe('lambdas over maps', () => {
  it('run on the map entries, each parameter a field of one entry', () => {
    expect(duck('SELECT map_filter(m, (k, v) -> v > k) FROM t')).toBe(
      'SELECT map_from_entries(list_filter(map_entries(m), __dunesql_e1 -> __dunesql_e1.value > __dunesql_e1.key)) AS _col0 FROM t',
    );
    expect(duck('SELECT map_zip_with(a, b, (k, x, y) -> x + y) AS s FROM t')).toBe(
      "SELECT map_from_entries(list_transform(dunesql_map_zip(a, b), __dunesql_e1 -> {'key': __dunesql_e1.key, 'value': __dunesql_e1.value1 + __dunesql_e1.value2})) AS s FROM t",
    );
  });

  it('leave fields, calls, cast types and a nested lambda’s own parameter of that name alone', () => {
    expect(
      duck(
        'SELECT transform_values(m, (k, v) -> k(t.k, CAST(v AS row(k int)), transform(v, k -> k))) AS x FROM t',
      ),
    ).toBe(
      "SELECT map_from_entries(list_transform(map_entries(m), __dunesql_e1 -> {'key': __dunesql_e1.key, 'value': k(t.k, CAST(__dunesql_e1.value AS row(k int)), list_transform(__dunesql_e1.value, k -> k))})) AS x FROM t",
    );
  });

  it('refuse a call without a map and a lambda of the right arity, at the call', () => {
    expect(failure('SELECT map_filter(m, x -> true) FROM t')).toEqual({
      message: "Function 'map_filter' takes a map and a lambda (k, v) -> …",
      at: 'map_filter(m, x -> true)',
    });
    expect(failure('SELECT map_zip_with(a, (k, x, y) -> x) FROM t').message).toMatch(
      /takes two maps and a lambda \(k, v1, v2\)/,
    );
  });
});

describe('listagg', () => {
  it('becomes string_agg with the order inside, no separator unless given', () => {
    expect(duck("SELECT listagg(a, ', ') WITHIN GROUP (ORDER BY b DESC, 0xab) FROM t")).toBe(
      "SELECT string_agg(a, ', ' ORDER BY b DESC, unhex('ab')) AS _col0 FROM t",
    );
    expect(
      duck(
        "SELECT listagg(a ON OVERFLOW TRUNCATE '…' WITH COUNT) WITHIN GROUP (ORDER BY a) FILTER (WHERE a > 1) s FROM t",
      ),
    ).toBe("SELECT string_agg(a, '' ORDER BY a) FILTER (WHERE a > 1) s FROM t");
  });
});

describe('unsupportedCalls', () => {
  it('lists the calls a run would refuse, with where they are, and no others', () => {
    const sql = "SELECT soundex(a), 'soundex(', greatest(a, b) FROM t";
    const found = unsupportedCalls(sql);
    expect(found.map(({ name, start, end }) => ({ name, at: sql.slice(start, end) }))).toEqual([
      { name: 'soundex', at: 'soundex' },
    ]);
    expect(found[0]!.message).toBe(failure(sql).message);
  });

  it('reads SQL as written, placeholders and all', () => {
    expect(unsupportedCalls('SELECT {{soundex}} FROM t WHERE a = {{ x }}')).toEqual([]);
  });
});

describe('sequence from a date', () => {
  it('renames the call alone: the macro keeps the type of a date column as of a literal', () => {
    const day = "INTERVAL '1' DAY";
    expect(rewriteDuneSql(`SELECT sequence(DATE '2024-01-01', current_date, ${day})`).sql).toBe(
      `SELECT dunesql_sequence(DATE '2024-01-01', current_date, ${day}) AS _col0`,
    );
    expect(rewriteDuneSql(`SELECT sequence(t, current_date, ${day}) FROM x`).sql).toBe(
      `SELECT dunesql_sequence(t, current_date, ${day}) AS _col0 FROM x`,
    );
  });
});

describe('bounds', () => {
  it('refuses nesting that would grow the text past the bound, instead of running out of memory', () => {
    // Each greatest repeats its arguments: 40 levels would ask for 2^40 copies.
    const sql = `SELECT ${'greatest('.repeat(40)}1${', 2)'.repeat(40)}`;
    expect(() => rewriteDuneSql(sql)).toThrow(/too complex to run as DuneSQL/);
    expect(() => rewriteDuneSql(sql)).toThrow(DuneSqlError);
  });

  it('refuses nesting deeper than the rewrite follows, with a DuneSqlError', () => {
    const sql = `SELECT CAST(x AS ${'array('.repeat(5000)}int${')'.repeat(5000)})`;
    expect(() => rewriteDuneSql(sql)).toThrow(/nests too deeply/);
  });
});

describe('macro nesting', () => {
  it('refuses macro calls nested past the bound, at the call, and allows the bound', () => {
    const nested = (n: number) =>
      `SELECT ${'varbinary_ltrim('.repeat(n)}0x0001${')'.repeat(n)} FROM t`;
    expect(() => rewriteDuneSql(nested(8))).not.toThrow();
    const sql = nested(9);
    expect(() => rewriteDuneSql(sql)).toThrow(/nest more than 8 deep at 'varbinary_ltrim'/);
    try {
      rewriteDuneSql(sql);
    } catch (err) {
      expect((err as DuneSqlError).start).toBe(sql.indexOf('varbinary_ltrim(', 7 + 8 * 16));
    }
  });
});
