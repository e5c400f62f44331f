import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TrustedDuck, quoteLiteral } from '../engine/duck.js';
import { checkSchema, type UploadColumn } from './column-types.js';
import { csvToParquet } from './ingest.js';
import { inferCsvColumns } from './csv-inference.js';
import { ndjsonToParquet } from './ingest-ndjson.js';

let duck: TrustedDuck;
let dir: string;
let n = 0;
beforeAll(async () => {
  duck = await TrustedDuck.create({ threads: 2 });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-ingest-'));
});
afterAll(() => {
  duck.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const ALL: UploadColumn[] = checkSchema([
  { name: 'id', type: 'bigint', nullable: false },
  { name: 'n', type: 'integer' },
  { name: 'x', type: 'double' },
  { name: 'ok', type: 'boolean' },
  { name: 'ts', type: 'timestamp' },
  { name: 'd', type: 'date' },
  { name: 'bin', type: 'varbinary' },
  { name: 'u', type: 'uint256' },
  { name: 'i', type: 'int256' },
  { name: 's', type: 'varchar' },
]);

/** Ingests `text` and returns the rows as JSON objects (values as DuckDB shows them). */
async function ingest(format: 'csv' | 'ndjson', text: string, columns: UploadColumn[] = ALL) {
  const file = path.join(dir, `in-${++n}.${format}`);
  const out = path.join(dir, `out-${n}.parquet`);
  fs.writeFileSync(file, text);
  return duck.withConnection(async (conn) => {
    const opts = { file, columns, out };
    const count =
      format === 'csv' ? await csvToParquet(conn, opts) : await ndjsonToParquet(conn, opts);
    const read = await conn.runAndReadAll(
      `SELECT * ${columns.some((c) => c.name === 'bin') ? 'REPLACE (hex(bin) AS bin)' : ''} FROM read_parquet(${quoteLiteral(out)})`,
    );
    return { count, rows: read.getRowObjectsJson(), out };
  });
}

const failure = (p: Promise<unknown>) =>
  p.then(
    () => 'no error',
    (e: Error) => e.message,
  );

describe('CSV ingest', () => {
  it('converts every type, header in any order, missing nullable columns NULL', async () => {
    const r = await ingest(
      'csv',
      'S,id,ts,bin,u,i,x,ok,d,n\n' +
        'hello,1,2024-01-02T03:04:05+02:00,0xDEADbeef,007,-0,1.5,true,2024-01-02,-5\n' +
        '"a, ""quoted""\nline",2,2024-01-02 03:04:05,3q2+7w==,' +
        '115792089237316195423570985008687907853269984665640564039457584007913129639935,' +
        '-57896044618658097711785492504343953926634992332820282019728792003956564819968,,,,\n',
    );
    expect(r.count).toBe(2);
    expect(r.rows[0]).toMatchObject({
      id: '1',
      n: -5,
      x: 1.5,
      ok: true,
      ts: '2024-01-02 01:04:05',
      d: '2024-01-02',
      bin: 'DEADBEEF',
      u: '7',
      i: '0',
      s: 'hello',
    });
    expect(r.rows[1]).toMatchObject({
      id: '2',
      s: 'a, "quoted"\nline',
      bin: 'DEADBEEF',
      ts: '2024-01-02 03:04:05',
      n: null,
      x: null,
    });
    expect(String(r.rows[1]!.u)).toHaveLength(78);
  });

  it('fails the whole file naming the line (header = line 1) and the column', async () => {
    const bad = (body: string) =>
      failure(ingest('csv', `id,x,ok,n,ts\n1,1,true,1,2024-01-01\n${body}\n`));
    expect(await bad('2,abc,true,1,2024-01-01')).toBe('line 3, column "x": "abc" is not a number');
    expect(await bad('2,1,maybe,1,2024-01-01')).toMatch(
      /^line 3, column "ok": "maybe" is not true/,
    );
    expect(await bad('2,1,true,2.5,2024-01-01')).toBe(
      'line 3, column "n": "2.5" is not a 32-bit integer',
    );
    expect(await bad('2,1,true,1,yesterday')).toMatch(/^line 3, column "ts": "yesterday"/);
    expect(await bad(',1,true,1,2024-01-01')).toMatch(/^line 3, column "id": a value is required/);
    expect(await bad('2,1,true')).toMatch(/^line 3, column "n": expected 5 fields, found/);
    expect(await bad('2,1,true,1,2024-01-01,9')).toMatch(/^line 3: expected 5 fields, found 6/);
  });

  it('rejects bad hex, base64 and out-of-range 256-bit integers', async () => {
    const cols = checkSchema([
      { name: 'b', type: 'varbinary' },
      { name: 'u', type: 'uint256' },
      { name: 'i', type: 'int256' },
    ]);
    const bad = (row: string) => failure(ingest('csv', `b,u,i\n0x00,1,1\n${row}\n`, cols));
    expect(await bad('0xabc,1,1')).toMatch(/^line 3, column "b": "0xabc" is not 0x-prefixed hex/);
    expect(await bad('not base64!,1,1')).toMatch(/^line 3, column "b"/);
    expect(await bad(`0x,${2n ** 256n},1`)).toMatch(/^line 3, column "u"/);
    expect(await bad('0x,-1,1')).toMatch(/^line 3, column "u"/);
    expect(await bad(`0x,1,${2n ** 255n}`)).toMatch(/^line 3, column "i"/);
    expect(await bad(`0x,1,-${2n ** 255n}`)).toBe('no error');
  });

  it('rejects unknown, repeated and missing required columns in the header', async () => {
    expect(await failure(ingest('csv', 'id,zzz\n1,2\n'))).toMatch(
      /^line 1, column "zzz": not a column of the table/,
    );
    expect(await failure(ingest('csv', 'id,ID\n1,2\n'))).toMatch(/named twice/);
    expect(await failure(ingest('csv', 'x\n1\n'))).toMatch(/column "id": missing from the header/);
    expect(await failure(ingest('csv', ''))).toMatch(/the CSV is empty/);
  });

  it('accepts CRLF line ends and a header alone (no rows)', async () => {
    expect((await ingest('csv', 'id,s\r\n1,a\r\n2,b\r\n')).count).toBe(2);
    expect((await ingest('csv', 'id\n')).count).toBe(0);
  });
});

describe('NDJSON ingest', () => {
  it('converts typed and textual JSON values; blank lines are skipped', async () => {
    const r = await ingest(
      'ndjson',
      '{"id": 1, "x": 2, "ok": true, "ts": "2024-01-01T00:00:00Z", "u": 12, "bin": "0x01"}\n\n' +
        '{"id": "2", "x": "2.5", "s": 7, "i": "-9"}\n',
    );
    expect(r.count).toBe(2);
    expect(r.rows).toMatchObject([
      { id: '1', x: 2, ok: true, ts: '2024-01-01 00:00:00', u: '12', bin: '01', s: null },
      { id: '2', x: 2.5, s: '7', i: '-9', ok: null },
    ]);
  });

  it('keeps 30-digit and 78-digit JSON numbers exact in uint256 and int256 columns', async () => {
    const cols = checkSchema([
      { name: 'u', type: 'uint256' },
      { name: 'i', type: 'int256' },
    ]);
    const max = (2n ** 256n - 1n).toString();
    const r = await ingest(
      'ndjson',
      `{"u": 7786596450288373164569331648084, "i": -7786596450288373164569331648084}\n{"u": ${max}, "i": 5}\n`,
      cols,
    );
    expect(r.rows).toEqual([
      { u: '7786596450288373164569331648084', i: '-7786596450288373164569331648084' },
      { u: max, i: '5' },
    ]);
    // A number written with a fraction or an exponent is not an integer, whatever its value.
    const bad = (line: string) => failure(ingest('ndjson', `${line}\n`, cols));
    expect(await bad('{"u": 1e30}')).toMatch(/^line 1, column "u": "1e30" is not an unsigned/);
    expect(await bad('{"i": 2.0}')).toMatch(/^line 1, column "i"/);
  });

  it('names the line and column of the first bad value', async () => {
    const bad = (line: string) => failure(ingest('ndjson', `{"id": 1}\n\n${line}\n`));
    expect(await bad('{"id": 2.5}')).toBe('line 3, column "id": "2.5" is not a 64-bit integer');
    expect(await bad('{"x": 1}')).toMatch(/^line 3, column "id": a value is required/);
    expect(await bad('{"id": null}')).toMatch(/^line 3, column "id": a value is required/);
    expect(await bad('{"id": 3, "ok": "perhaps"}')).toMatch(/^line 3, column "ok"/);
    expect(await bad('{"id": 3, "extra": 1}')).toMatch(/^line 3, column "extra": not a column/);
    expect(await bad('[1, 2]')).toBe('line 3: not a JSON object');
    expect(await bad('{"id": 3')).toBe('line 3: not a JSON object');
    expect(await bad('{"id": 3, "s": {"a": 1}}')).toMatch(/^line 3, column "s"/);
  });
});

describe('CSV schema inference', () => {
  it('infers types by the rule the wizard shares, lower-casing names', async () => {
    const file = path.join(dir, 'infer.csv');
    fs.writeFileSync(
      file,
      'Id,price,flag,day,at,label\n1,1.5,true,2024-01-01,2024-01-01 10:00:00,x\n2,2,false,2024-01-02,2024-01-02 10:00:00,y\n',
    );
    const cols = await duck.withConnection((conn) => inferCsvColumns(conn, file));
    expect(cols.map((c) => `${c.name}:${c.type}`)).toEqual([
      'id:bigint',
      'price:double',
      'flag:boolean',
      'day:date',
      'at:timestamp',
      'label:varchar',
    ]);
  });
});
