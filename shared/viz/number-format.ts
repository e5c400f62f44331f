import numeral from 'numeral';

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
 * A result value as a number: JSON numbers, and the numeric strings the service sends for
 * 128/256-bit integers and decimals; null for anything else (text, null, NaN, dates).
 */
export function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'string' && NUMERIC_TEXT.test(value.trim())) return Number(value);
  return null;
}

/**
 * A value in a Numeral.js pattern (`0,0`, `0,0.00`, `$0.0a`, `0.00%`, ...), as the hosted
 * service's `numberFormat` options are written. Without a pattern numbers keep their digits (with
 * thousands separators); values that are not numbers pass through as text (null as '').
 */
export function formatNumber(value: unknown, pattern?: string | null): string {
  if (value === null || value === undefined) return '';
  const n = toNumber(value);
  if (n === null) return typeof value === 'string' ? value : JSON.stringify(value);
  if (!pattern) return n.toLocaleString('en-US', { maximumFractionDigits: 10 });
  // numeral prints NaN for numbers below 1e-6 written in exponent form; round those to 0.
  const safe = Math.abs(n) < 1e-6 ? 0 : n;
  const out = numeral(safe).format(pattern);
  return out === 'NaN' ? String(n) : out;
}
