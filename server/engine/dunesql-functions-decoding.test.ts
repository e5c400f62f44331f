import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DUNESQL_MACROS } from '../../shared/sql/dunesql/functions.js';
import { rewriteDuneSql } from '../../shared/sql/dunesql/rewrite.js';
import { toOriginalOffset } from '../../shared/sql/offsets.js';
import { duneSandbox, type DuneSandbox } from './dunesql-functions-kit.js';
import { errorOffset } from './sql-errors.js';

/**
 * Decoding calldata and log data (`varbinary_to_uint256(varbinary_substring(data, 37, 32))`)
 * in the forms that keep it as fast as the DuckDB an analyst would write: substrings with
 * literal bounds run as slices, and the uint256/int256 macros name their argument few times
 * (DuckDB binds a copy of a macro's argument for each place its body names it). Both give
 * Trino's answers on every length, NULL and edge.
 */

let box: DuneSandbox;
beforeAll(async () => {
  box = await duneSandbox();
});
afterAll(() => box.close());

/** Every row `sql` (DuneSQL) gives, its values as text (DuckDB's own text for BLOB). */
async function rows(sql: string): Promise<(string | null)[][]> {
  const reader = await box.conn.runAndReadAll(rewriteDuneSql(sql).sql);
  return reader.getRowsJson() as (string | null)[][];
}

const hexOf = (n: number) => Array.from({ length: n }, (_, i) => (i * 37 + 11) % 256);
const blob = (bytes: number[]) => `0x${Buffer.from(bytes).toString('hex')}`;

describe('substrings with literal bounds', () => {
  it('run as a slice of the argument, varbinary_substring keeping its type check', () => {
    const { sql } = rewriteDuneSql(
      `SELECT varbinary_to_uint256(varbinary_substring(data, 37, 32)), bytearray_substring(data, 5),
        substr(name, 2, 3), varbinary_substring(data, -2, 1), substr(name, 0 + 2, 3) FROM t`,
    );
    expect(sql).toContain(
      'dunesql_varbinary_to_uint256(dunesql_varbinary_substring_arg(data)[37:68])',
    );
    expect(sql).toContain('dunesql_varbinary_substring_arg(data)[5:]');
    expect(sql).toContain('(name)[2:4]');
    // A negative start or a computed bound: the macro, which handles every case.
    expect(sql).toContain('dunesql_varbinary_substring(data, -2, 1)');
    expect(sql).toContain('dunesql_substr(name, 0 + 2, 3)');
  });

  it('give what the macros give, on short input, past the end and on NULL', async () => {
    // `s + 0` is not a literal, so the second of each pair runs the macro.
    const inputs = [0, 1, 2, 5, 9].map((n) => blob(hexOf(n))).concat(['CAST(NULL AS varbinary)']);
    const texts = ["''", "'a'", "'héllo'", "'日本語のテキスト'", 'CAST(NULL AS varchar)'];
    const bounds: [number, number | undefined][] = [];
    for (const s of [1, 2, 4, 9, 12]) for (const n of [1, 3, 8, undefined]) bounds.push([s, n]);
    const call = (fn: string, s: string, n: number | undefined) =>
      n === undefined ? `${fn}(x, ${s})` : `${fn}(x, ${s}, ${n})`;
    const pairs = (fns: string[]) =>
      fns.flatMap((fn) =>
        bounds.flatMap(([s, n]) => [call(fn, `${s}`, n), call(fn, `${s} + 0`, n)]),
      );
    const check = async (values: string[], fns: string[]) => {
      const select = pairs(fns);
      const got = await rows(
        `SELECT ${select.join(', ')} FROM (VALUES ${values.map((v) => `(${v})`).join(', ')}) t(x)`,
      );
      expect(got).toHaveLength(values.length);
      for (const r of got)
        for (let k = 0; k < r.length; k += 2) expect(r[k], select[k]).toBe(r[k + 1]);
    };
    await check(inputs, ['varbinary_substring', 'bytearray_substring', 'substr', 'substring']);
    await check(texts, ['substr', 'substring']);
    expect(
      await rows(`SELECT varbinary_substring(0x0102030405, 4, 10), substr('abc', 3, 5)`),
    ).toEqual([['\\x04\\x05', 'c']]);
  });
  it('leave errors inside them pointing at the DuneSQL as written', async () => {
    const sql =
      "SELECT substr(name, 2, 3), varbinary_substring(nope, 37, 32) FROM (SELECT 'abc' AS name) t";
    const { sql: duck, marks } = rewriteDuneSql(sql);
    const message = await box.conn.run(duck).then(
      () => '',
      (err: Error) => err.message,
    );
    const offset = errorOffset(message, duck);
    expect(offset).toBeDefined();
    expect(sql.slice(toOriginalOffset(marks)(offset!)).startsWith('nope, 37')).toBe(true);
  });
});

describe('varbinary_to_uint256 and varbinary_to_int256', () => {
  it('read every length up to 32 bytes as Trino does, row by row in one column', async () => {
    const cases: string[] = [''];
    for (let len = 1; len <= 32; len++) {
      const pattern = hexOf(len);
      cases.push(
        '00'.repeat(len),
        'ff'.repeat(len),
        `80${'00'.repeat(len - 1)}`,
        `7f${'ff'.repeat(len - 1)}`,
        Buffer.from(pattern).toString('hex'),
      );
      // Leading zero bytes of every count: the high half zero, partly zero or not.
      for (let z = 1; z < len; z++)
        cases.push('00'.repeat(z) + Buffer.from(pattern.slice(z)).toString('hex'));
    }
    const values = cases.map((h) => `(0x${h})`).concat(['(CAST(NULL AS varbinary))']);
    const got = await rows(
      `SELECT to_hex(b), CAST(varbinary_to_uint256(b) AS varchar), CAST(varbinary_to_int256(b) AS varchar)
       FROM (VALUES ${values.join(', ')}) t(b)`,
    );
    const expected = cases
      .map((h) => {
        const u = h === '' ? 0n : BigInt(`0x${h}`);
        const signed = h.length === 64 && u >= 2n ** 255n ? u - 2n ** 256n : u;
        return [h.toUpperCase(), u.toString(), signed.toString()];
      })
      .concat([[null, null, null]] as never);
    expect(got).toEqual(expected);
  });

  it('fail past 32 bytes with the same message, whatever the first 32 hold', async () => {
    for (const h of [
      '00'.repeat(33),
      `${'00'.repeat(16)}${'00'.repeat(24)}`,
      `01${'00'.repeat(40)}`,
    ])
      for (const fn of ['varbinary_to_uint256', 'varbinary_to_int256'])
        await expect(rows(`SELECT ${fn}(0x${h})`)).rejects.toThrow(
          `${fn}: ${h.length / 2} bytes do not fit in 32`,
        );
  });

  it('name their argument few times, the high half of uint256_of_halves once', () => {
    // DuckDB binds a copy of a macro's argument for each place the body names it, so a nested
    // call costs the product of the counts: this is what kept the decode slow to plan.
    const body = (name: string) =>
      DUNESQL_MACROS.find((m) => m.startsWith(`CREATE OR REPLACE MACRO ${name}(`))!;
    const uses = (text: string, arg: string) =>
      text.match(new RegExp(`\\b${arg}\\b(?!\\s*\\()`, 'g'))!.length - 1; // less the parameter
    expect(uses(body('dunesql_uint256_of_halves'), 'hi')).toBe(1);
    expect(uses(body('dunesql_uint256_of_halves'), 'lo')).toBe(1);
    expect(uses(body('dunesql_varbinary_to_uint256'), 'b')).toBeLessThanOrEqual(12);
    expect(uses(body('dunesql_varbinary_substring_arg'), 'b')).toBeLessThanOrEqual(4);
  });
});
