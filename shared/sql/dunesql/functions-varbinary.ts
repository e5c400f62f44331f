/**
 * The hosted service's varbinary functions (and their older `bytearray_*` names) and Trino's
 * binary functions. varbinary is DuckDB's BLOB; positions and lengths count bytes, from 1.
 * Byte-aligned searches run on the hex text with a space after every byte ("AB 01 "), where a
 * match can only start on a byte boundary.
 */
import type { DuneFunction } from './functions';
import { macro, renamed, same, unsupported, varbinaryOnly } from './functions-kit';
import { UINT256_ARITHMETIC } from './functions-numbers';

const substring = (b: string, s: string, n: string) =>
  `CASE WHEN ${s} = 0 OR ${n} <= 0 THEN ''::BLOB ` +
  `WHEN ${s} > 0 THEN ${b}[${s} : ${s} + ${n} - 1] ` +
  `WHEN octet_length(${b}) + ${s} < 0 THEN ''::BLOB ` +
  `ELSE ${b}[octet_length(${b}) + ${s} + 1 : octet_length(${b}) + ${s} + ${n}] END`;

/** Two's complement of at most `bytes` bytes, shorter ones padded with zero bytes on the left. */
const toInteger = (fn: string, b: string, bytes: number, type: string) =>
  `CASE WHEN octet_length(${b}) > ${bytes} THEN dunesql_raise('${fn}: ' || octet_length(${b}) || ' bytes do not fit in ${bytes} (trim zero bytes with varbinary_ltrim)') ` +
  `WHEN octet_length(${b}) = 0 THEN CAST(0 AS ${type}) ` +
  `ELSE CAST(CAST(${b} AS BIT) AS ${type}) END`;

/** 16 zero bytes then 16 0xff bytes: the largest 32-byte value whose high half is zero. */
const HIGH_HALF_ZERO_MAX = `'${'\\x00'.repeat(16)}${'\\xFF'.repeat(16)}'::BLOB`;
const uhugeint = (b: string) => `CAST(CAST(${b} AS BIT) AS UHUGEINT)`;

/**
 * `b` (BLOB) as a big-endian number of at most 32 bytes, as a BIGNUM; with `signed`, a full
 * 32-byte value whose top bit is set is negative (two's complement). DuckDB pastes a macro's
 * argument into every place its body names it and binds each copy, so `b` (often a call
 * itself) is named as few times as the answer allows. The usual value, a 32-byte word whose
 * high half is zero, takes one comparison of bytes: of at most 32 bytes, b lies between
 * '\x00' and HIGH_HALF_ZERO_MAX only when it is not empty and its first 16 bytes (all of a
 * shorter b) are zero, so its last 16 bytes hold the whole value. Anything else (a short value
 * starting with a non-zero byte, a high half that is not zero) takes the longer way.
 */
const toUint256 = (fn: string, b: string, signed = false) => {
  const len = `octet_length(${b})`;
  // Slice bounds are inclusive: [:-17] is all but the last 16 bytes, [-16:] the last 16.
  const halves = `dunesql_uint256_of_halves(${uhugeint(`${b}[:-17]`)}, ${uhugeint(`${b}[-16:]`)})`;
  return (
    `CASE WHEN ${len} > 32 THEN dunesql_raise('${fn}: ' || ${len} || ' bytes do not fit in 32') ` +
    `WHEN ${b} BETWEEN '\\x00'::BLOB AND ${HIGH_HALF_ZERO_MAX} THEN CAST(${uhugeint(`${b}[-16:]`)} AS BIGNUM) ` +
    (signed
      ? `WHEN ${len} = 32 AND ${b} >= '\\x80'::BLOB THEN ${halves} - dunesql_two_256() `
      : '') +
    `WHEN ${len} > 16 THEN ${halves} ` +
    `WHEN ${len} = 0 THEN CAST(0 AS BIGNUM) ` +
    `ELSE CAST(${uhugeint(b)} AS BIGNUM) END`
  );
};

const spaced = (b: string) => `regexp_replace(hex(${b}), '(..)', '\\1 ', 'g')`;

/** The varchar forms the hosted service documents read their text as hex (`'0xabcd'`). */
const hexOrBlob = (fn: string, args: string[], body: (...blobs: string[]) => string) =>
  `CASE WHEN ${args.map((a) => `typeof(${a}) = 'VARCHAR'`).join(' AND ')} ` +
  `THEN ${body(...args.map((a) => `dunesql_from_hex(TRY_CAST(${a} AS VARCHAR))`))} ` +
  `ELSE ${varbinaryOnly(fn, args, body)} END`;

export const VARBINARY_MACROS: string[] = [
  `CREATE OR REPLACE MACRO dunesql_from_hex(s) AS unhex(regexp_replace(s, '^0[xX]', ''))`,
  `CREATE OR REPLACE MACRO dunesql_hex_text(b) AS '0x' || lower(hex(b))`,
  `CREATE OR REPLACE MACRO dunesql_varbinary_substring(b, s) AS ${varbinaryOnly('varbinary_substring', ['b'], (x) => substring(x, 's', `octet_length(${x}) - s + 1`))}, ` +
    `(b, s, n) AS ${varbinaryOnly('varbinary_substring', ['b'], (x) => substring(x, 's', 'n'))}`,
  // What the rewrite slices for varbinary_substring with literal bounds (calls.ts): b as it is,
  // or the macro's own error when b is not varbinary.
  `CREATE OR REPLACE MACRO dunesql_varbinary_substring_arg(b) AS ${varbinaryOnly('varbinary_substring', ['b'], (x) => x)}`,
  `CREATE OR REPLACE MACRO dunesql_varbinary_to_integer(b) AS ${varbinaryOnly('varbinary_to_integer', ['b'], (x) => toInteger('varbinary_to_integer', x, 4, 'INTEGER'))}`,
  `CREATE OR REPLACE MACRO dunesql_varbinary_to_bigint(b) AS ${varbinaryOnly('varbinary_to_bigint', ['b'], (x) => toInteger('varbinary_to_bigint', x, 8, 'BIGINT'))}`,
  `CREATE OR REPLACE MACRO dunesql_varbinary_to_decimal(b) AS ${varbinaryOnly('varbinary_to_decimal', ['b'], (x) => `CAST(${toInteger('varbinary_to_decimal', x, 16, 'HUGEINT')} AS DECIMAL(38, 0))`)}`,
  `CREATE OR REPLACE MACRO dunesql_varbinary_to_uint256(b) AS ${varbinaryOnly('varbinary_to_uint256', ['b'], (x) => toUint256('varbinary_to_uint256', x))}`,
  `CREATE OR REPLACE MACRO dunesql_varbinary_to_int256(b) AS ${varbinaryOnly('varbinary_to_int256', ['b'], (x) => toUint256('varbinary_to_int256', x, true))}`,
  `CREATE OR REPLACE MACRO dunesql_varbinary_ltrim(b) AS ${varbinaryOnly('varbinary_ltrim', ['b'], (x) => `unhex(regexp_replace(hex(${x}), '^(00)+', ''))`)}`,
  // A match of (00)+$ ends the text and has an even length, so it starts on a byte boundary.
  `CREATE OR REPLACE MACRO dunesql_varbinary_rtrim(b) AS ${varbinaryOnly('varbinary_rtrim', ['b'], (x) => `unhex(regexp_replace(hex(${x}), '(00)+$', ''))`)}`,
  `CREATE OR REPLACE MACRO dunesql_varbinary_length(b) AS ${hexOrBlob('varbinary_length', ['b'], (x) => `octet_length(${x})`)}`,
  `CREATE OR REPLACE MACRO dunesql_varbinary_concat(a, b) AS ${varbinaryOnly('varbinary_concat', ['a', 'b'], (x, y) => `(${x} || ${y})`)}`,
  `CREATE OR REPLACE MACRO dunesql_varbinary_position(b, p) AS ${hexOrBlob('varbinary_position', ['b', 'p'], (x, y) => `divide(instr(${spaced(x)}, ${spaced(y)}) + 2, 3)`)}`,
  `CREATE OR REPLACE MACRO dunesql_varbinary_replace(b, p, r) AS ${varbinaryOnly('varbinary_replace', ['b', 'p', 'r'], (x, y, z) => `unhex(replace(replace(${spaced(x)}, ${spaced(y)}, ${spaced(z)}), ' ', ''))`)}`,
  // Reversing the hex text reverses the bytes and swaps each byte's two digits back.
  `CREATE OR REPLACE MACRO dunesql_varbinary_reverse(b) AS ${varbinaryOnly('varbinary_reverse', ['b'], (x) => `unhex(regexp_replace(reverse(hex(${x})), '(.)(.)', '\\2\\1', 'g'))`)}`,
  `CREATE OR REPLACE MACRO dunesql_varbinary_starts_with(b, p) AS ${varbinaryOnly('varbinary_starts_with', ['b', 'p'], (x, y) => `starts_with(hex(${x}), hex(${y}))`)}`,
  `CREATE OR REPLACE MACRO dunesql_address_32_from_hex(s) AS unhex(lpad(regexp_replace(s, '^0[xX]', ''), 64, '0'))`,
  `CREATE OR REPLACE MACRO dunesql_md5(b) AS ${varbinaryOnly('md5', ['b'], (x) => `unhex(md5(${x}))`)}`,
  `CREATE OR REPLACE MACRO dunesql_sha1(b) AS ${varbinaryOnly('sha1', ['b'], (x) => `unhex(sha1(${x}))`)}`,
  `CREATE OR REPLACE MACRO dunesql_sha256(b) AS ${varbinaryOnly('sha256', ['b'], (x) => `unhex(sha256(${x}))`)}`,
  `CREATE OR REPLACE MACRO dunesql_to_base64url(b) AS translate(to_base64(b), '+/', '-_')`,
  `CREATE OR REPLACE MACRO dunesql_from_base64url(s) AS from_base64(translate(s, '-_', '+/') || repeat('=', mod(4 - mod(length(s), 4), 4)))`,
  `CREATE OR REPLACE MACRO dunesql_to_big_endian_32(n) AS CAST(CAST(CAST(n AS INTEGER) AS BIT) AS BLOB)`,
  `CREATE OR REPLACE MACRO dunesql_to_big_endian_64(n) AS CAST(CAST(CAST(n AS BIGINT) AS BIT) AS BLOB)`,
  `CREATE OR REPLACE MACRO dunesql_from_big_endian_32(b) AS ${varbinaryOnly('from_big_endian_32', ['b'], (x) => `CASE WHEN octet_length(${x}) = 4 THEN CAST(CAST(${x} AS BIT) AS INTEGER) ELSE dunesql_raise('from_big_endian_32 takes exactly 4 bytes') END`)}`,
  `CREATE OR REPLACE MACRO dunesql_from_big_endian_64(b) AS ${varbinaryOnly('from_big_endian_64', ['b'], (x) => `CASE WHEN octet_length(${x}) = 8 THEN CAST(CAST(${x} AS BIT) AS BIGINT) ELSE dunesql_raise('from_big_endian_64 takes exactly 8 bytes') END`)}`,
  `CREATE OR REPLACE MACRO dunesql_to_ieee754_64(d) AS CAST(CAST(CAST(d AS DOUBLE) AS BIT) AS BLOB)`,
  `CREATE OR REPLACE MACRO dunesql_from_ieee754_64(b) AS ${varbinaryOnly('from_ieee754_64', ['b'], (x) => `CASE WHEN octet_length(${x}) = 8 THEN CAST(CAST(${x} AS BIT) AS DOUBLE) ELSE dunesql_raise('from_ieee754_64 takes exactly 8 bytes') END`)}`,
  `CREATE OR REPLACE MACRO dunesql_to_ieee754_32(d) AS CAST(CAST(CAST(d AS FLOAT) AS BIT) AS BLOB)`,
  `CREATE OR REPLACE MACRO dunesql_from_ieee754_32(b) AS ${varbinaryOnly('from_ieee754_32', ['b'], (x) => `CASE WHEN octet_length(${x}) = 4 THEN CAST(CAST(${x} AS BIT) AS FLOAT) ELSE dunesql_raise('from_ieee754_32 takes exactly 4 bytes') END`)}`,
];

/** The hosted service's varbinary functions, each with its older `bytearray_*` name. */
const HOSTED: [string, string, string][] = [
  [
    'substring',
    '(x varbinary, start bigint[, length bigint]) → varbinary',
    'The `length` bytes of x from byte `start` (1-based; negative counts from the end), or all the rest without a length. Empty when start is 0 or past the end. NULL when any argument is NULL.',
  ],
  [
    'to_integer',
    '(x varbinary) → integer',
    'x read as a big-endian two’s complement integer; fewer than 4 bytes are padded with zero bytes on the left (so read as non-negative). More than 4 bytes fail, even if the extra ones are zero: trim them with varbinary_ltrim.',
  ],
  [
    'to_bigint',
    '(x varbinary) → bigint',
    'x read as a big-endian two’s complement bigint; fewer than 8 bytes are padded with zero bytes on the left. More than 8 bytes fail (trim zero bytes with varbinary_ltrim).',
  ],
  [
    'to_decimal',
    '(x varbinary) → decimal(38,0)',
    'x read as a big-endian two’s complement number of at most 16 bytes (shorter is padded with zero bytes), as decimal(38,0). Fails past 16 bytes or when the value has more than 38 digits.',
  ],
  [
    'to_uint256',
    '(x varbinary) → uint256',
    `x read as an unsigned big-endian integer of at most 32 bytes (shorter is padded with zero bytes): the usual way to read a token amount from log data or calldata. More than 32 bytes fail. ${UINT256_ARITHMETIC}`,
  ],
  [
    'to_int256',
    '(x varbinary) → int256',
    `x read as a signed (two’s complement) big-endian integer of at most 32 bytes. Only a full 32-byte value can be negative: shorter ones are padded with zero bytes. ${UINT256_ARITHMETIC}`,
  ],
  [
    'ltrim',
    '(x varbinary) → varbinary',
    'x without its leading zero bytes: turns a 32-byte topic into a 20-byte address, or a left-padded number into one varbinary_to_* accepts.',
  ],
  ['rtrim', '(x varbinary) → varbinary', 'x without its trailing zero bytes.'],
  [
    'length',
    '(x varbinary) → bigint',
    'The number of bytes in x. On a varchar, the bytes of the hex text it holds (`0x` optional).',
  ],
  [
    'concat',
    '(x varbinary, y varbinary) → varbinary',
    'The bytes of x followed by those of y; NULL when either is NULL.',
  ],
  [
    'position',
    '(x varbinary, pattern varbinary) → bigint',
    'The byte position (from 1) where pattern first occurs in x, or 0 when it does not. On varchars, both are read as hex text.',
  ],
  [
    'replace',
    '(x varbinary, pattern varbinary, replacement varbinary) → varbinary',
    'x with every occurrence of pattern (on byte boundaries, left to right) replaced.',
  ],
  [
    'reverse',
    '(x varbinary) → varbinary',
    'The bytes of x in reverse order (little- to big-endian).',
  ],
  [
    'starts_with',
    '(x varbinary, prefix varbinary) → boolean',
    'Whether x begins with the bytes of prefix (a 4-byte method selector of calldata, say).',
  ],
];

export const VARBINARY_FUNCTIONS: DuneFunction[] = [
  ...HOSTED.flatMap(([suffix, args, doc]) => [
    macro(`varbinary_${suffix}`, `varbinary_${suffix}${args}`, doc),
    macro(
      `bytearray_${suffix}`,
      `bytearray_${suffix}${args}`,
      `The older name of varbinary_${suffix}. ${doc}`,
      `dunesql_varbinary_${suffix}`,
    ),
  ]),
  macro(
    'bytea2numeric',
    'bytea2numeric(x varbinary) → bigint',
    'The deprecated name of varbinary_to_bigint.',
    'dunesql_varbinary_to_bigint',
  ),
  macro(
    'from_hex',
    'from_hex(s varchar) → varbinary',
    "The bytes written in hex in s, with or without a `0x` prefix (`from_hex('0x00ff')` is 0x00ff). An odd number of digits or a non-hex character fails. Unlike `CAST(s AS varbinary)`, which takes the bytes of the text itself.",
  ),
  same(
    'to_hex',
    'to_hex(x varbinary) → varchar',
    'The bytes of x as upper-case hex digits, without a `0x` prefix.',
  ),
  macro(
    'address_32_from_hex',
    'address_32_from_hex(s varchar) → varbinary',
    'The hex number in s (`0x` optional, leading zeros optional) as a 32-byte varbinary, padded with zero bytes on the left: short-form addresses of chains with 32-byte addresses.',
  ),
  macro(
    'from_utf8',
    'from_utf8(x varbinary[, replacement varchar]) → varchar',
    'The text whose UTF-8 encoding is x. When x is not valid UTF-8, its ASCII bytes are kept and every other byte becomes U+FFFD (or replacement); Trino replaces only the invalid sequences.',
  ),
  renamed(
    'to_utf8',
    'encode',
    'to_utf8(s varchar) → varbinary',
    'The UTF-8 encoding of s as varbinary.',
  ),
  macro('md5', 'md5(x varbinary) → varbinary', 'The 16-byte MD5 digest of x.'),
  macro('sha1', 'sha1(x varbinary) → varbinary', 'The 20-byte SHA-1 digest of x.'),
  macro('sha256', 'sha256(x varbinary) → varbinary', 'The 32-byte SHA-256 digest of x.'),
  same('to_base64', 'to_base64(x varbinary) → varchar', 'x encoded as base64 text (with padding).'),
  same('from_base64', 'from_base64(s varchar) → varbinary', 'The bytes encoded as base64 in s.'),
  macro(
    'to_base64url',
    'to_base64url(x varbinary) → varchar',
    'x encoded as base64 with the URL-safe alphabet (`-` and `_`).',
  ),
  macro(
    'from_base64url',
    'from_base64url(s varchar) → varbinary',
    'The bytes encoded as URL-safe base64 in s (padding optional).',
  ),
  macro(
    'to_big_endian_32',
    'to_big_endian_32(n integer) → varbinary',
    'The 4 bytes of n in two’s complement, most significant first.',
  ),
  macro(
    'to_big_endian_64',
    'to_big_endian_64(n bigint) → varbinary',
    'The 8 bytes of n in two’s complement, most significant first.',
  ),
  macro(
    'from_big_endian_32',
    'from_big_endian_32(x varbinary) → integer',
    'The integer whose 4-byte two’s complement big-endian form is x; any other length fails.',
  ),
  macro(
    'from_big_endian_64',
    'from_big_endian_64(x varbinary) → bigint',
    'The bigint whose 8-byte two’s complement big-endian form is x; any other length fails.',
  ),
  macro(
    'to_ieee754_32',
    'to_ieee754_32(x real) → varbinary',
    'The 4 bytes of x as an IEEE 754 single-precision number, big-endian.',
  ),
  macro(
    'from_ieee754_32',
    'from_ieee754_32(x varbinary) → real',
    'The real whose IEEE 754 single-precision big-endian form is the 4 bytes of x.',
  ),
  macro(
    'to_ieee754_64',
    'to_ieee754_64(x double) → varbinary',
    'The 8 bytes of x as an IEEE 754 double-precision number, big-endian.',
  ),
  macro(
    'from_ieee754_64',
    'from_ieee754_64(x varbinary) → double',
    'The double whose IEEE 754 double-precision big-endian form is the 8 bytes of x.',
  ),
  ...[
    ['sha512', 'sha512(x varbinary) → varbinary', 'SHA-512 digest'],
    ['crc32', 'crc32(x varbinary) → bigint', 'CRC-32 checksum'],
    ['xxhash64', 'xxhash64(x varbinary) → varbinary', 'xxHash64 digest'],
    ['murmur3', 'murmur3(x varbinary) → varbinary', 'MurmurHash3 digest'],
    ['spooky_hash_v2_32', 'spooky_hash_v2_32(x varbinary) → varbinary', 'SpookyHash V2'],
    ['spooky_hash_v2_64', 'spooky_hash_v2_64(x varbinary) → varbinary', 'SpookyHash V2'],
    ['hmac_md5', 'hmac_md5(x varbinary, key varbinary) → varbinary', 'HMAC'],
    ['hmac_sha1', 'hmac_sha1(x varbinary, key varbinary) → varbinary', 'HMAC'],
    ['hmac_sha256', 'hmac_sha256(x varbinary, key varbinary) → varbinary', 'HMAC'],
    ['hmac_sha512', 'hmac_sha512(x varbinary, key varbinary) → varbinary', 'HMAC'],
    ['to_base32', 'to_base32(x varbinary) → varchar', 'base32 encoder'],
    ['from_base32', 'from_base32(s varchar) → varbinary', 'base32 decoder'],
  ].map(([name, signature, what]) =>
    unsupported(
      name!,
      signature!,
      `Not supported on Strata: DuckDB has no ${what} function, and computing it in SQL would be slow.`,
    ),
  ),
];
