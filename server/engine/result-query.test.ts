import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../errors.js';
import { MAX_FILTER_DEPTH, MAX_IN_ITEMS, MAX_PREDICATES } from './result-filters.js';
import { parseColumns, parseFilters, parseSortBy } from './result-query.js';

/** The 400 message `fn` throws (fails the test if it returns or throws anything else). */
function invalid(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(AppError);
    expect((e as AppError).kind).toBe('invalid');
    return (e as AppError).message;
  }
  throw new Error('expected a 400');
}

const AVAILABLE = ['amount', 'name', 'my col', 'we"ird', 'Block_Time'];

describe('parseColumns', () => {
  it('returns the requested columns in order', () => {
    expect(parseColumns('name,amount', AVAILABLE)).toEqual(['name', 'amount']);
    expect(parseColumns(' name , amount ', AVAILABLE)).toEqual(['name', 'amount']);
  });

  it('reads double-quoted names with escaped quotes', () => {
    expect(parseColumns('"my col","we""ird", name', AVAILABLE)).toEqual([
      'my col',
      'we"ird',
      'name',
    ]);
    expect(parseColumns('my col', AVAILABLE)).toEqual(['my col']);
  });

  it('drops duplicates and matches case-insensitively when unique', () => {
    expect(parseColumns('name,amount,name,NAME', AVAILABLE)).toEqual(['name', 'amount']);
    expect(parseColumns('block_time', AVAILABLE)).toEqual(['Block_Time']);
    expect(parseColumns('X', ['x', 'X'])).toEqual(['X']);
    expect(invalid(() => parseColumns('ab', ['Ab', 'AB']))).toBe(
      'columns: column "ab" is ambiguous ("Ab", "AB") at position 1',
    );
  });

  it('refuses unknown, empty and malformed names', () => {
    expect(invalid(() => parseColumns('name,foo', AVAILABLE))).toBe(
      'columns: unknown column "foo" at position 6',
    );
    expect(invalid(() => parseColumns('', AVAILABLE))).toBe('columns: no column names given');
    expect(invalid(() => parseColumns('  ', AVAILABLE))).toBe('columns: no column names given');
    expect(invalid(() => parseColumns('name,,amount', AVAILABLE))).toBe(
      'columns: empty column name at position 6',
    );
    expect(invalid(() => parseColumns('name,', AVAILABLE))).toBe(
      'columns: empty column name at position 6',
    );
    expect(invalid(() => parseColumns('"my col', AVAILABLE))).toBe(
      'columns: unterminated quoted name starting at position 1',
    );
    expect(invalid(() => parseColumns('"my col" x', AVAILABLE))).toBe(
      'columns: expected a comma after "my col" at position 10',
    );
    expect(invalid(() => parseColumns('my"col', AVAILABLE))).toMatch(/unexpected double quote/);
    expect(invalid(() => parseColumns('"amount"; drop table t', AVAILABLE))).toMatch(
      /expected a comma/,
    );
    expect(invalid(() => parseColumns('x'.repeat(100_001), AVAILABLE))).toBe(
      'columns: too long (100001 characters; at most 100000)',
    );
  });

  it('takes a value of 100,000 characters (many names)', () => {
    const many = Array.from({ length: 7_000 }, () => '"my col"').join(',');
    const value = `${many},${' '.repeat(100_000 - many.length - 5)}name`;
    expect(value).toHaveLength(100_000);
    expect(parseColumns(value, AVAILABLE)).toEqual(['my col', 'name']);
  });
});

describe('parseSortBy', () => {
  it('builds an ORDER BY list, ascending by default', () => {
    expect(parseSortBy('amount desc, name', AVAILABLE)).toBe('"amount" DESC, "name" ASC');
    expect(parseSortBy('AMOUNT Asc', AVAILABLE)).toBe('"amount" ASC');
    expect(parseSortBy('name,amount', AVAILABLE)).toBe('"name" ASC, "amount" ASC');
  });

  it('takes quoted names and nulls first/last', () => {
    expect(parseSortBy('"my col" DESC NULLS FIRST, "we""ird" nulls last', AVAILABLE)).toBe(
      '"my col" DESC NULLS FIRST, "we""ird" ASC NULLS LAST',
    );
  });

  it('refuses unknown columns and anything but the grammar', () => {
    expect(invalid(() => parseSortBy('amount foo', AVAILABLE))).toBe(
      'sort_by: expected asc or desc after "amount" at position 8',
    );
    expect(invalid(() => parseSortBy('amount desc foo', AVAILABLE))).toBe(
      'sort_by: expected nulls first, nulls last or a comma after "amount" at position 13',
    );
    expect(invalid(() => parseSortBy('amount nulls middle', AVAILABLE))).toBe(
      'sort_by: expected first or last after nulls at position 14',
    );
    expect(invalid(() => parseSortBy('amount nulls first desc', AVAILABLE))).toBe(
      'sort_by: expected a comma after "amount" at position 20',
    );
    expect(invalid(() => parseSortBy('nope', AVAILABLE))).toBe(
      'sort_by: unknown column "nope" at position 1',
    );
    expect(invalid(() => parseSortBy('amount,', AVAILABLE))).toBe(
      'sort_by: expected a column name, found the end at position 8',
    );
    expect(invalid(() => parseSortBy('', AVAILABLE))).toBe('sort_by: no columns given');
    expect(invalid(() => parseSortBy('amount; drop table t', AVAILABLE))).toBe(
      'sort_by: semicolons are not supported at position 7',
    );
    expect(invalid(() => parseSortBy('amount -- x', AVAILABLE))).toMatch(/comments/);
    expect(invalid(() => parseSortBy('1', AVAILABLE))).toMatch(/expected a column name/);
    expect(invalid(() => parseSortBy('lower(name)', AVAILABLE))).toMatch(/unknown column/);
    expect(invalid(() => parseSortBy('amount (desc)', AVAILABLE))).toMatch(/expected asc/);
  });
});

/** Columns of the filter test table, with their DuckDB types (as DESCRIBE prints them). */
const TABLE = `
  SELECT * FROM (VALUES
    (1, 'Walter', 10.5, 1, TIMESTAMP '2024-03-05 20:50:59', DATE '2024-03-05', true, 'a', 1, '\\x00\\xff'::BLOB, ['a'], TIMESTAMPTZ '2024-03-05 20:50:59+00', 1.5::DECIMAL(10,2)),
    (2, 'Jesse', 3.25, 2, TIMESTAMP '2024-02-01 00:00:00', DATE '2024-02-01', false, NULL, 2, '\\x01'::BLOB, NULL, NULL, 2.25),
    (3, 'Wendy', 100, 3, TIMESTAMP '2024-04-01 12:00:00', DATE '2024-04-01', NULL, 'c', 3, NULL, [], NULL, 100),
    (4, 'O''Brien', NULL, 4, NULL, NULL, true, 'd', NULL, NULL, ['b', 'c'], NULL, NULL)
  ) AS v(id, name, amount, n, block_time, d, flag, x, "my col", hash, tags, tz, dec)`;

let inst: DuckDBInstance;
let conn: DuckDBConnection;
let columns: { name: string; type: string }[];

/** The ids of the rows the filter selects, run on DuckDB. */
async function ids(filter: string): Promise<number[]> {
  const where = parseFilters(filter, columns);
  const r = await conn.runAndReadAll(`SELECT id FROM t WHERE ${where} ORDER BY id`);
  return r.getRows().map(([id]) => Number(id));
}

beforeAll(async () => {
  inst = await DuckDBInstance.create(':memory:');
  conn = await inst.connect();
  await conn.run(`CREATE TABLE t AS ${TABLE}`);
  await conn.run(`ALTER TABLE t ADD COLUMN "we""ird" INTEGER DEFAULT 7`);
  const r = await conn.runAndReadAll('SELECT column_name, column_type FROM (DESCRIBE t)');
  columns = r.getRows().map(([name, type]) => ({ name: String(name), type: String(type) }));
});

afterAll(() => {
  conn.closeSync();
  inst.closeSync();
});

describe('parseFilters on DuckDB', () => {
  it('has the column types the tests rely on', () => {
    expect(columns.find((c) => c.name === 'amount')?.type).toMatch(/^DECIMAL\(/);
    expect(columns.find((c) => c.name === 'tags')?.type).toBe('VARCHAR[]');
  });

  it.each<[string, number[]]>([
    ["block_time > '2024-03-01'", [1, 3]],
    ["block_time = '2024-03-05 20:50:59.000 UTC'", [1]],
    ["d = '2024-03-05'", [1]],
    ["d >= '2024-02-15' and d < '2024-04-01 00:00:00'", [1]],
    ["tz > '2024-03-01'", [1]],
    ['amount >= 10.5', [1, 3]],
    ['amount > -1e1', [1, 2, 3]],
    ['amount < 3.3E+0', [2]],
    ["amount = '100'", [3]],
    ['dec = 2.25', [2]],
    ["name IN ('Walter', 'Jesse')", [1, 2]],
    ['n in (1, 3, 3.0)', [1, 3]],
    ["name LIKE 'W%'", [1, 3]],
    ["name like '%''%'", [4]],
    ["name = 'O''Brien'", [4]],
    ['x IS NOT NULL', [1, 3, 4]],
    ['x is null', [2]],
    ['tags IS NULL', [2]],
    ['n != 2', [1, 3, 4]],
    ['n <> 2', [1, 3, 4]],
    ["n = '2'", [2]],
    ['flag = true', [1, 4]],
    ["flag = 'FALSE'", [2]],
    ["hash = '0x00FF'", [1]],
    ["hash = '0x'", []],
    ['"my col" = 2', [2]],
    ['"we""ird" = 7', [1, 2, 3, 4]],
    ["(name = 'Walter' OR name = 'Jesse') AND amount > 5", [1]],
    ["name = 'Walter' OR name = 'Jesse' AND amount > 5", [1]],
    ['((n = 1)) or (n = 3 and (flag = true or flag is null))', [1, 3]],
    ["NAME Like 'W%' aNd N < 3", [1]],
    ["x = 'a' or x = 'c' or x = 'd' and n > 3", [1, 3, 4]],
  ])('%s', async (filter, expected) => {
    expect(await ids(filter)).toEqual(expected);
  });

  it('produces SQL of quoted names and literals only', () => {
    expect(parseFilters('name = \'a\' AND (amount > 1 OR "my col" IS NOT NULL)', columns)).toBe(
      '("name" = \'a\' AND ("amount" > 1 OR "my col" IS NOT NULL))',
    );
    expect(parseFilters("hash = '0xab'", columns)).toBe(`"hash" = from_hex('ab')`);
    expect(parseFilters("x = 'it''s'", columns)).toBe(`"x" = 'it''s'`);
  });
});

describe('parseFilters refuses', () => {
  it.each<[string, string | RegExp]>([
    ['n = 1; drop table t', 'filters: semicolons are not supported at position 6'],
    ["name = '1' or 1=1 --", 'filters: expected a column name, found "1" at position 15'],
    ["name = 'x' -- comment", 'filters: comments are not supported at position 12'],
    ["name = 'x' /* c */", 'filters: comments are not supported at position 12'],
    [
      'n = (select 1)',
      'filters: expected a value (a quoted string, a number, true or false), found "(" at position 5',
    ],
    ["lower(name) = 'x'", 'filters: functions are not supported ("lower") at position 1'],
    ['n IN (select n from t)', /found "select" at position 7/],
    ["name = 'abc", 'filters: unterminated string starting at position 8'],
    ["name = 'a\u0000b'", 'filters: the NUL character is not allowed in quoted text at position 8'],
    ['"my col = 1', 'filters: unterminated quoted name starting at position 1'],
    ['(n = 1', 'filters: expected ")" to close "(" at position 1, found the end at position 7'],
    ['n = 1)', 'filters: unbalanced ")" at position 6'],
    ['NOT n = 1', 'filters: NOT is not supported at position 1'],
    ['n NOT IN (1)', 'filters: NOT is not supported at position 3'],
    ["name not like 'a'", 'filters: NOT is not supported at position 6'],
    ['n = 1 and not (n = 2)', 'filters: NOT is not supported at position 11'],
    ['n = 1 AND foo = 2', 'filters: unknown column "foo" at position 11'],
    ['n = null', 'filters: use IS NULL or IS NOT NULL to compare with NULL at position 5'],
    ['n == 1', /expected a value .* found "=" at position 4/],
    ['n = 1abc', 'filters: invalid number at position 5'],
    ['n = 0x10', 'filters: invalid number at position 5'],
    ['n = 1.', 'filters: invalid number at position 5'],
    ['n = .5', 'filters: unexpected character "." at position 5'],
    ['n + 1 = 2', 'filters: unexpected character "+" at position 3'],
    ["name = 'a' || 'b'", 'filters: unexpected character "|" at position 12'],
    ['n = $$1$$', 'filters: unexpected character "$" at position 5'],
    ['t.n = 1', 'filters: unexpected character "." at position 2'],
    ["name = E'x'", /found "E" at position 8/],
    [
      'n',
      'filters: expected an operator (=, !=, <>, <, <=, >, >=, IN, LIKE, IS) after "n", found the end at position 2',
    ],
    ['n IS 1', 'filters: expected NULL or NOT NULL after IS, found "1" at position 6'],
    ['n = 1 and', 'filters: expected a column name, found the end at position 10'],
    ['n = 1 n = 2', 'filters: unexpected "n" at position 7'],
    ['n IN 1', 'filters: expected "(" after IN, found "1" at position 6'],
    ['n IN (1 2)', 'filters: expected "," or ")" in the IN list, found "2" at position 9'],
    ['n IN ()', /expected a value .* found "\)" at position 7/],
    ['name LIKE x', 'filters: expected a quoted pattern after LIKE, found "x" at position 11'],
    ['', 'filters: no condition given'],
    ['   ', 'filters: no condition given'],
    ['"n"" = 1 or ""x" = 1', 'filters: unknown column "n\\" = 1 or \\"x" at position 1'],
    [
      'name = 5',
      'filters: "name" is a text column and cannot be compared with a number (quote the value?) at position 8',
    ],
    [
      "n = 'abc'",
      `filters: "n" is a number column and cannot be compared with 'abc' (not a number) at position 5`,
    ],
    ['n = true', 'filters: "n" is a number column and cannot be compared with true at position 5'],
    ['block_time > 5', /"block_time" is a date\/time column and cannot be compared with a number/],
    ['flag = 1', /"flag" is a boolean column/],
    ["flag = 'yes'", /"flag" is a boolean column and cannot be compared with 'yes'/],
    ["hash = 'abc'", /"hash" is a binary column .* '0x' and hex digits/],
    ["hash = '0xabc'", /"hash" is a binary column/],
    [
      "tags = 'a'",
      'filters: "tags" is a list/struct/map column: only IS NULL and IS NOT NULL apply at position 6',
    ],
    [
      "amount LIKE '1%'",
      'filters: LIKE needs a text column; "amount" is a number column at position 13',
    ],
    ["n in (1, 'x')", /"n" is a number column .* 'x'/],
  ])('%s', (filter, message) => {
    const got = invalid(() => parseFilters(filter, columns));
    if (typeof message === 'string') expect(got).toBe(message);
    else expect(got).toMatch(message);
  });

  it('resolves bare names case-insensitively only when unique', () => {
    const cols = [
      { name: 'Ab', type: 'INTEGER' },
      { name: 'AB', type: 'INTEGER' },
    ];
    expect(parseFilters('AB = 1', cols)).toBe('"AB" = 1');
    expect(invalid(() => parseFilters('ab = 1', cols))).toBe(
      'filters: column "ab" is ambiguous ("Ab", "AB") at position 1',
    );
  });

  it('limits length, nesting, predicates and IN lists', async () => {
    expect(invalid(() => parseFilters(`name = '${'x'.repeat(10_000)}'`, columns))).toMatch(
      /^filters: too long \(10009 characters; at most 10000\)$/,
    );
    const nested = (depth: number) => '('.repeat(depth) + 'n = 1' + ')'.repeat(depth);
    expect(await ids(nested(MAX_FILTER_DEPTH))).toEqual([1]);
    expect(invalid(() => parseFilters(nested(MAX_FILTER_DEPTH + 1), columns))).toBe(
      `filters: parentheses nested deeper than ${MAX_FILTER_DEPTH} at position ${MAX_FILTER_DEPTH + 1}`,
    );
    const ors = (count: number) => Array.from({ length: count }, (_, i) => `n = ${i}`).join(' or ');
    expect(await ids(ors(MAX_PREDICATES))).toEqual([1, 2, 3, 4]);
    expect(invalid(() => parseFilters(ors(MAX_PREDICATES + 1), columns))).toMatch(
      new RegExp(`^filters: more than ${MAX_PREDICATES} conditions at position \\d+$`),
    );
    const list = (count: number) =>
      `n IN (${Array.from({ length: count }, (_, i) => i).join(',')})`;
    expect(await ids(list(MAX_IN_ITEMS))).toEqual([1, 2, 3, 4]);
    expect(invalid(() => parseFilters(list(MAX_IN_ITEMS + 1), columns))).toBe(
      `filters: IN list longer than ${MAX_IN_ITEMS} values at position 3`,
    );
  });
});
