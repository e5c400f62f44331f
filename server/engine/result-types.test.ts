import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteLiteral } from './duck.js';
import {
  csvValueSql,
  jsonValueSql,
  parseDuckType,
  WIRE_TYPE_TABLE,
  wireTypeName,
} from './result-types.js';

describe('wireTypeName', () => {
  it.each([
    ['VARCHAR', 'varchar'],
    ['BOOLEAN', 'boolean'],
    ['TINYINT', 'tinyint'],
    ['SMALLINT', 'smallint'],
    ['INTEGER', 'integer'],
    ['BIGINT', 'bigint'],
    ['HUGEINT', 'int128'],
    ['INT128', 'int128'],
    ['UHUGEINT', 'uint128'],
    ['VARINT', 'int256'],
    ['BIGNUM', 'int256'],
    ['UBIGINT', 'decimal(20,0)'],
    ['UINTEGER', 'bigint'],
    ['USMALLINT', 'integer'],
    ['UTINYINT', 'integer'],
    ['FLOAT', 'real'],
    ['DOUBLE', 'double'],
    ['DECIMAL(38,0)', 'decimal(38,0)'],
    ['DECIMAL(18,3)', 'decimal(18,3)'],
    ['DATE', 'date'],
    ['TIME', 'time(3)'],
    ['TIME WITH TIME ZONE', 'time(3) with time zone'],
    ['TIMESTAMP', 'timestamp(3)'],
    ['TIMESTAMP_S', 'timestamp(3)'],
    ['TIMESTAMP_MS', 'timestamp(3)'],
    ['TIMESTAMP_NS', 'timestamp(3)'],
    ['TIMESTAMP WITH TIME ZONE', 'timestamp(3) with time zone'],
    ['timestamptz', 'timestamp(3) with time zone'],
    ['BLOB', 'varbinary'],
    ['INTERVAL', 'interval day to second'],
    ['UUID', 'uuid'],
    ['JSON', 'json'],
    ["ENUM('x', 'a,b)''c')", 'varchar'],
    ['BIT', 'varchar'],
    ['INTEGER[]', 'array(integer)'],
    ['INTEGER[3]', 'array(integer)'],
    ['VARCHAR[][]', 'array(array(varchar))'],
    ['STRUCT(a INTEGER, b VARCHAR)', 'row(a integer, b varchar)'],
    ['STRUCT("a b" INTEGER, c INTEGER[])[]', 'array(row("a b" integer, c array(integer)))'],
    [
      'STRUCT(t TIMESTAMP WITH TIME ZONE, d DECIMAL(10,2))',
      'row(t timestamp(3) with time zone, d decimal(10,2))',
    ],
    ['STRUCT(INTEGER, VARCHAR)', 'row(integer, varchar)'],
    ['STRUCT(TIMESTAMP WITH TIME ZONE, VARCHAR)', 'row(timestamp(3) with time zone, varchar)'],
    ['MAP(VARCHAR, INTEGER)', 'map(varchar, integer)'],
    [
      'MAP(VARCHAR, STRUCT(a MAP(INTEGER, DOUBLE[])))',
      'map(varchar, row(a map(integer, array(double))))',
    ],
    ['UNION(k INTEGER, s VARCHAR)', 'varchar'],
    ['GEOMETRY', 'varchar'],
    ['STRUCT(a', 'varchar'],
    ['', 'varchar'],
  ])('%s → %s', (duck, wire) => {
    expect(wireTypeName(duck)).toBe(wire);
  });

  it('parses nested types into a tree', () => {
    expect(parseDuckType('MAP(VARCHAR, DECIMAL(10,2)[2])')).toEqual({
      kind: 'map',
      key: { kind: 'scalar', name: 'VARCHAR' },
      value: { kind: 'list', size: 2, element: { kind: 'decimal', precision: 10, scale: 2 } },
    });
    expect(parseDuckType('INTEGER )')).toEqual({ kind: 'unknown', text: 'INTEGER )' });
  });

  it('exports the mapping table for the docs', () => {
    expect(WIRE_TYPE_TABLE).toContainEqual({ duckdb: 'HUGEINT', wire: 'int128' });
    expect(WIRE_TYPE_TABLE).toContainEqual({ duckdb: 'MAP(K, V)', wire: 'map(k, v)' });
  });
});

/** One column of each type: [name, SQL value of row 1]; row 2 is all NULL. */
const COLUMNS: [string, string][] = [
  ['b', 'true'],
  ['ti', '(-5)::TINYINT'],
  ['si', '(-300)::SMALLINT'],
  ['i', '2147483647::INTEGER'],
  ['bi', '9223372036854775807::BIGINT'],
  ['ut', '255::UTINYINT'],
  ['us', '65535::USMALLINT'],
  ['ui', '4294967295::UINTEGER'],
  ['ub', '18446744073709551615::UBIGINT'],
  ['hi', '(-170141183460469231731687303715884105727)::HUGEINT'],
  ['uh', '340282366920938463463374607431768211455::UHUGEINT'],
  ['vi', "'123456789012345678901234567890123456789012345'::VARINT"],
  ['f', '0.1::FLOAT'],
  ['d', '1.5::DOUBLE'],
  ['dnan', "'nan'::DOUBLE"],
  ['dinf', "'inf'::DOUBLE"],
  ['fninf', "'-inf'::FLOAT"],
  ['dec', "'12345678901234567890.1234567890'::DECIMAL(38,10)"],
  ['dec0', '1.5::DECIMAL(38,10)'],
  ['v', `'he said "hi"' || chr(10) || '€ \\ '''`],
  ['e', "'x'::ENUM('x', 'y')"],
  ['u', "'6f1c2f2e-3b4a-4c5d-8e9f-0a1b2c3d4e5f'::UUID"],
  ['bit', "'101'::BIT"],
  ['iv', "INTERVAL '1 day 2 hours'"],
  ['tm', "'01:02:03.123456'::TIME"],
  ['ttz', "'01:02:03+02'::TIMETZ"],
  ['dt', "'2024-03-05'::DATE"],
  ['ts', "'2024-03-05 20:50:59.123456'::TIMESTAMP"],
  ['ts_s', "'2024-03-05 20:50:59'::TIMESTAMP_S"],
  ['ts_ms', "'2024-03-05 20:50:59.123'::TIMESTAMP_MS"],
  ['ts_ns', "'2024-03-05 20:50:59.987654321'::TIMESTAMP_NS"],
  ['tstz', "'2024-03-05 22:50:59.5+02'::TIMESTAMPTZ"],
  // an instant's wall time in a zone: a naive TIMESTAMP in DuckDB
  ['wall', "'2024-03-05 20:50:59.5+00'::TIMESTAMPTZ AT TIME ZONE 'America/New_York'"],
  ['bl', "'\\x00\\xff'::BLOB"],
  ['li', '[1, 2, NULL]::INTEGER[]'],
  ['arr', '[3, 4]::INTEGER[2]'],
  ['st', "{'a': 1, 'b c': 'x'}::STRUCT(a INTEGER, \"b c\" VARCHAR)"],
  ['mp', "MAP {'k': 1, 'z': NULL}::MAP(VARCHAR, INTEGER)"],
  ['js', `'{"a": [1, 2.5, null], "b": "t"}'::JSON`],
  [
    'nested',
    `[{'t': '2024-01-02 03:04:05.678'::TIMESTAMP, 'x': 'nan'::DOUBLE, 'h': 12345678901234567890123::HUGEINT, 'bl': '\\xab'::BLOB}, NULL]`,
  ],
  ['mpd', "MAP {1: 'inf'::DOUBLE, 2: 2.5}"],
  ['un', 'union_value(k := 7)'],
  ['lists', '[[1.5::FLOAT], [], NULL]'],
];

const NULL_ROW = Object.fromEntries(COLUMNS.map(([name]) => [name, null]));

const EXPECTED_JSON: Record<string, unknown> = {
  b: true,
  ti: -5,
  si: -300,
  i: 2147483647,
  bi: Number('9223372036854775807'), // a JSON number; JS reads it approximately
  ut: 255,
  us: 65535,
  ui: 4294967295,
  ub: Number('18446744073709551615'),
  hi: '-170141183460469231731687303715884105727',
  uh: '340282366920938463463374607431768211455',
  vi: '123456789012345678901234567890123456789012345',
  f: 0.1,
  d: 1.5,
  dnan: 'NaN',
  dinf: 'Infinity',
  fninf: '-Infinity',
  dec: Number('12345678901234567890.1234567890'),
  dec0: 1.5,
  v: `he said "hi"\n€ \\ '`,
  e: 'x',
  u: '6f1c2f2e-3b4a-4c5d-8e9f-0a1b2c3d4e5f',
  bit: '101',
  iv: '1 day 02:00:00',
  tm: '01:02:03.123456',
  ttz: '01:02:03+02',
  dt: '2024-03-05',
  ts: '2024-03-05 20:50:59.123',
  ts_s: '2024-03-05 20:50:59.000',
  ts_ms: '2024-03-05 20:50:59.123',
  ts_ns: '2024-03-05 20:50:59.987',
  tstz: '2024-03-05 20:50:59.500 UTC',
  wall: '2024-03-05 15:50:59.500',
  bl: '0x00ff',
  li: [1, 2, null],
  arr: [3, 4],
  st: { a: 1, 'b c': 'x' },
  mp: { k: 1, z: null },
  js: { a: [1, 2.5, null], b: 't' },
  nested: [
    { t: '2024-01-02 03:04:05.678', x: 'NaN', h: '12345678901234567890123', bl: '0xab' },
    null,
  ],
  mpd: { '1': 'Infinity', '2': 2.5 },
  un: '7',
  lists: [[1.5], [], null],
};

const EXPECTED_CSV: Record<string, string> = {
  b: 'true',
  ti: '-5',
  bi: '9223372036854775807',
  ub: '18446744073709551615',
  hi: '-170141183460469231731687303715884105727',
  uh: '340282366920938463463374607431768211455',
  f: '0.1',
  d: '1.5',
  dnan: 'nan',
  dinf: 'inf',
  fninf: '-inf',
  dec: '12345678901234567890.1234567890',
  v: `he said "hi"\n€ \\ '`,
  iv: '1 day 02:00:00',
  dt: '2024-03-05',
  ts: '2024-03-05 20:50:59.123',
  ts_ns: '2024-03-05 20:50:59.987',
  tstz: '2024-03-05 20:50:59.500 UTC',
  wall: '2024-03-05 15:50:59.500',
  bl: '0x00ff',
  li: '[1,2,null]',
  arr: '[3,4]',
  st: '{"a":1,"b c":"x"}',
  mp: '{"k":1,"z":null}',
  js: '{"a": [1, 2.5, null], "b": "t"}', // the JSON text as stored
  nested:
    '[{"t":"2024-01-02 03:04:05.678","x":"NaN","h":"12345678901234567890123","bl":"0xab"},null]',
  mpd: '{"1":"Infinity","2":2.5}',
};

let inst: DuckDBInstance;
let conn: DuckDBConnection;
let types: Map<string, string>;
let tmp: string;

async function rows(sql: string): Promise<unknown[][]> {
  return (await conn.runAndReadAll(sql)).getRows();
}

async function describeTypes(from: string): Promise<Map<string, string>> {
  const r = await rows(`SELECT column_name, column_type FROM (DESCRIBE SELECT * FROM ${from})`);
  return new Map(r.map(([n, t]) => [String(n), String(t)]));
}

/** The JSON text of each row of `from`, built with jsonValueSql, parsed. */
async function jsonRows(from: string, colTypes: Map<string, string>, names: string[]) {
  const obj = names.map((n) => `${quoteLiteral(n)}, ${jsonValueSql(n, colTypes.get(n)!)}`);
  const r = await rows(`SELECT json_object(${obj.join(', ')})::VARCHAR FROM ${from} ORDER BY rid`);
  return r.map(([text]) => JSON.parse(String(text)) as Record<string, unknown>);
}

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'result-types-'));
  inst = await DuckDBInstance.create(':memory:');
  conn = await inst.connect();
  // A session time zone other than UTC, to show TIMESTAMPTZ values are rendered in UTC.
  await conn.run("SET TimeZone = 'America/New_York'");
  const select = COLUMNS.map(([name, value]) => `${value} AS ${name}`).join(', ');
  await conn.run(`CREATE TABLE t AS SELECT 1 AS rid, ${select}`);
  await conn.run('INSERT INTO t (rid) VALUES (2)');
  types = await describeTypes('t');
});

afterAll(() => {
  conn.closeSync();
  inst.closeSync();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('jsonValueSql', () => {
  it('the table has the DuckDB types the wire contract covers', () => {
    expect(types.get('vi')).toMatch(/^(VARINT|BIGNUM)$/);
    expect(types.get('tstz')).toBe('TIMESTAMP WITH TIME ZONE');
    expect(types.get('wall')).toBe('TIMESTAMP');
    expect(types.get('nested')).toBe('STRUCT(t TIMESTAMP, x DOUBLE, h HUGEINT, bl BLOB)[]');
  });

  it('renders every type by the wire contract', async () => {
    const names = COLUMNS.map(([n]) => n);
    const [row, nullRow] = await jsonRows('t', types, names);
    for (const name of names)
      expect({ [name]: row![name] }).toEqual({ [name]: EXPECTED_JSON[name] });
    expect(Object.keys(row!)).toEqual(names);
    expect(nullRow).toEqual(NULL_ROW);
  });

  it('keeps every digit of wide numbers in the JSON text', async () => {
    const obj = ['bi', 'ub', 'dec'].map(
      (n) => `${quoteLiteral(n)}, ${jsonValueSql(n, types.get(n)!)}`,
    );
    const [text] = (
      await rows(`SELECT json_object(${obj.join(', ')})::VARCHAR FROM t WHERE rid = 1`)
    )[0]!;
    expect(text).toBe(
      '{"bi":9223372036854775807,"ub":18446744073709551615,"dec":12345678901234567890.1234567890}',
    );
  });

  it('renders an unnamed STRUCT as an array', async () => {
    const from = "(SELECT 1 AS rid, row(1, 'a') AS u UNION ALL SELECT 2, NULL)";
    const colTypes = await describeTypes(from);
    expect(colTypes.get('u')).toBe('STRUCT(INTEGER, VARCHAR)');
    expect(await jsonRows(from, colTypes, ['u'])).toEqual([{ u: [1, 'a'] }, { u: null }]);
    const [text] = (
      await rows(`SELECT ${csvValueSql('u', colTypes.get('u')!)} FROM ${from} LIMIT 1`)
    )[0]!;
    expect(text).toBe('[1,"a"]');
  });

  it('renders JSON text that does not parse as a JSON string', async () => {
    const from = `(SELECT 1 AS rid, 'not json' AS j UNION ALL SELECT 2, '[1, {"a": 2}]')`;
    expect(await jsonRows(from, new Map([['j', 'JSON']]), ['j'])).toEqual([
      { j: 'not json' },
      { j: [1, { a: 2 }] },
    ]);
  });

  it('quotes the column name', async () => {
    await conn.run(`CREATE TABLE q AS SELECT 1 AS rid, 'x' AS "we""ird col"`);
    const expr = jsonValueSql('we"ird col', 'VARCHAR');
    expect(expr).toContain('"we""ird col"');
    expect(await jsonRows('q', new Map([['we"ird col', 'VARCHAR']]), ['we"ird col'])).toEqual([
      { 'we"ird col': 'x' },
    ]);
  });

  it('gives the same values when the rows are read back from Parquet', async () => {
    // Types Parquet cannot hold are stored as text by the sandbox; the rest round-trip.
    const stored = COLUMNS.map(([n]) => n).filter(
      (n) => !['hi', 'uh', 'vi', 'bit', 'ttz', 'un', 'nested'].includes(n),
    );
    const file = path.join(tmp, 'r.parquet');
    await conn.run(
      `COPY (SELECT rid, ${stored.join(', ')} FROM t) TO ${quoteLiteral(file)} (FORMAT parquet)`,
    );
    const from = `read_parquet(${quoteLiteral(file)})`;
    const [row, nullRow] = await jsonRows(from, await describeTypes(from), stored);
    for (const name of stored)
      expect({ [name]: row![name] }).toEqual({ [name]: EXPECTED_JSON[name] });
    expect(Object.values(nullRow!).every((v) => v === null)).toBe(true);
  });
});

describe('csvValueSql', () => {
  it('renders values as text, NULL as NULL', async () => {
    const names = Object.keys(EXPECTED_CSV);
    const select = names.map((n) => csvValueSql(n, types.get(n)!)).join(', ');
    const [row, nullRow] = await rows(`SELECT ${select} FROM t ORDER BY rid`);
    expect(Object.fromEntries(names.map((n, i) => [n, row![i]]))).toEqual(EXPECTED_CSV);
    expect(nullRow!.every((v) => v === null)).toBe(true);
  });

  it('writes a CSV file DuckDB can produce from the expressions', async () => {
    const file = path.join(tmp, 'r.csv');
    const cols = ['ts', 'bl', 'st', 'dnan'];
    const select = cols.map((n) => `${csvValueSql(n, types.get(n)!)} AS ${n}`).join(', ');
    await conn.run(
      `COPY (SELECT ${select} FROM t ORDER BY rid) TO ${quoteLiteral(file)} (FORMAT csv, HEADER true)`,
    );
    expect(fs.readFileSync(file, 'utf8').split('\n')).toEqual([
      'ts,bl,st,dnan',
      '2024-03-05 20:50:59.123,0x00ff,"{""a"":1,""b c"":""x""}",nan',
      ',,,',
      '',
    ]);
  });
});
