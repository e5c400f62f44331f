import { UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import type { VirtualItem } from '@tanstack/react-virtual';
import type { ResultRow } from './api';
import { columnKind, formatValue } from './format-value';
import { HEADER_HEIGHT, ROW_HEIGHT } from './page-math';
import styles from './results-grid.module.css';
import type { SortState } from './sort';

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

export function HeaderRow({
  layout,
  sort,
  onSort,
}: {
  layout: RowLayout;
  sort: SortState;
  onSort: (column: string) => void;
}) {
  return (
    <div
      role="row"
      aria-rowindex={1}
      className={styles.header}
      style={{ height: HEADER_HEIGHT, width: layout.width }}
    >
      <div role="columnheader" className={styles.gutter} style={{ width: layout.gutter }}>
        #
      </div>
      <div className={styles.pad} style={{ width: layout.leftPad }} />
      {layout.virtualColumns.map((vc) => {
        const col = layout.columns[vc.index]!;
        const dir = sort?.column === col.name ? sort.dir : null;
        const Icon = dir === 'asc' ? IconArrowUp : dir === 'desc' ? IconArrowDown : IconArrowsSort;
        const right = columnKind(col.type) === 'number';
        return (
          <div
            key={vc.key}
            role="columnheader"
            aria-colindex={vc.index + 2}
            aria-sort={dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : 'none'}
            className={cx(styles.headerCell, right && styles.right)}
            style={{ width: vc.size }}
          >
            <UnstyledButton
              className={styles.headerButton}
              onClick={() => onSort(col.name)}
              title={`${col.name} (${col.type}): sort ${dir === 'asc' ? 'descending' : dir === 'desc' ? 'off' : 'ascending'}`}
              aria-label={`Sort by ${col.name}`}
            >
              <span className={styles.headerText}>
                <span className={styles.headerName}>{col.name}</span>
                <span className={styles.headerType}>{col.type}</span>
              </span>
              <Icon size={14} stroke={1.6} opacity={dir ? 1 : 0.35} aria-hidden />
            </UnstyledButton>
          </div>
        );
      })}
    </div>
  );
}

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
