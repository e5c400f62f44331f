import type { AlertOperator } from '../../contract/rules/enums.js';
import { ALERT_LIMITS } from '../../contract/rules/limits.js';

/**
 * An alert's condition and how a result meets it (docs/alerts.md). A comparison looks at one
 * column of the first row (as Redash does): a number compares numerically, text as text (by
 * code points, so ISO dates order as time). `any_rows` / `no_rows` look at the row count.
 */

export type Condition = { op: AlertOperator; column?: string; value?: number | string };

/**
 * What the condition found: the state, the value it looked at (as keptValue keeps it), and why
 * it could not decide.
 */
export type Outcome = {
  state: 'ok' | 'triggered' | 'failed';
  value: unknown;
  /** `value` is the cut of a longer one (keptValue). */
  valueTruncated: boolean;
  error: string | null;
};

/** What a finished run gives the condition: its columns, its row count and its first row. */
export type ResultHead = {
  columns: string[];
  rowCount: number;
  firstRow: Record<string, unknown> | undefined;
};

type Kept = Pick<Outcome, 'value' | 'valueTruncated'>;

/** An evaluation that could not decide, and why. */
export const failedOutcome = (
  error: string,
  kept: Kept = { value: null, valueTruncated: false },
): Outcome => ({ state: 'failed', ...kept, error });

/**
 * `text` cut to its first `max` characters followed by "…", and whether it was cut. Characters
 * are code points (as SQL's length() counts them), so no character is split in two.
 */
export function clipText(text: string, max: number): { text: string; cut: boolean } {
  if (text.length <= max) return { text, cut: false };
  let end = 0;
  for (let n = 0; n < max && end < text.length; n++) end += text.codePointAt(end)! > 0xffff ? 2 : 1;
  return end >= text.length ? { text, cut: false } : { text: `${text.slice(0, end)}…`, cut: true };
}

/**
 * What an evaluation keeps of the cell it looked at: what its history stores, the alert lists as
 * its last value and its destinations are sent. A number, a boolean, text of at most
 * ALERT_LIMITS.keptValue characters and a list/object whose JSON text fits as many are kept as
 * they are; a longer text is cut to its first ALERT_LIMITS.keptValue characters and "…", a longer
 * list/object to as much of its JSON text (a string then), and marked valueTruncated. The
 * condition reads the cell whole.
 */
export function keptValue(cell: unknown): Kept {
  if (typeof cell !== 'string' && (typeof cell !== 'object' || cell === null))
    return { value: cell, valueTruncated: false };
  const text = typeof cell === 'string' ? cell : JSON.stringify(cell);
  const clipped = clipText(text, ALERT_LIMITS.keptValue);
  return clipped.cut
    ? { value: clipped.text, valueTruncated: true }
    : { value: cell, valueTruncated: false };
}

/** Why `columns` cannot meet the condition (a column it lacks), or undefined. */
export function missingColumn(c: Condition, columns: readonly string[]): string | undefined {
  if (c.column === undefined || columns.includes(c.column)) return undefined;
  const shown = columns.length ? columns.map((n) => `"${n}"`).join(', ') : 'none';
  return `the result has no column "${c.column}" (its columns: ${shown})`;
}

/** "volume > 1000", "any rows". */
export function describeCondition(c: Condition): string {
  if (c.op === 'any_rows') return 'any rows';
  if (c.op === 'no_rows') return 'no rows';
  return `${c.column} ${c.op} ${typeof c.value === 'string' ? JSON.stringify(c.value) : c.value}`;
}

/**
 * The text of a decimal number. Each part has one way to match (the digits after the point only
 * follow a point), so text that is not one is refused in linear time: `\d+\.?\d*` could split a
 * run of digits in quadratically many ways, hours for a few MB of digits.
 */
const NUMBER_TEXT = /^\s*[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?\s*$/;

/** A cell as a number: JSON numbers, and text of one (HUGEINT comes as digits). */
function numeric(v: unknown): number | undefined {
  if (typeof v === 'number') return v;
  if (typeof v === 'string' && NUMBER_TEXT.test(v)) {
    const n = Number(v);
    return Number.isFinite(n) ? n : undefined;
  }
  if (typeof v === 'boolean') return v ? 1 : 0;
  return undefined;
}

function compare(op: AlertOperator, a: number | string, b: number | string): boolean {
  switch (op) {
    case '>':
      return a > b;
    case '>=':
      return a >= b;
    case '<':
      return a < b;
    case '<=':
      return a <= b;
    case '=':
      return a === b;
    default:
      return a !== b;
  }
}

/** Evaluates the condition on a finished run's result. */
export function evaluate(c: Condition, r: ResultHead): Outcome {
  if (c.op === 'any_rows' || c.op === 'no_rows') {
    const triggered = c.op === 'any_rows' ? r.rowCount > 0 : r.rowCount === 0;
    return {
      state: triggered ? 'triggered' : 'ok',
      value: r.rowCount,
      valueTruncated: false,
      error: null,
    };
  }
  const missing = missingColumn(c, r.columns);
  if (missing) return failedOutcome(`cannot evaluate ${describeCondition(c)}: ${missing}`);
  if (!r.firstRow)
    return failedOutcome(`cannot evaluate ${describeCondition(c)}: the result has no rows`);
  const cell = r.firstRow[c.column!];
  if (cell === null || cell === undefined)
    return failedOutcome(
      `cannot evaluate ${describeCondition(c)}: "${c.column}" is null in the first row`,
    );
  // The condition reads the whole cell (a Redash user compares the value, not a preview of it);
  // only what is kept of it is cut.
  const kept = keptValue(cell);
  let triggered: boolean;
  if (typeof c.value === 'number') {
    const n = numeric(cell);
    if (n === undefined)
      return failedOutcome(
        `cannot evaluate ${describeCondition(c)}: "${c.column}" is ${clipText(JSON.stringify(cell), 100).text}, not a number`,
        kept,
      );
    triggered = compare(c.op, n, c.value);
  } else {
    const text = typeof cell === 'string' ? cell : JSON.stringify(cell);
    triggered = compare(c.op, text, c.value!);
  }
  return { state: triggered ? 'triggered' : 'ok', ...kept, error: null };
}
