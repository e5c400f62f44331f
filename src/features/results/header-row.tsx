import { UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { clampWidth, MAX_COLUMN_WIDTH, MIN_COLUMN_WIDTH } from './column-widths';
import { columnKind } from './format-value';
import type { RowLayout } from './grid-rows';
import { HEADER_HEIGHT } from './page-math';
import styles from './results-grid.module.css';
import type { SortState } from './sort';

/** Pixels a column grows or shrinks per arrow key on its resize handle. */
const KEY_STEP = 16;

/**
 * The sticky header: each column's name over its type (a click sorts), and at its right edge a
 * handle that resizes it by dragging (or with the arrow keys) and fits it to its content on a
 * double click (or Enter).
 */
export function HeaderRow({
  layout,
  sort,
  onSort,
  onResize,
  onAutoFit,
}: {
  layout: RowLayout;
  sort: SortState;
  onSort: (column: string) => void;
  onResize: (column: string, width: number) => void;
  onAutoFit: (column: string) => void;
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
            className={`${styles.headerCell} ${right ? styles.right : ''}`}
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
            <ResizeHandle
              name={col.name}
              width={vc.size}
              onResize={(w) => onResize(col.name, w)}
              onAutoFit={() => onAutoFit(col.name)}
            />
          </div>
        );
      })}
    </div>
  );
}

function ResizeHandle(props: {
  name: string;
  width: number;
  onResize: (width: number) => void;
  onAutoFit: () => void;
}) {
  const drag = useRef<{ x: number; width: number } | null>(null);
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    e.preventDefault();
    e.stopPropagation();
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { x: e.clientX, width: props.width };
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    if (start) props.onResize(clampWidth(start.width + e.clientX - start.x));
  };
  const end = () => {
    drag.current = null;
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = e.key === 'ArrowLeft' ? -KEY_STEP : e.key === 'ArrowRight' ? KEY_STEP : 0;
    if (step) props.onResize(clampWidth(props.width + step));
    else if (e.key === 'Enter') props.onAutoFit();
    else return;
    e.preventDefault();
    e.stopPropagation();
  };
  return (
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={`Resize column ${props.name}`}
      aria-valuenow={Math.round(props.width)}
      aria-valuemin={MIN_COLUMN_WIDTH}
      aria-valuemax={MAX_COLUMN_WIDTH}
      title="Drag to resize, double-click to fit the content"
      tabIndex={0}
      className={styles.resizer}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={end}
      onLostPointerCapture={end}
      onClick={(e) => e.stopPropagation()}
      onDoubleClick={(e) => {
        e.stopPropagation();
        props.onAutoFit();
      }}
      onKeyDown={onKeyDown}
    />
  );
}
