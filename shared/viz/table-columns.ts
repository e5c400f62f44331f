import type { Tone } from './counter';
import { formatNumber, toNumber } from './number-format';
import { bool, num, obj, str } from './read';
import { valueKind } from './column-kind';

export type TableColumn = {
  name: string;
  title: string;
  align: 'left' | 'right' | 'center';
  /** The cell's text (Numeral `numberFormat` for numbers; NULL shown as `null`). */
  format: (value: unknown) => string;
  /** Green/red for positive/negative values when the column asks for it. */
  tone: (value: unknown) => Tone;
  /** A progress bar column: the bar's full length (null: the column's largest value). */
  progress: { max: number | null } | null;
};

type ColumnOptions = ReturnType<typeof readColumn>;

function readColumn(raw: unknown) {
  const o = obj(raw);
  const align = o.alignContent;
  return {
    name: str(o.name) ?? '',
    title: str(o.title),
    type: o.type === 'progressbar' ? ('progressbar' as const) : ('normal' as const),
    align:
      align === 'left' || align === 'right' || align === 'center'
        ? (align as TableColumn['align'])
        : undefined,
    hidden: bool(o.isHidden, false),
    numberFormat: str(o.numberFormat),
    positive: bool(o.coloredPositiveValues, false),
    negative: bool(o.coloredNegativeValues, false),
    progressMax: num(o.progressBarMax),
  };
}

/** `options.columns` as stored, keyed by column name (entries without a name are ignored). */
export function readTableColumns(options: Record<string, unknown>): ColumnOptions[] {
  const list = Array.isArray(options.columns) ? options.columns : [];
  return list.map(readColumn).filter((c) => c.name !== '');
}

/**
 * The table's visible columns, in `options.columns` order and then the result's other columns:
 * `title`, `alignContent` (numbers right by default), `isHidden`, `numberFormat`,
 * `coloredPositiveValues`/`coloredNegativeValues`, `type: 'progressbar'` (`progressBarMax`).
 * Options naming a column the result does not have are skipped.
 */
export function tableColumns(
  options: Record<string, unknown>,
  columns: readonly string[],
  types: readonly string[],
): TableColumn[] {
  const byName = new Map(readTableColumns(options).map((c) => [c.name, c]));
  const order = [
    ...[...byName.keys()].filter((n) => columns.includes(n)),
    ...columns.filter((n) => !byName.has(n)),
  ];
  return order.flatMap((name): TableColumn[] => {
    const o = byName.get(name);
    if (o?.hidden) return [];
    const numeric = valueKind(types[columns.indexOf(name)]) === 'number';
    return [
      {
        name,
        title: o?.title ?? name,
        align: o?.align ?? (numeric ? 'right' : 'left'),
        format: (v) =>
          v === null || v === undefined
            ? 'null'
            : numeric || o?.numberFormat
              ? formatNumber(v, o?.numberFormat)
              : typeof v === 'object'
                ? JSON.stringify(v)
                : String(v),
        tone: (v) => {
          const n = toNumber(v);
          if (n === null) return 'neutral';
          if (n > 0 && o?.positive) return 'positive';
          if (n < 0 && o?.negative) return 'negative';
          return 'neutral';
        },
        progress: o?.type === 'progressbar' ? { max: o.progressMax ?? null } : null,
      },
    ];
  });
}

/** A progress bar's filled share (0..1) for a value against the column's maximum. */
export function progressShare(value: unknown, max: number | null): number {
  const n = toNumber(value);
  if (n === null || max === null || max <= 0) return 0;
  return Math.min(1, Math.max(0, n / max));
}
