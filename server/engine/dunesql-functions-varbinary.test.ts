import { describe, expect, it } from 'vitest';
import { duneTestSandbox } from './dunesql-functions-kit.js';

/**
 * The hosted service's varbinary functions, uint256/int256 and Trino's binary functions, as
 * DuneSQL on a DuckDB set up as a DuneSQL sandbox. Expected values are the hosted service's
 * (its reference's examples where it has one) or Trino's. varbinary literals are written
 * 0x… until the rewrite turns 0x… into varbinary.
 */

const { row, value, error } = duneTestSandbox();

const WETH = 'c02aaa39b223fe8d0a0e5c4f27ead9083c756cc2';
const TWO_256_MINUS_1 =
  '115792089237316195423570985008687907853269984665640564039457584007913129639935';

describe('varbinary_substring and bytearray_substring', () => {
  it('cut by 1-based byte positions', async () => {
    expect(await value(`SELECT varbinary_substring(0xabcdefabcdef, 1, 3)`)).toBe('0xabcdef');
    // A 32-byte word of log data: its last 20 bytes are an address.
    expect(await value(`SELECT varbinary_substring(0x${'00'.repeat(20)}${WETH}, 21)`)).toBe(
      `0x${WETH}`,
    );
    expect(
      await row(`SELECT bytearray_substring(0x0102030405, 2, 2),
        varbinary_substring(0x0102030405, 4, 10)`),
    ).toEqual(['0x0203', '0x0405']);
  });

  it('count a negative start from the end and give nothing for start 0 or past the end', async () => {
    expect(
      await row(`SELECT varbinary_substring(0x0102030405, -2),
        varbinary_substring(0x0102030405, -2, 1),
        varbinary_substring(0x0102030405, 0, 2),
        varbinary_substring(0x0102030405, 9),
        varbinary_substring(0x0102030405, -9, 2),
        varbinary_substring(0x0102030405, 2, 0),
        varbinary_substring(CAST(NULL AS varbinary), 1, 2)`),
    ).toEqual(['0x0405', '0x04', '0x', '0x', '0x', '0x', null]);
  });

  it('refuse text, which DuckDB would read as its characters', async () => {
    expect(await error(`SELECT varbinary_substring('0xabcd', 1, 1)`)).toMatch(
      /varbinary_substring takes varbinary arguments, not VARCHAR/,
    );
  });
});

describe('varbinary_to_* reads big-endian numbers', () => {
  it('varbinary_to_uint256: a full 32-byte word, a padded amount, a short one', async () => {
    expect(await value(`SELECT varbinary_to_uint256(0x${'ff'.repeat(32)})`)).toBe(TWO_256_MINUS_1);
    // 1 000 000 (a USDC amount of 1) as a log data word.
    expect(await value(`SELECT varbinary_to_uint256(0x${'0'.repeat(58)}0f4240)`)).toBe('1000000');
    expect(await value(`SELECT bytearray_to_uint256(0x01${'00'.repeat(16)})`)).toBe(
      '340282366920938463463374607431768211456',
    );
    expect(await value(`SELECT varbinary_to_uint256(0x${'12345678'.repeat(8)})`)).toBe(
      BigInt(`0x${'12345678'.repeat(8)}`).toString(),
    );
    expect(await value(`SELECT typeof(varbinary_to_uint256(0x01))`)).toBe('BIGNUM');
  });

  it('varbinary_to_uint256 fails past 32 bytes, even when the extra ones are zero', async () => {
    expect(await error(`SELECT varbinary_to_uint256(0x${'00'.repeat(33)})`)).toMatch(
      /varbinary_to_uint256: 33 bytes do not fit in 32/,
    );
  });

  it('fail inside try() as Trino’s do: the row is NULL', async () => {
    expect(
      await row(
        `SELECT try(varbinary_to_uint256(0x${'00'.repeat(33)})), try(varbinary_to_uint256(0x2a)),
          try(CAST('-1' AS uint256)), try(from_utf8(varbinary_ltrim(0x0041)))`,
      ),
    ).toEqual([null, '42', null, 'A']);
    expect(
      await value(
        `SELECT count(*) FROM (VALUES (0x01), (0x${'00'.repeat(40)})) t(data)
          WHERE try(bytearray_to_uint256(data)) IS NULL`,
      ),
    ).toBe('1');
  });

  it('varbinary_to_int256: two’s complement on 32 bytes, shorter ones are positive', async () => {
    expect(
      await row(`SELECT varbinary_to_int256(0x${'ff'.repeat(32)}),
        varbinary_to_int256(0x80${'00'.repeat(31)}),
        bytearray_to_int256(0xffff),
        varbinary_to_int256(0x${'00'.repeat(31)}2a)`),
    ).toEqual([
      '-1',
      '-57896044618658097711785492504343953926634992332820282019728792003956564819968',
      '65535',
      '42',
    ]);
  });

  it('varbinary_to_integer, _bigint and _decimal: their byte limits and signs', async () => {
    expect(
      await row(`SELECT varbinary_to_integer(0xffffffff),
        varbinary_to_integer(0x0001),
        varbinary_to_integer(varbinary_ltrim(varbinary_substring(0x${'0'.repeat(63)}1, 1, 32))),
        varbinary_to_bigint(0x0000000077359400),
        bytea2numeric(0xff),
        varbinary_to_decimal(0x${'ff'.repeat(16)}),
        varbinary_to_decimal(0x0de0b6b3a7640000)`),
    ).toEqual([-1, 1, 1, '2000000000', '255', '-1', '1000000000000000000']);
    expect(await error(`SELECT varbinary_to_integer(0x0000000001)`)).toMatch(
      /varbinary_to_integer: 5 bytes do not fit in 4/,
    );
    expect(await error(`SELECT varbinary_to_bigint(0x${'00'.repeat(9)})`)).toMatch(
      /9 bytes do not fit in 8/,
    );
  });
});

describe('varbinary manipulation', () => {
  it('varbinary_ltrim and _rtrim drop zero bytes only, on byte boundaries', async () => {
    expect(
      await row(`SELECT varbinary_ltrim(0x${'00'.repeat(12)}a2b80f9c09558945800ddf4f8786dcc8b1c44974),
        varbinary_rtrim(0x${WETH}${'00'.repeat(20)}),
        varbinary_rtrim(0x1000),
        bytearray_ltrim(0x0010),
        varbinary_ltrim(0x0000)`),
    ).toEqual(['0xa2b80f9c09558945800ddf4f8786dcc8b1c44974', `0x${WETH}`, '0x10', '0x10', '0x']);
  });

  it('varbinary_length counts bytes; on text, the bytes of the hex it holds', async () => {
    expect(
      await row(`SELECT varbinary_length(0x${WETH}), varbinary_length('0x${WETH}'),
        bytearray_length(from_hex(''))`),
    ).toEqual(['20', '20', '0']);
  });

  it('varbinary_position finds bytes on byte boundaries, 0 when absent', async () => {
    expect(
      await row(`SELECT varbinary_position(0x3d13f874aa, 0x3d13f874),
        varbinary_position(0x0ab0ab, 0xab),
        varbinary_position(0x01, 0x02),
        varbinary_position('0x${WETH}', '0x6cc2')`),
    ).toEqual(['1', '3', '0', '19']);
  });

  it('varbinary_concat, _replace, _reverse and _starts_with', async () => {
    expect(
      await row(`SELECT varbinary_concat(0x${WETH}, 0xa0b8),
        varbinary_replace(0x${'00'.repeat(20)}, 0x${'00'.repeat(20)}, 0x${WETH}),
        varbinary_replace(0x0ab0ab, 0xab, 0xcd),
        varbinary_reverse(0xc02aaa),
        varbinary_starts_with(0x3d13f874abcd, 0x3d13f874),
        bytearray_starts_with(0x3d13, 0x13),
        varbinary_concat(0xab, CAST(NULL AS varbinary))`),
    ).toEqual([`0x${WETH}a0b8`, `0x${WETH}`, '0x0ab0cd', '0xaa2ac0', true, false, null]);
  });

  it('keccak gives Ethereum’s Keccak-256: the Transfer topic, the empty input, block edges', async () => {
    expect(await value(`SELECT keccak(to_utf8('Transfer(address,address,uint256)'))`)).toBe(
      '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef',
    );
    expect(
      await row(`SELECT keccak(from_hex('')), keccak(to_utf8(rpad('', 135, 'a'))),
        keccak(to_utf8(rpad('', 136, 'a'))), keccak(to_utf8(rpad('', 300, 'a')))`),
    ).toEqual([
      '0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470',
      '0x34367dc248bbd832f4e3e69dfaac2f92638bd0bbd18f2912ba4ef454919cf446',
      '0xa6c4d403279fe3e0af03729caada8374b5ca54d8065329a3ebcaeb4b60aa386e',
      '0x5b7e0e47a96f32a88b4f14ca177982790807c40e1a105742ba0fc1babe1ef826',
    ]);
  });
});

describe('from_hex, to_hex and the other encodings', () => {
  it('from_hex takes the 0x prefix or not; to_hex writes upper case without it', async () => {
    expect(
      await row(`SELECT from_hex('0x6574686275696c646572'), from_hex('00FF'),
        to_hex(0x${WETH}), from_utf8(0x48656c6c6f20576f726c64),
        from_utf8(varbinary_ltrim(0x0000000000000000006e66746e657264732e6169)),
        to_utf8('hé')`),
    ).toEqual([
      '0x6574686275696c646572',
      '0x00ff',
      WETH.toUpperCase(),
      'Hello World',
      'nftnerds.ai',
      '0x68c3a9',
    ]);
    expect(await error(`SELECT from_hex('0xzz')`)).toMatch(/hex/i);
  });

  it('from_base58 and to_base58, with leading zero bytes as 1s', async () => {
    // Columns, as queries have them: constant arguments would be computed while planning,
    // once for each use the macros around them make of them.
    const decoded = (expr: string) =>
      row(`SELECT ${expr} FROM (VALUES ('3DZBMRwnSU8f', '115Q',
        '7qbRF6YsyGuLUVs6Y1q64bdVrfe4ZcUUz1JRdoVNUJnm')) t(data, padded, account)`);
    expect(
      await decoded(`from_base58(data), from_base58(padded), to_base58(from_base58(account)),
        varbinary_length(from_base58(account))`),
    ).toEqual([
      '0x030094357700000000',
      '0x0000ff',
      '7qbRF6YsyGuLUVs6Y1q64bdVrfe4ZcUUz1JRdoVNUJnm',
      '32',
    ]);
    expect(
      await value(`SELECT array_agg(to_base58(bytes) ORDER BY bytes DESC)
        FROM (VALUES (0x030094357700000000), (0x0000ff)) t(bytes)`),
    ).toEqual(['3DZBMRwnSU8f', '115Q']);
    // The reference's example: a Solana swap amount, little-endian after a 1-byte tag.
    expect(
      await decoded(
        `bytearray_to_bigint(bytearray_reverse(bytearray_substring(from_base58(data), 2, 8)))`,
      ),
    ).toEqual(['2000000000']);
    expect(await error(`SELECT from_base58('0OIl')`)).toMatch(/'0' is not a base58 character/);
  });

  it('digests, base64url, big-endian and IEEE 754 encodings', async () => {
    expect(
      await row(`SELECT md5(to_utf8('abc')), sha1(to_utf8('abc')), sha256(to_utf8('abc')),
        to_base64url(0xfbff), from_base64url('-_8'),
        to_big_endian_64(5), from_big_endian_64(0x00000000000000ff),
        to_big_endian_32(-2), from_big_endian_32(0xfffffffe),
        to_ieee754_64(1.5), from_ieee754_64(0x3ff8000000000000),
        to_ieee754_32(1.5), from_ieee754_32(0x3fc00000)`),
    ).toEqual([
      '0x900150983cd24fb0d6963f7d28e17f72',
      '0xa9993e364706816aba3e25717850c26c9cd0d89d',
      '0xba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
      '-_8=',
      '0xfbff',
      '0x0000000000000005',
      '255',
      '0xfffffffe',
      -2,
      '0x3ff8000000000000',
      1.5,
      '0x3fc00000',
      1.5,
    ]);
  });
});

describe('uint256 and int256 (DuckDB BIGNUM)', () => {
  it('hold the full range, past 38 digits', async () => {
    expect(
      await row(`SELECT CAST('${TWO_256_MINUS_1}' AS uint256),
        CAST('-57896044618658097711785492504343953926634992332820282019728792003956564819968' AS int256),
        CAST(12.5 AS uint256), CAST(CAST(12.5 AS double) AS uint256), CAST(7 AS uint256)`),
    ).toEqual([
      TWO_256_MINUS_1,
      '-57896044618658097711785492504343953926634992332820282019728792003956564819968',
      '13',
      '13',
      '7',
    ]);
  });

  it('fail out of range or on text that is no number; the try_ forms give NULL', async () => {
    expect(
      await error(
        `SELECT CAST('115792089237316195423570985008687907853269984665640564039457584007913129639936' AS uint256)`,
      ),
    ).toMatch(/is out of range for uint256/);
    expect(await error(`SELECT CAST(-1 AS uint256)`)).toMatch(
      /Value -1 is out of range for uint256/,
    );
    expect(
      await error(
        `SELECT CAST('57896044618658097711785492504343953926634992332820282019728792003956564819968' AS int256)`,
      ),
    ).toMatch(/out of range for int256/);
    expect(await error(`SELECT CAST('12abc' AS uint256)`)).toMatch(
      /Cannot cast VARCHAR '12abc' to uint256/,
    );
    expect(
      await row(`SELECT TRY_CAST('-1' AS uint256), TRY_CAST('x' AS uint256),
        TRY_CAST('5' AS int256)`),
    ).toEqual([null, null, '5']);
  });

  it('add and subtract exactly; multiply and divide through double', async () => {
    expect(
      await row(`SELECT CAST('${TWO_256_MINUS_1}' AS uint256) - CAST('${TWO_256_MINUS_1}' AS uint256) + 1,
        CAST('100000000000000000000000000000000000000001' AS uint256) + CAST('1' AS uint256),
        typeof(CAST('2' AS uint256) * CAST('3' AS uint256)),
        typeof(CAST('6' AS uint256) / 2),
        CAST('3000000000000000000' AS uint256) / 1e18`),
    ).toEqual(['1', '100000000000000000000000000000000000000002', 'DOUBLE', 'DOUBLE', 3]);
    expect(
      await value(`SELECT sum(x) FROM (VALUES (CAST('${TWO_256_MINUS_1}' AS uint256)),
        (CAST('${TWO_256_MINUS_1}' AS uint256))) t(x)`),
    ).toBe((2n * (2n ** 256n - 1n)).toString());
  });

  it('cast to varbinary as 32 big-endian bytes and varbinary to 0x text', async () => {
    expect(
      await row(`SELECT varbinary_ltrim(CAST(CAST('101691398105299641525402875323276528467270701520' AS uint256) AS varbinary)),
        CAST(CAST(-1 AS int256) AS varbinary),
        CAST(CAST(0 AS uint256) AS varbinary),
        CAST('ab' AS varbinary),
        CAST(0x${WETH} AS varchar), CAST(5 AS varchar)`),
    ).toEqual([
      '0x11d00000000000000000000000000000000011d0',
      `0x${'ff'.repeat(32)}`,
      `0x${'00'.repeat(32)}`,
      '0x6162',
      `0x${WETH}`,
      '5',
    ]);
  });
});
