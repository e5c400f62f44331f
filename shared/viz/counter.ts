import { formatNumber, toNumber } from './number-format';
import { bool, num, str, type Obj } from './read';

/** What a counter needs from the result: its column (and a target's) at 1-based rows. */
export type CounterSpec = {
  column: string | null;
  row: number;
  targetColumn: string | null;
  targetRow: number;
};

export type Tone = 'positive' | 'negative' | 'neutral';

export type CounterModel = {
  label: string;
  text: string;
  tone: Tone;
  /** The target and the value's change against it, when `targetColName` is set. */
  target: { text: string; delta: string; tone: Tone } | null;
};

const rowOf = (v: unknown) => {
  const n = typeof v === 'string' ? Number(v) : num(v);
  return n !== undefined && Number.isInteger(n) && n >= 1 ? n : 1;
};

/** `counterColName` at `rowNumber` (1-based), `targetColName` at `targetRowNumber` (default: the same row). */
export function readCounterSpec(options: Obj): CounterSpec {
  const row = rowOf(options.rowNumber);
  return {
    column: str(options.counterColName) ?? null,
    row,
    targetColumn: str(options.targetColName) ?? null,
    targetRow: options.targetRowNumber === undefined ? row : rowOf(options.targetRowNumber),
  };
}

/**
 * A counter's display: the value with `stringDecimal` decimals (and thousands separators),
 * `stringPrefix`/`stringSuffix`, or with `numberFormat` when set; colored green when positive
 * (`coloredPositiveValues`) and red when negative (`coloredNegativeValues`). Text values are
 * shown as they are.
 */
export function counterModel(
  options: Obj,
  value: unknown,
  target: unknown = undefined,
  fallbackLabel = '',
): CounterModel {
  const decimals = num(
    typeof options.stringDecimal === 'string'
      ? Number(options.stringDecimal)
      : options.stringDecimal,
  );
  const pattern =
    str(options.numberFormat) ??
    (decimals !== undefined
      ? `0,0${decimals > 0 ? `.${'0'.repeat(Math.min(20, Math.floor(decimals)))}` : ''}`
      : null);
  const prefix = str(options.stringPrefix) ?? '';
  const suffix = str(options.stringSuffix) ?? '';
  const show = (v: unknown) =>
    v === null || v === undefined ? '—' : `${prefix}${formatNumber(v, pattern)}${suffix}`;
  const toneOf = (n: number | null): Tone =>
    n === null
      ? 'neutral'
      : n > 0 && bool(options.coloredPositiveValues, false)
        ? 'positive'
        : n < 0 && bool(options.coloredNegativeValues, false)
          ? 'negative'
          : 'neutral';
  const n = toNumber(value);
  let targetModel: CounterModel['target'] = null;
  if (str(options.targetColName) && target !== undefined) {
    const t = toNumber(target);
    const change = n !== null && t !== null && t !== 0 ? (n - t) / Math.abs(t) : null;
    targetModel = {
      text: show(target),
      delta: change === null ? '' : `${change > 0 ? '+' : ''}${formatNumber(change, '0.[0]%')}`,
      tone:
        change === null ? 'neutral' : change > 0 ? 'positive' : change < 0 ? 'negative' : 'neutral',
    };
  }
  return {
    label: str(options.counterLabel) ?? fallbackLabel,
    text: show(value),
    tone: toneOf(n),
    target: targetModel,
  };
}
