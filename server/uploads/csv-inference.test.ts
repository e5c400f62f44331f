import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inferColumnType } from '../../contract/rules/column-inference.js';
import { TrustedDuck, quoteLiteral } from '../engine/duck.js';
import type { UploadColumn } from './column-types.js';
import { csvToParquet } from './ingest.js';
import { inferCsvColumns } from './csv-inference.js';

/**
 * POST /uploads/csv infers a file's columns by the rule the wizard follows
 * (contract/rules/column-inference.ts): exact types for wide integers, varbinary for 0x hex,
 * clean names from free headers. Whatever it proposes, loading the same file accepts.
 */

let duck: TrustedDuck;
let dir: string;
let n = 0;
beforeAll(async () => {
  duck = await TrustedDuck.create({ threads: 2 });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-infer-'));
});
afterAll(() => {
  duck.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A CSV field as a spreadsheet writes it: quoted when it must be. */
const field = (v: string) =>
  /[",\r\n]/.test(v) || v !== v.trim() ? `"${v.replaceAll('"', '""')}"` : v;
const csvOf = (header: string[], rows: string[][]) =>
  [header, ...rows].map((r) => r.map(field).join(',')).join('\n') + '\n';

/** Infers the columns of `text`, loads it with them, and reads the rows back as text. */
async function inferAndLoad(text: string) {
  const file = path.join(dir, `in-${++n}.csv`);
  const out = path.join(dir, `out-${n}.parquet`);
  fs.writeFileSync(file, text);
  return duck.withConnection(async (conn) => {
    const columns = await inferCsvColumns(conn, file);
    const count = await csvToParquet(conn, { file, columns, out });
    const cast = columns
      .map((c) =>
        c.type === 'varbinary'
          ? `'0x' || lower(hex("${c.name}")) AS "${c.name}"`
          : `"${c.name}"::VARCHAR AS "${c.name}"`,
      )
      .join(', ');
    const read = await conn.runAndReadAll(`SELECT ${cast} FROM read_parquet(${quoteLiteral(out)})`);
    return { columns, count, rows: read.getRowObjectsJson() as Record<string, string | null>[] };
  });
}

const typesOf = (columns: UploadColumn[]) => columns.map((c) => `${c.name}:${c.type}`);

const MAX_UINT256 = (2n ** 256n - 1n).toString();

describe('inferred types', () => {
  it('keep token amounts exact: 30 digits and 2^256 - 1 are uint256, never double', async () => {
    const transfers = [
      ['0x00000000000000000000000000000000000000aa', '7786596450288373164569331648084', '18'],
      ['0x1f9840a85d5af5bf1d1762f925bdaddc4201f984', '1000000000000000000', '18'],
      ['0xdac17f958d2ee523a2206206994597c13d831ec7', MAX_UINT256, '6'],
      ['0xdac17f958d2ee523a2206206994597c13d831ec7', '100000000000000000000000000000', '0'],
    ];
    const r = await inferAndLoad(csvOf(['token', 'value', 'decimals'], transfers));
    expect(typesOf(r.columns)).toEqual(['token:varbinary', 'value:uint256', 'decimals:bigint']);
    expect(r.rows.map((x) => x.value)).toEqual(transfers.map((t) => t[1]));
    expect(r.rows.map((x) => x.token)).toEqual(transfers.map((t) => t[0]));
  });

  it('take short hex as varbinary (not an integer the load then refuses)', async () => {
    const r = await inferAndLoad('flags\n0xaa\n0x1f\n\n0X00\n');
    expect(r.columns).toEqual([
      { name: 'flags', type: 'varbinary', nullable: true, description: '' },
    ]);
    expect(r.rows.map((x) => x.flags)).toEqual(['0xaa', '0x1f', null, '0x00']);
  });

  it('choose bigint within 64 bits, int256 with negatives past it, varchar past 2^256', async () => {
    const text = csvOf(
      ['small', 'edge', 'signed', 'huge', 'zip', 'price'],
      [
        ['1', '9223372036854775807', '-9223372036854775809', '1' + '0'.repeat(80), '007', '1.5'],
        ['-2', '-9223372036854775808', '12', '5', '10', '2'],
      ],
    );
    const r = await inferAndLoad(text);
    expect(typesOf(r.columns)).toEqual([
      'small:bigint',
      'edge:bigint',
      'signed:int256',
      'huge:varchar',
      'zip:varchar',
      'price:double',
    ]);
    expect(r.rows[0]).toMatchObject({ signed: '-9223372036854775809', zip: '007' });
  });

  it('look at every row: a late wide integer or odd hex changes the type', async () => {
    // The first 10,000 rows are tested for every fact, the rest only for what is still open.
    const rows = Array.from({ length: 12_000 }, (_, i) => [String(i), '0xaa', String(i % 7)]);
    rows[11_500] = ['7786596450288373164569331648084', '0xabc', '-2.5'];
    const r = await inferAndLoad(csvOf(['amount', 'flags', 'n'], rows));
    expect(typesOf(r.columns)).toEqual(['amount:uint256', 'flags:varchar', 'n:double']);
    expect(r.rows[11_500]).toEqual({
      amount: '7786596450288373164569331648084',
      flags: '0xabc',
      n: '-2.5',
    });
  });

  it('take a header alone as varchar columns, no rows', async () => {
    const r = await inferAndLoad('a,b\n');
    expect(typesOf(r.columns)).toEqual(['a:varchar', 'b:varchar']);
    expect(r.count).toBe(0);
  });

  it('tell dates, timestamps and booleans apart, and keep other text as varchar', async () => {
    const r = await inferAndLoad(
      csvOf(
        ['day', 'at', 'ok', 'note'],
        [
          ['2024-02-29', '2024-01-01T10:00:00Z', 'true', 'a, "quoted" note'],
          ['2023-12-31', '2024-01-02', 'FALSE', ''],
        ],
      ),
    );
    expect(typesOf(r.columns)).toEqual(['day:date', 'at:timestamp', 'ok:boolean', 'note:varchar']);
  });
});

describe('names from free headers', () => {
  it('cleans spreadsheet headers and keeps each original as the description', async () => {
    const r = await inferAndLoad(
      csvOf(
        ['City Name', 'Cost Total $', 'a b', 'a_b', '', 'Größe', 'x'.repeat(140), '"Q", "R"'],
        [['Paris', '12.5', '1', '2', '3', 'L', 'y', 'q']],
      ),
    );
    expect(r.columns.map((c) => [c.name, c.description])).toEqual([
      ['city_name', 'City Name'],
      ['cost_total', 'Cost Total $'],
      ['a_b', 'a b'],
      ['a_b_2', 'a_b'],
      ['column_5', ''],
      ['grosse', 'Größe'],
      ['x'.repeat(128), 'x'.repeat(140)],
      ['q_r', '"Q", "R"'],
    ]);
    expect(r.rows[0]).toMatchObject({ city_name: 'Paris', cost_total: '12.5', a_b_2: '2' });
  });
});

/** Values of the shapes a real export holds, each kind near its edges. */
const digits = (min: number, max: number) =>
  fc
    .tuple(
      fc.integer({ min: 1, max: 9 }),
      fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: min, maxLength: max }),
    )
    .map(([d, rest]) => `${d}${rest}`);
const hexDigits = fc.string({ unit: fc.constantFrom(...'0123456789abcdefABCDEF'), maxLength: 8 });
const pad = (n: number, width: number) => String(n).padStart(width, '0');
const day = fc
  .tuple(
    fc.integer({ min: 0, max: 9999 }),
    fc.integer({ min: 0, max: 13 }),
    fc.integer({ min: 0, max: 32 }),
  )
  .map(([y, m, d]) => `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`);
const KINDS = {
  integers: fc.oneof(
    digits(0, 18),
    digits(17, 80),
    digits(0, 78).map((v) => `-${v}`),
    fc.constantFrom(
      '0',
      '-0',
      '+5',
      '007',
      MAX_UINT256,
      (2n ** 256n).toString(),
      (2n ** 255n).toString(),
      `-${2n ** 255n}`,
      '9223372036854775807',
      '9223372036854775808',
      '-9223372036854775808',
      '-9223372036854775809',
      ' 12 ',
      '  -3',
    ),
  ),
  hex: fc.oneof(
    hexDigits.map((h) => `0x${h}`),
    fc.constantFrom('0x', '0xaa', '0XAB', '0x1f', '0xabc'),
  ),
  decimals: fc.oneof(
    fc.double({ noNaN: true }).map(String),
    fc.constantFrom('1.5', '.5', '1.', '1e5', '-2.5E-3', '1e400', '007.5', 'NaN', 'inf', ' 2.5 '),
  ),
  booleans: fc.constantFrom('true', 'False', 'TRUE', 'yes', 't', '1'),
  days: fc.oneof(day, fc.constantFrom('2024-02-29', '2023-02-29', '0000-02-29', '1900-02-29')),
  times: fc.oneof(
    fc
      .tuple(
        day,
        fc.constantFrom('T', ' '),
        fc.integer({ min: 0, max: 25 }),
        fc.constantFrom('', ':00', ':59.123456789', ':00Z', ':00+05:30', ':00-0800', ':00+99', 'Z'),
      )
      .map(([d, sep, h, rest]) => `${d}${sep}${pad(h, 2)}:30${rest}`),
    day,
  ),
  text: fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom(' 5', 'n/a', 'NULL', '"')),
};
const anyValue = fc.oneof(...Object.values(KINDS));
/** A column: mostly one kind, some empty values, now and then a value of any kind. */
const column = fc
  .constantFrom(...Object.values(KINDS))
  .chain((kind) =>
    fc.array(
      fc.oneof(
        { arbitrary: kind, weight: 10 },
        { arbitrary: fc.constant(''), weight: 2 },
        { arbitrary: anyValue, weight: 1 },
      ),
      { minLength: 1, maxLength: 6 },
    ),
  );

describe('inference and validation are one rule', () => {
  it('proposes, for any column, a type its own load accepts, and the wizard proposes the same', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(column, { minLength: 1, maxLength: 4 }), async (cols) => {
        const height = Math.max(...cols.map((c) => c.length));
        const values = cols.map((c) => Array.from({ length: height }, (_, i) => c[i] ?? ''));
        const header = cols.map((_, i) => `c${i}`);
        const rows = Array.from({ length: height }, (_, r) => values.map((c) => c[r]!));
        const got = await inferAndLoad(csvOf(header, rows));
        expect(got.count).toBe(height);
        expect(got.columns.map((c) => c.type)).toEqual(values.map((v) => inferColumnType(v)));
        got.columns.forEach((c, i) => {
          if (c.type === 'bigint' || c.type === 'uint256' || c.type === 'int256')
            expect(got.rows.map((r) => r[c.name])).toEqual(
              values[i]!.map((v) => (v === '' ? null : BigInt(v.trim()).toString())),
            );
        });
      }),
      { numRuns: 200 },
    );
  }, 60_000);
});
