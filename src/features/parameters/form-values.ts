import type { Parameter } from '../../../contract/parameters';

/** A parameter's value in the form and the URL: one string, or a list for multiselect. */
export type FormValue = string | string[];
export type FormValues = Record<string, FormValue>;

/** The parameter's default as the service applies it when a run does not give a value. */
export function defaultValue(param: Parameter): FormValue {
  if (param.isMultiselect) {
    if (param.values?.length) return [...param.values];
    return param.value ? [param.value] : [];
  }
  return param.value ?? '';
}

/** The value the form shows and a run sends: the one chosen, else the default. */
export function effectiveValue(param: Parameter, values: Readonly<FormValues>): FormValue {
  const v = Object.hasOwn(values, param.key) ? values[param.key] : undefined;
  if (v === undefined) return defaultValue(param);
  if (param.isMultiselect && !Array.isArray(v)) return v === '' ? [] : [v];
  return v;
}

/**
 * `query_parameters` of an execution: every defined parameter with its effective value, so the
 * run is exactly what the form shows. Values of names that are not parameters are dropped (the
 * service would refuse them).
 */
export function toQueryParameters(
  parameters: readonly Parameter[],
  values: Readonly<FormValues>,
): Record<string, FormValue> {
  const out: Record<string, FormValue> = {};
  for (const p of parameters) out[p.key] = effectiveValue(p, values);
  return out;
}

const DATETIME_PARTS =
  /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2})(?::(\d{2}))?(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2}| UTC)?$/;

/**
 * A date-time value as the picker takes it (`YYYY-MM-DD HH:mm:ss`, UTC like the service reads
 * it), or null when it is not one. Fractions of a second are dropped; offsets are applied.
 */
export function pickerDatetime(raw: string): string | null {
  const m = DATETIME_PARTS.exec(raw.trim());
  if (!m) return null;
  const [, date, hm = '00:00', sec = '00', zone] = m;
  if (!zone || zone === 'Z' || zone === ' UTC') {
    const out = `${date} ${hm}:${sec}`;
    return Number.isNaN(Date.parse(`${date}T${hm}:${sec}Z`)) ? null : out;
  }
  const offset = zone.includes(':') ? zone : `${zone.slice(0, 3)}:${zone.slice(3)}`;
  const t = Date.parse(`${date}T${hm}:${sec}${offset}`);
  if (Number.isNaN(t)) return null;
  const iso = new Date(t).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
}
