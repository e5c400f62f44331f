/**
 * JSON as the service writes result rows, read without losing digits. The service writes 64-bit
 * integers (`bigint`, an unsigned `decimal(20,0)`) and decimals as JSON numbers with every digit,
 * as the hosted service does for `bigint`; `JSON.parse` turns each number into a double, which
 * rounds integers past 2^53 (9223372036854775807 → 9223372036854775808) and decimals of more than
 * 15 significant digits. 128-bit and wider integers already arrive as strings of digits.
 *
 * `parseJsonExact` keeps such a number as the string of its digits, the form the service uses for
 * wider integers, so the app shows, copies and filters by the value that was written. A number a
 * double holds stays a number: every DOUBLE and REAL (DuckDB writes them in the shortest form that
 * reads back to the same double), and integers and decimals within a double's precision. Node 21+
 * and current browsers could do the same with a `JSON.parse` reviver reading `context.source`; this
 * works on Node 20 and every browser the app supports, and costs one scan of the text only when it
 * holds a run of 16 digits.
 */

/** Text that may hold a number a double cannot: 16 or more digits (and at most one point) in a row. */
const MAYBE_WIDE = /[\d.]{16}/;

/** A JSON number, as the grammar has it (no leading zeros, no "+"). */
const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;
const INTEGER = /^-?\d+$/;
const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/;

/** A decimal number's value as `digits e exponent` without redundant zeros: equal keys, equal values. */
function decimalKey(text: string): string | null {
  const m = DECIMAL.exec(text);
  if (!m) return null;
  const fraction = m[3] ?? '';
  const digits = (m[2]! + fraction).replace(/^0+/, '');
  const significant = digits.replace(/0+$/, '');
  if (!significant) return '0';
  const exponent = Number(m[4] ?? 0) - fraction.length + (digits.length - significant.length);
  return `${m[1]}${significant}e${exponent}`;
}

/**
 * True when the JSON number `text` reads as a double without losing its value: an integer within
 * ±(2^53 − 1), or a number whose double prints as the same decimal value (every double written in
 * its shortest form does; `12345678901234567890.5` and `0.10000000000000000001` do not).
 */
export function fitsDouble(text: string): boolean {
  if (text.length < 16 && !/[eE]/.test(text)) return true; // 15 digits or fewer always fit
  const n = Number(text);
  if (INTEGER.test(text)) return Number.isSafeInteger(n);
  return Number.isFinite(n) && decimalKey(text) === decimalKey(String(n));
}

/** Where the JSON string that opens at `start` ends (the index past its closing quote). */
function endOfString(text: string, start: number): number {
  let i = start + 1;
  for (;;) {
    const quote = text.indexOf('"', i);
    if (quote < 0) return text.length; // not JSON: JSON.parse says so
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === 92 /* \ */) backslashes++;
    if (backslashes % 2 === 0) return quote + 1;
    i = quote + 1;
  }
}

const isNumberChar = (c: number) =>
  (c >= 48 && c <= 57) || c === 46 || c === 45 || c === 43 || c === 101 || c === 69; // 0-9 . - + e E

/**
 * `JSON.parse(text)`, except that a number a double cannot hold (see `fitsDouble`) becomes the
 * string of its digits as written. Throws as `JSON.parse` does on text that is not JSON.
 */
export function parseJsonExact<T = unknown>(text: string): T {
  if (!MAYBE_WIDE.test(text)) return JSON.parse(text) as T;
  // One pass: strings are skipped whole (digits in them are never touched); numbers are read.
  const pieces: string[] = [];
  let copied = 0;
  for (let i = 0; i < text.length;) {
    const c = text.charCodeAt(i);
    if (c === 34 /* " */) i = endOfString(text, i);
    else if (c === 45 || (c >= 48 && c <= 57)) {
      let end = i + 1;
      while (end < text.length && isNumberChar(text.charCodeAt(end))) end++;
      // 15 characters or fewer without an exponent always fit: no need to look closer
      if (end - i >= 16 || /[eE]/.test(text.slice(i, end))) {
        const token = text.slice(i, end);
        if (!fitsDouble(token) && JSON_NUMBER.test(token)) {
          pieces.push(text.slice(copied, i), `"${token}"`);
          copied = end;
        }
      }
      i = end;
    } else i++;
  }
  if (copied === 0) return JSON.parse(text) as T;
  pieces.push(text.slice(copied));
  return JSON.parse(pieces.join('')) as T;
}
