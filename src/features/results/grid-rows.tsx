import type { VirtualItem } from '@tanstack/react-virtual';
import type { ResultRow } from '../../lib/resources/results';
import { formatValue } from './format-value';
import { ROW_HEIGHT } from './page-math';
import styles from './results-grid.module.css';

export type GridColumn = { name: string; type: string };

/** What every row shares: the columns, the visible slice of them and the row's full width. */
export type RowLayout = {
  columns: GridColumn[];
  virtualColumns: VirtualItem[];
  /** Width of the row-number gutter. */
  gutter: number;
  /** Width of the columns scrolled off to the left (after the gutter). */
  leftPad: number;
  width: number;
};

const cx = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

export function GridRow({
  index,
  top,
  row,
  layout,
  selectedCol,
}: {
  index: number;
  top: number;
  /** Undefined while the row's page is loading. */
  row: ResultRow | undefined;
  layout: RowLayout;
  /** Index of the selected column in this row, or -1. */
  selectedCol: number;
}) {
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      aria-busy={row ? undefined : true}
      className={styles.row}
      style={{ top, height: ROW_HEIGHT, width: layout.width }}
    >
      <div role="rowheader" className={styles.gutter} style={{ width: layout.gutter }}>
        {index + 1}
      </div>
      <div className={styles.pad} style={{ width: layout.leftPad }} />
      {layout.virtualColumns.map((vc) => {
        const col = layout.columns[vc.index]!;
        const selected = selectedCol === vc.index;
        if (!row) {
          return (
            <div
              key={vc.key}
              role="gridcell"
              aria-colindex={vc.index + 2}
              className={cx(styles.cell, styles.pending)}
              style={{ width: vc.size }}
            />
          );
        }
        const f = formatValue(row[col.name], col.type);
        const title =
          f.kind === 'null'
            ? 'NULL'
            : f.kind === 'empty'
              ? '(empty string)'
              : f.text.length * 7 > vc.size - 16
                ? f.text
                : undefined;
        return (
          <div
            key={vc.key}
            role="gridcell"
            aria-colindex={vc.index + 2}
            aria-selected={selected}
            data-row={index}
            data-col={vc.index}
            data-kind={f.kind}
            className={cx(styles.cell, styles[f.kind])}
            style={{ width: vc.size, textAlign: f.align }}
            title={title}
          >
            {f.text}
          </div>
        );
      })}
    </div>
  );
}
