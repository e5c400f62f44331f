import { quoteLiteral as lit } from '../engine/duck.js';
import { DEMO_END } from './demo-data-ref.js';

/**
 * The SQL (DuckDB) building blocks every demo table's generator uses: deterministic draws from
 * hash() of row keys (never random() or the clock, so a given scale always yields the same data),
 * and the hosted service's binary values: addresses, hashes and ABI-encoded words as BLOB
 * (varbinary), which results show as lowercase 0x… hex.
 */

const P = 1_000_000_007;
/** Uniform in [0, 1) from a hash of SQL expressions (types matter: keep them stable). */
export const u = (...parts: string[]) => `((hash(${parts.join(', ')}) % ${P}) / ${P}.0)`;
/** Uniform in (0, 1]. */
const up = (...parts: string[]) => `((hash(${parts.join(', ')}) % ${P} + 1) / ${P + 1}.0)`;
/** Standard normal (Box-Muller). */
export const z = (...parts: string[]) =>
  `(sqrt(-2 * ln(${up(...parts, "'z1'")})) * cos(2 * pi() * ${u(...parts, "'z2'")}))`;
export const END = `TIMESTAMP '${DEMO_END}'`;
export const YEAR_S = 365 * 86400;

/** Rank in [1, n] with density ~ r^-s: a few addresses are very active, most are rare. */
export function zipf(uniform: string, n: number, s: number): string {
  const a = Math.pow(n, 1 - s) - 1;
  return `CAST(floor(pow(1 + ${uniform} * ${a}, ${1 / (1 - s)})) AS BIGINT)`;
}

/** A constant list indexed by a uniform draw (1-based). */
export const pick = (items: string[], uniform: string) =>
  `[${items.join(', ')}][1 + CAST(floor(${uniform} * ${items.length}) AS BIGINT)]`;

/** Activity by hour of day (peak 15:00 UTC) and day of week (quieter weekends); mean ~1. */
export const intensity = (t: string) =>
  `((1 + 0.3 * cos(2 * pi() * ((epoch(${t}) % 86400) / 3600.0 - 15) / 24)) * CASE WHEN isodow(${t}) >= 6 THEN 0.8 ELSE 1.08 END)`;
export const MAX_INTENSITY = 1.3 * 1.08;

/**
 * A 20-byte address (BLOB) from a kind and an SQL rank: the first 20 bytes of a sha256, as
 * derivedAddress does for the named ones.
 */
export const addr = (rank: string, kind: string) =>
  `unhex(substr(sha256(${lit(kind + ':')} || ${rank}), 1, 40))`;

/** A 32-byte hash (BLOB) of SQL expressions. */
export const hash32 = (...parts: string[]) => `unhex(sha256(${parts.join(" || ':' || ")}))`;

/** A constant `0x…` address, hash or byte string as a BLOB. */
export const bin = (hex: string) => `unhex(${lit(hex.replace(/^0x/, ''))})`;

/**
 * ABI words (64 hex digits each, as text) of SQL values: concatenate them after a selector or
 * topic and unhex once (`abi`). Integers are two's complement in 256 bits; values here fit
 * 128 bits, so they go through (U)HUGEINT.
 */
export const word = {
  address: (blob: string) => `lpad(hex(${blob}), 64, '0')`,
  uint: (x: string) => `lpad(hex(CAST(${x} AS UHUGEINT)), 64, '0')`,
  int: (x: string) =>
    `lpad(hex(CAST(${x} AS HUGEINT)), 64, CASE WHEN ${x} < 0 THEN 'F' ELSE '0' END)`,
  bool: (b: string) => `lpad(CASE WHEN ${b} THEN '1' ELSE '0' END, 64, '0')`,
  /** A constant word from hex digits (right-aligned). */
  hex: (digits: string) => lit(digits.replace(/^0x/, '').padStart(64, '0')),
};

/** Bytes (BLOB) of a 4-byte selector (hex, or none) followed by words. */
export const abi = (selector: string | null, ...words: string[]) =>
  `unhex(${[...(selector ? [lit(selector)] : []), ...words].join(' || ') || "''"})`;
