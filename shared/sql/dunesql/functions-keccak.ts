/**
 * keccak(x): Keccak-256 as Ethereum uses it (the original padding, not SHA3-256), written as
 * DuckDB macros over lists of 25 UBIGINT lanes. DuckDB has no Keccak; this is slow (a
 * few milliseconds per value) but exact, which is what event signatures and selectors need.
 */
import type { DuneFunction } from './functions';
import { macro, varbinaryOnly } from './functions-kit';

/** The round constants of Keccak-f[1600], from its LFSR (x^8 + x^6 + x^5 + x^4 + 1). */
const ROUND_CONSTANTS: bigint[] = (() => {
  let r = 1;
  const bit = () => {
    const out = r & 1;
    r = r & 0x80 ? ((r << 1) ^ 0x171) & 0xff : r << 1;
    return out;
  };
  return Array.from({ length: 24 }, () => {
    let rc = 0n;
    for (let j = 0; j < 7; j++) if (bit()) rc |= 1n << BigInt(2 ** j - 1);
    return rc;
  });
})();

/** For lane d (x + 5y) after ρ and π: the lane it comes from and by how much it is rotated. */
const RHO_PI: { from: number; by: number }[] = (() => {
  const out: { from: number; by: number }[] = Array.from({ length: 25 }, () => ({
    from: 0,
    by: 0,
  }));
  const rotation = new Array<number>(25).fill(0);
  let [x, y] = [1, 0];
  for (let t = 0; t < 24; t++) {
    rotation[x + 5 * y] = (((t + 1) * (t + 2)) / 2) % 64;
    [x, y] = [y, (2 * x + 3 * y) % 5];
  }
  for (let sx = 0; sx < 5; sx++)
    for (let sy = 0; sy < 5; sy++)
      out[sy + 5 * ((2 * sx + 3 * sy) % 5)] = { from: sx + 5 * sy, by: rotation[sx + 5 * sy]! };
  return out;
})();

const list = (xs: (number | bigint)[], type: string) => `CAST([${xs.join(', ')}] AS ${type}[])`;

/** v rotated left by n bits (0 to 63) on 64 bits; the mask keeps << from overflowing. */
const ROTATE = `CASE WHEN n = 0 THEN v ELSE ((v & ((CAST(1 AS UBIGINT) << (64 - n)) - 1)) << n) | (v >> (64 - n)) END`;

/**
 * One round on the lanes a, `let`-bound with one-element list_transforms (a lambda cannot name
 * a value otherwise): θ (column parities c, then d), ρ and π into b, χ, ι.
 */
const ROUND = `list_transform([list_transform(range(5), x -> xor(xor(xor(a[x + 1], a[x + 6]), xor(a[x + 11], a[x + 16])), a[x + 21]))], c ->
  list_transform([list_transform(range(5), x -> xor(c[mod(x + 4, 5) + 1], dunesql_keccak_rotl(c[mod(x + 1, 5) + 1], 1)))], d ->
  list_transform([list_transform(range(25), k -> dunesql_keccak_rotl(xor(a[${list(
    RHO_PI.map((p) => p.from + 1),
    'INTEGER',
  )}[k + 1]], d[${list(
    RHO_PI.map((p) => (p.from % 5) + 1),
    'INTEGER',
  )}[k + 1]]), ${list(
    RHO_PI.map((p) => p.by),
    'INTEGER',
  )}[k + 1]))], b ->
  list_transform(range(25), k -> xor(xor(b[k + 1], (~b[mod(mod(k, 5) + 1, 5) + 5 * divide(k, 5) + 1]) & b[mod(mod(k, 5) + 2, 5) + 5 * divide(k, 5) + 1]),
    CASE WHEN k = 0 THEN rc ELSE CAST(0 AS UBIGINT) END)))[1])[1])[1]`;

/** A 16-digit hex chunk read as a little-endian lane (reversing the digits swaps each byte's pair). */
const lane = (hex: string) =>
  `CAST('0x' || regexp_replace(reverse(${hex}), '(.)(.)', '\\2\\1', 'g') AS UBIGINT)`;

export const KECCAK_MACROS: string[] = [
  `CREATE OR REPLACE MACRO dunesql_keccak_rotl(v, n) AS ${ROTATE}`,
  `CREATE OR REPLACE MACRO dunesql_keccak_round(a, rc) AS ${ROUND}`,
  `CREATE OR REPLACE MACRO dunesql_keccak_f(s) AS list_reduce(
  list_transform(${list(ROUND_CONSTANTS, 'UBIGINT')}, rc -> [rc]),
  (a, e) -> dunesql_keccak_round(a, e[1]), s)`,
  // Padding: 0x01, zeros, 0x80 to a multiple of the 136-byte rate (0x81 when one byte is left).
  `CREATE OR REPLACE MACRO dunesql_keccak_padded(b) AS hex(b) || CASE
  WHEN 136 - mod(octet_length(b), 136) = 1 THEN '81'
  ELSE '01' || repeat('00', 134 - mod(octet_length(b), 136)) || '80' END`,
  `CREATE OR REPLACE MACRO dunesql_keccak_hex(p) AS list_reduce(
  list_transform(range(divide(length(p), 272)), blk -> list_transform(range(17), i -> ${lane('substr(p, blk * 272 + i * 16 + 1, 16)')})),
  (s, blk) -> dunesql_keccak_f(list_transform(range(25), k -> CASE WHEN k < 17 THEN xor(s[k + 1], blk[k + 1]) ELSE s[k + 1] END)),
  list_transform(range(25), z -> CAST(0 AS UBIGINT)))`,
  `CREATE OR REPLACE MACRO dunesql_keccak(b) AS ${varbinaryOnly(
    'keccak',
    ['b'],
    (x) =>
      `list_transform([${x}], msg -> unhex(array_to_string(list_transform(dunesql_keccak_hex(dunesql_keccak_padded(msg))[1:4], v -> regexp_replace(reverse(lpad(to_hex(v), 16, '0')), '(.)(.)', '\\2\\1', 'g')), '')))[1]`,
  )}`,
];

export const KECCAK_FUNCTIONS: DuneFunction[] = [
  macro(
    'keccak',
    'keccak(x varbinary) → varbinary',
    "The 32-byte Keccak-256 hash of x, as Ethereum computes it: keccak(to_utf8('Transfer(address,address,uint256)')) is the Transfer event’s topic0. A few milliseconds per value (DuckDB has no Keccak; this one is SQL).",
  ),
];
