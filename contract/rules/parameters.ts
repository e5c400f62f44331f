/**
 * How parameter values are read, defined once for the service (which checks every value of an
 * execution) and the app (which says so beside the field before running).
 */
import { HEX_BYTES } from './hex-bytes.js';

/** A number parameter's value: decimal, optional sign, fraction and exponent. */
export const PARAMETER_NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/**
 * Whether a definition may store an empty default: text (the empty string is a value) and
 * varbinary (no address fits every query: a run without a value is refused, not the saving).
 */
export const allowsEmptyDefault = (type: string) => type === 'text' || type === 'varbinary';

/** A varbinary parameter's value: `0x` and hex digits of even length, as uploads read bytes. */
const VARBINARY = new RegExp(`^(?:${HEX_BYTES})$`);

/**
 * A varbinary value (an address, a hash) normalized to lowercase `0x…` without surrounding
 * blanks; undefined when it is not `0x` followed by an even number of hex digits.
 */
export function normalizeVarbinary(raw: string): string | undefined {
  const v = raw.trim();
  return VARBINARY.test(v) ? v.toLowerCase() : undefined;
}

const DATETIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?(Z|[+-]\d{2}:?\d{2}| UTC)?$/;

/**
 * A date-time value in one of the accepted forms (`YYYY-MM-DD[ hh:mm[:ss[.fff]]]`, or ISO with
 * `T` and an optional zone) normalized to `YYYY-MM-DD hh:mm:ss[.fff]` in UTC; undefined when it
 * is not one, or not a real calendar date and time.
 */
export function normalizeDatetime(raw: string): string | undefined {
  const m = DATETIME.exec(raw.trim());
  if (!m) return undefined;
  const [, y, mo, d, h = '00', mi = '00', sec = '00', frac, zone] = m;
  const ms = frac ? Number(frac.padEnd(3, '0').slice(0, 3)) : 0;
  let t = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(sec), ms);
  const check = new Date(t);
  if (
    check.getUTCFullYear() !== Number(y) ||
    check.getUTCMonth() !== Number(mo) - 1 ||
    check.getUTCDate() !== Number(d) ||
    check.getUTCHours() !== Number(h) ||
    check.getUTCMinutes() !== Number(mi) ||
    check.getUTCSeconds() !== Number(sec)
  ) {
    return undefined;
  }
  if (zone && zone !== 'Z' && zone !== ' UTC') {
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    t -= sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2))) * 60_000;
  }
  const iso = new Date(t).toISOString(); // 2024-01-02T03:04:05.678Z
  const base = `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
  return iso.slice(20, 23) === '000' ? base : `${base}.${iso.slice(20, 23)}`;
}

/** Whether `raw` is a date-time value the service accepts. */
export const isDatetimeValue = (raw: string) => normalizeDatetime(raw) !== undefined;

/**
 * What a run takes for a parameter it is given no value for: a multiselect's default list (when
 * it has one), else the default value ('' when none). The service fills a run's values with it,
 * and the app says which values a result is for with it.
 */
export function defaultValues(def: {
  value?: string;
  values?: readonly string[];
  isMultiselect?: boolean;
}): string[] {
  return def.isMultiselect && def.values?.length ? [...def.values] : [def.value ?? ''];
}
