import numeral from 'numeral';
import { fitsDouble } from '../exact-json';

/**
 * Numeral's English locale with upper-case abbreviations (`$300.0M`, `1.2K`, `4B`, `2T`): the
 * `a` of a pattern reads as the usual financial shorthand rather than lower-case `m` (metres?).
 */
const LOCALE = 'en-upper';
if (!numeral.locales[LOCALE]) {
  const en = numeral.localeData('en');
  numeral.register('locale', LOCALE, {
    ...en,
    abbreviations: { thousand: 'K', million: 'M', billion: 'B', trillion: 'T' },
  });
}
numeral.locale(LOCALE);

const NUMERIC_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/**
 * A result value as a number (a double: what charts plot): JSON numbers, and the numeric strings
 * of 128/256-bit integers and of the bigints and decimals a double cannot hold exactly; null for
 * anything else (text, null, NaN, dates).
 */
export function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'string' && NUMERIC_TEXT.test(value.trim())) return Number(value);
  return null;
}

/** A pattern of plain digits: `0`, `0,0`, `0.00`, `$0,0.00`, `0,0.[00]` (no `a`, `%`, exponent). */
const PLAIN_PATTERN = /^(\$?)0(,0)?(?:\.(0*)(?:\[(0+)\])?)?$/;
const DIGITS_TEXT = /^-?\d+(?:\.\d+)?$/;
const exactFormats = new Map<string, Intl.NumberFormat>();

/**
 * The digits of a number a double cannot hold (a bigint past 2^53, a wide decimal, a 128/256-bit
 * integer: the service and the page parser keep them as text) in a plain pattern, or without one
 * (up to 10 decimals), formatted from the digits themselves; null when the value or pattern is
 * not such. Abbreviations, percentages and exponents round anyway and go through Numeral.
 */
function formatExactDigits(value: unknown, pattern?: string | null): string | null {
  if (typeof value !== 'string') return null;
  const digits = value.trim();
  if (!DIGITS_TEXT.test(digits) || fitsDouble(digits)) return null;
  const plain = pattern ? PLAIN_PATTERN.exec(pattern) : null;
  if (pattern && !plain) return null;
  // currency sign, thousands separators, fixed and optional decimals (none: 0 to 10 decimals)
  const [currency, grouping, fixed, optional] = plain
    ? [plain[1] ?? '', !!plain[2], plain[3]?.length ?? 0, plain[4]?.length ?? 0]
    : ['', true, 0, 10];
  const key = `${grouping}:${fixed}:${optional}`;
  let f = exactFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat('en-US', {
      useGrouping: grouping,
      minimumFractionDigits: fixed,
      maximumFractionDigits: fixed + optional,
    });
    exactFormats.set(key, f);
  }
  // A BigInt, or a decimal's string of digits, is formatted exactly (Intl rounds it as a decimal).
  const text = f.format(
    digits.includes('.') ? (digits as Intl.StringNumericLiteral) : BigInt(digits),
  );
  return text.startsWith('-') ? `-${currency}${text.slice(1)}` : `${currency}${text}`;
}

/**
 * A value in a Numeral.js pattern (`0,0`, `0,0.00`, `$0.0a`, `0.00%`, ...), as the hosted
 * service's `numberFormat` options are written. Without a pattern numbers keep their digits (with
 * thousands separators); values that are not numbers pass through as text (null as ''). Digits a
 * double cannot hold stay exact without a pattern and in plain patterns (`0,0`, `$0,0.00`).
 */
export function formatNumber(value: unknown, pattern?: string | null): string {
  if (value === null || value === undefined) return '';
  const exact = formatExactDigits(value, pattern);
  if (exact !== null) return exact;
  const n = toNumber(value);
  if (n === null) return typeof value === 'string' ? value : JSON.stringify(value);
  if (!pattern) return n.toLocaleString('en-US', { maximumFractionDigits: 10 });
  // numeral prints NaN for numbers below 1e-6 written in exponent form; round those to 0.
  const safe = Math.abs(n) < 1e-6 ? 0 : n;
  const out = numeral(safe).format(pattern);
  return out === 'NaN' ? String(n) : out;
}
