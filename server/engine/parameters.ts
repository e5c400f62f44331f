import type { Parameter, ParameterValue } from '../../contract/parameters.js';
import { PARAMETER_LIMITS } from '../../contract/rules/limits.js';
import {
  allowsEmptyDefault,
  defaultValues,
  normalizeDatetime,
  normalizeVarbinary,
  PARAMETER_NUMBER,
} from '../../contract/rules/parameters.js';
import {
  contextOf,
  placeholderNames,
  placeholders,
  type PlaceContext,
} from '../../shared/sql/placeholders.js';
import { type SqlMark, toOriginalOffset } from '../../shared/sql/offsets.js';
import { ParameterError } from '../errors.js';
import { checkPlaced } from './rendered-check.js';

const parameterError = (message: string) => new ParameterError(message);

export { placeholderNames };

/**
 * Checks a query's parameter definitions against its SQL and fills in the ones the SQL uses but
 * does not define (as text parameters with an empty default, as the hosted editor does).
 * Throws 400 for a duplicate key, an enum without options, or a default that does not fit its
 * type. A definition the SQL does not use is kept, as the hosted service keeps it.
 */
export function normalizeParameterDefs(sql: string, defs: Parameter[]): Parameter[] {
  const used = placeholderNames(sql);
  const seen = new Set<string>();
  for (const def of defs) {
    if (seen.has(def.key)) throw parameterError(`duplicate parameter "${def.key}"`);
    seen.add(def.key);
    if (
      def.type === 'enum' &&
      !def.enumFromResults &&
      !(def.enumOptions && def.enumOptions.length > 0)
    ) {
      throw parameterError(`enum parameter "${def.key}" needs enumOptions or enumFromResults`);
    }
    const defaults =
      def.isMultiselect && def.values?.length
        ? def.values
        : def.value !== undefined
          ? [def.value]
          : [];
    for (const v of defaults) {
      if (v === '' && allowsEmptyDefault(def.type)) continue;
      const problem = valueProblem(def, v);
      if (problem) throw parameterError(`default of parameter "${def.key}": ${problem}`);
    }
  }
  const missing = used
    .filter((name) => !seen.has(name))
    .map((key): Parameter => ({ key, type: 'text', value: '' }));
  return [...defs, ...missing];
}

/** A value checked and normalized for its parameter: the text to place in the SQL. */
export type ResolvedValue = { def: Parameter; values: string[] };

/** Why `raw` does not fit `def`, or undefined if it does. */
export function valueProblem(def: Parameter, raw: string): string | undefined {
  if (raw.includes('\u0000')) return 'contains a NUL character';
  if (raw.length > PARAMETER_LIMITS.value)
    return `is longer than ${PARAMETER_LIMITS.value} characters`;
  switch (def.type) {
    case 'number':
      return PARAMETER_NUMBER.test(raw.trim()) ? undefined : `"${clip(raw)}" is not a number`;
    case 'datetime':
      return normalizeDatetime(raw)
        ? undefined
        : `"${clip(raw)}" is not a date-time (use YYYY-MM-DD hh:mm:ss)`;
    case 'varbinary':
      return normalizeVarbinary(raw)
        ? undefined
        : `"${clip(raw)}" is not 0x-prefixed hex of even length`;
    case 'enum':
      if (def.isFreeformAllowed || def.enumFromResults) return undefined;
      return def.enumOptions?.includes(raw)
        ? undefined
        : `"${clip(raw)}" is not one of the options`;
    default:
      return undefined;
  }
}

const clip = (s: string) => (s.length > 60 ? `${s.slice(0, 57)}...` : s);

/**
 * Merges the values given for an execution with the defaults, and checks every one.
 * Unknown names → 400 `unknown parameters (a, b)`; a value that does not fit → 400.
 */
export function resolveParameterValues(
  defs: Parameter[],
  given: Record<string, ParameterValue | null | undefined>,
): Record<string, ResolvedValue> {
  const unknown = Object.keys(given).filter((k) => !defs.some((d) => d.key === k));
  if (unknown.length) throw parameterError(`unknown parameters (${unknown.join(', ')})`);
  const out: Record<string, ResolvedValue> = {};
  for (const def of defs) {
    const v = given[def.key];
    let raw: string[];
    if (v === undefined || v === null) {
      raw = defaultValues(def);
    } else if (Array.isArray(v)) {
      if (!def.isMultiselect && v.length !== 1) {
        throw parameterError(`parameter "${def.key}" takes one value, not a list`);
      }
      raw = v.map(String);
    } else raw = [String(v)];
    if (raw.length > 1000) throw parameterError(`parameter "${def.key}": at most 1000 values`);
    const values = raw.map((r) => {
      const problem = valueProblem(def, r);
      if (problem) throw parameterError(`parameter "${def.key}": ${problem}`);
      if (def.type === 'number') return r.trim();
      if (def.type === 'datetime') return normalizeDatetime(r)!;
      if (def.type === 'varbinary') return normalizeVarbinary(r)!;
      return r;
    });
    out[def.key] = { def, values };
  }
  return out;
}

/** Canonical text of a parameter set, to find the latest execution with the same values. */
export function parameterKey(values: Record<string, ResolvedValue>): string {
  const entries = Object.keys(values)
    .sort()
    .map((k) => [k, values[k]!.values]);
  return JSON.stringify(entries);
}

export type Rendered = {
  sql: string;
  /** Maps an offset in the rendered SQL back to the offset in the SQL as written. */
  toOriginal: (offset: number) => number;
  /** The placeholders substituted, in order (what `toOriginal` is built from). */
  marks: SqlMark[];
};

const sqlString = (v: string) => `'${v.replaceAll("'", "''")}'`;

/** The text a value takes in each lexical context; a value can never leave its literal. */
function substitute(r: ResolvedValue, context: PlaceContext): string {
  const { def, values } = r;
  switch (context.kind) {
    case 'string': {
      const joined = values.join(',');
      return context.escapes
        ? joined.replaceAll('\\', '\\\\').replaceAll("'", "\\'")
        : joined.replaceAll("'", "''");
    }
    case 'ident':
      return values.join(',').replaceAll('"', '""');
    case 'dollar': {
      const joined = values.join(',');
      if (joined.includes(context.tag) || joined.includes('$')) {
        throw parameterError(
          `parameter "${def.key}": a value inside a $-quoted string cannot contain "$"`,
        );
      }
      return joined;
    }
    case 'line-comment':
      return values.join(',').replace(/[\r\n]/g, ' ');
    case 'block-comment':
      return values.join(',').replace(/\/\*|\*\//g, '  ');
    case 'code':
      if (values.length === 0) return 'NULL';
      return values
        .map((v) => {
          if (def.type === 'number') return v;
          if (def.type === 'datetime') return `TIMESTAMP ${sqlString(v)}`;
          // A varbinary constant both dialects read (the DuneSQL rewrite writes `0x…` so too).
          if (def.type === 'varbinary') return `unhex(${sqlString(v.slice(2))})`;
          return sqlString(v);
        })
        .join(', ');
  }
}

/**
 * Substitutes `{{name}}` with typed, escaped values; an undefined name → 400. The placeholders
 * and their contexts are the shared lexer's (the editor's too); the rendered SQL is lexed again
 * to check that every value stayed where it was put (checkPlaced), else 400.
 */
export function renderSql(sql: string, values: Record<string, ResolvedValue>): Rendered {
  const pieces: string[] = [];
  const marks: SqlMark[] = [];
  const contexts: PlaceContext[] = [];
  let last = 0;
  let outLen = 0;
  const found = placeholders(sql);
  for (const p of found) {
    const value = values[p.name];
    if (!value)
      throw parameterError(`the SQL uses {{${p.name}}}, which is not a parameter of the query`);
    const context = contextOf(p.in);
    let text = substitute(value, context);
    // `-{{n}}` with n = -1 would write `--1`, a comment: a blank keeps them apart.
    if (
      context.kind === 'code' &&
      text.startsWith('-') &&
      p.start > last &&
      sql[p.start - 1] === '-'
    )
      text = ` ${text}`;
    pieces.push(sql.slice(last, p.start), text);
    outLen += p.start - last;
    marks.push({
      origStart: p.start,
      origEnd: p.end,
      outStart: outLen,
      outEnd: outLen + text.length,
    });
    contexts.push(context);
    outLen += text.length;
    last = p.end;
  }
  pieces.push(sql.slice(last));
  const out = pieces.join('');
  const misplaced = checkPlaced(out, marks, contexts);
  if (misplaced !== null) {
    const key = values[found[misplaced]!.name]!.def.key;
    throw parameterError(`parameter "${key}": its value would run into the SQL around it`);
  }
  return { sql: out, toOriginal: toOriginalOffset(marks), marks };
}
