import { notifications } from '@mantine/notifications';
import { observeElementOffset, observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import {
  useCallback,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';
import type { ResultQuery } from '../../lib/resources/results';
import { CellDetail, type CellDetailState } from './cell-detail';
import { CellMenu, type CellMenuState } from './cell-menu';
import { copyToClipboard } from './clipboard';
import { copyText, rowToTsv } from './format-value';
import { gridCommand } from './grid-keys';
import { GridRow, type GridColumn } from './grid-rows';
import { HeaderRow } from './header-row';
import {
  HEADER_HEIGHT,
  offsetToShowRow,
  ROW_HEIGHT,
  rowShift,
  scrollScale,
  toReal,
  toVirtual,
  type ScrollScale,
} from './page-math';
import styles from './results-grid.module.css';
import type { SortState } from './sort';
import { useResultPages } from './use-result-pages';

type Selection = { row: number; col: number } | null;

/**
 * The virtualized body of one result view (one sort, filter and column choice; the parent
 * remounts it when the view changes, which resets scroll and selection). Rows and columns are
 * virtualized; rows come from the service page by page as they scroll into view. A result
 * taller than MAX_SCROLL_HEIGHT is scrolled on a scaled axis (see page-math.ts): the row
 * virtualizer then sees virtual offsets, and rows are drawn where its offset's real scrollTop
 * shows them (rowShift).
 */
export function ResultTable(props: {
  ctx: string;
  executionId: string;
  params: ResultQuery;
  pageSize: number;
  columns: GridColumn[];
  count: number;
  sort: SortState;
  onSort: (column: string) => void;
  /** Each column's width in pixels, in `columns` order. */
  widths: number[];
  onResize: (column: string, width: number) => void;
  onAutoFit: (column: string) => void;
  height: number | string;
}) {
  const { columns, count } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const scaleRef = useRef<ScrollScale>(scrollScale(count, 0));
  const [selection, setSelection] = useState<Selection>(null);
  const [menu, setMenu] = useState<CellMenuState>(null);
  const [detail, setDetail] = useState<CellDetailState>(null);
  // On a scaled axis rows move with every scroll (rowShift), not only when the range of rows
  // changes: each offset the row virtualizer reads redraws them. The value only triggers that.
  const [, setOffsetRead] = useState(0);

  // The virtualizers are read during render by design (this component is not compiler-memoized).
  // eslint-disable-next-line react-hooks/incompatible-library
  const rows = useVirtualizer<HTMLDivElement, HTMLDivElement>({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
    observeElementRect: (instance, cb) =>
      observeElementRect(instance, (r) =>
        cb({ width: r.width, height: Math.max(0, r.height - HEADER_HEIGHT) }),
      ),
    observeElementOffset: (instance, cb) =>
      observeElementOffset(instance, (offset, isScrolling) => {
        if (scaleRef.current.ratio !== 1) setOffsetRead(offset);
        cb(toVirtual(offset, scaleRef.current), isScrolling);
      }),
    scrollToFn: (offset, { adjustments = 0 }, instance) => {
      const el = instance.scrollElement;
      if (el) el.scrollTop = toReal(offset + adjustments, scaleRef.current);
    },
  });
  const viewport = rows.scrollRect?.height ?? 0;
  const scale = scrollScale(count, viewport);
  useLayoutEffect(() => {
    scaleRef.current = scale;
  });

  const { widths } = props;
  const gutter = Math.max(48, String(count).length * 8 + 20);
  const columnKey = useCallback((i: number) => columns[i]?.name ?? i, [columns]);
  const cols = useVirtualizer<HTMLDivElement, HTMLDivElement>({
    horizontal: true,
    count: columns.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => widths[i] ?? 120,
    getItemKey: columnKey,
    paddingStart: gutter,
    scrollPaddingStart: gutter,
    overscan: 3,
  });
  // A resized column moves the ones after it: the virtualizer re-reads every size.
  const widthsKey = widths.join(',');
  useLayoutEffect(() => {
    cols.measure();
  }, [cols, widthsKey]);

  const virtualRows = rows.getVirtualItems();
  const virtualColumns = cols.getVirtualItems();
  const first = virtualRows[0]?.index ?? 0;
  const last = virtualRows[virtualRows.length - 1]?.index ?? -1;
  const { rowAt, error } = useResultPages({ ...props, first, last });

  const width = cols.getTotalSize();
  const layout = {
    columns,
    virtualColumns,
    gutter,
    leftPad: Math.max(0, (virtualColumns[0]?.start ?? gutter) - gutter),
    width,
  };
  const maxVirtual = Math.max(0, scale.virtualHeight - viewport);
  // From the offset that chose virtualRows, not from a scrollTop read apart (see rowShift).
  const shift = rowShift(rows.scrollOffset ?? 0, scale, viewport);

  const scrollToRow = (row: number) => {
    const el = scrollRef.current;
    if (!el) return;
    const current = Math.min(toVirtual(el.scrollTop, scale), maxVirtual);
    const target = offsetToShowRow(row, current, viewport);
    if (target !== current) el.scrollTop = toReal(target, scale);
  };

  const select = (next: Selection) => {
    setSelection(next);
    if (!next) return;
    scrollToRow(next.row);
    cols.scrollToIndex(next.col);
  };

  const copy = (what: 'value' | 'row' | 'name') => {
    if (!selection) return;
    const column = columns[selection.col];
    if (!column) return;
    if (what === 'name') return void copyToClipboard(column.name, 'column name');
    const row = rowAt(selection.row);
    if (!row) {
      notifications.show({ message: 'That row is still loading' });
      return;
    }
    if (what === 'value') void copyToClipboard(copyText(row[column.name], column.type), 'value');
    else void copyToClipboard(rowToTsv(row, columns), 'row as TSV');
  };

  /** Opens the full value of the selected (or given) cell beside it. */
  const showDetail = (at: Selection = selection) => {
    if (!at) return;
    const column = columns[at.col];
    const row = rowAt(at.row);
    if (!column || !row) return;
    const el = scrollRef.current?.querySelector(`[data-row="${at.row}"][data-col="${at.col}"]`);
    const box = el?.getBoundingClientRect();
    setDetail({
      x: box ? box.left : 0,
      y: box ? box.bottom : 0,
      row: at.row,
      column,
      value: row[column.name],
    });
  };

  const cellAt = (e: MouseEvent): Selection => {
    const cell = (e.target as HTMLElement).closest<HTMLElement>('[data-col]');
    if (!cell) return null;
    return { row: Number(cell.dataset.row), col: Number(cell.dataset.col) };
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const pageRows = Math.max(1, Math.floor(viewport / ROW_HEIGHT) - 1);
    const cmd = gridCommand(e, selection !== null, pageRows);
    if (!cmd) return;
    e.preventDefault();
    const col = selection?.col ?? 0;
    switch (cmd.kind) {
      case 'move': {
        if (!selection) return;
        const row = Math.min(count - 1, Math.max(0, selection.row + cmd.rows));
        select({ row, col: Math.min(columns.length - 1, Math.max(0, col + cmd.cols)) });
        return;
      }
      case 'first':
        return count > 0 ? select({ row: 0, col }) : undefined;
      case 'last':
        return count > 0 ? select({ row: count - 1, col }) : undefined;
      case 'copyCell':
        return copy('value');
      case 'copyRow':
        return copy('row');
      case 'clear':
        return setSelection(null);
      case 'detail':
        return showDetail();
      case 'menu': {
        const el = scrollRef.current?.querySelector('[aria-selected="true"]');
        const box = el?.getBoundingClientRect();
        if (box) setMenu({ x: box.left + 8, y: box.bottom });
        return;
      }
    }
  };

  return (
    <>
      <div
        ref={scrollRef}
        role="grid"
        aria-label="Result rows"
        aria-rowcount={count + 1}
        aria-colcount={columns.length + 1}
        aria-multiselectable={false}
        tabIndex={0}
        className={styles.scroller}
        style={{ height: props.height }}
        onKeyDown={onKeyDown}
        onClick={(e) => {
          const at = cellAt(e);
          if (at) setSelection(at);
        }}
        onMouseDown={(e) => {
          // A double click opens the value: it should not also select the cell's text.
          if (e.detail > 1) e.preventDefault();
        }}
        onDoubleClick={(e) => {
          const at = cellAt(e);
          if (!at) return;
          setSelection(at);
          showDetail(at);
        }}
        onContextMenu={(e) => {
          const at = cellAt(e);
          if (!at) return;
          e.preventDefault();
          setSelection(at);
          setMenu({ x: e.clientX, y: e.clientY });
        }}
      >
        <div style={{ position: 'relative', width, height: HEADER_HEIGHT + scale.realHeight }}>
          <HeaderRow
            layout={layout}
            sort={props.sort}
            onSort={props.onSort}
            onResize={props.onResize}
            onAutoFit={props.onAutoFit}
          />
          {virtualRows.map((vr) => (
            <GridRow
              key={vr.key}
              index={vr.index}
              top={HEADER_HEIGHT + vr.start + shift}
              row={rowAt(vr.index)}
              layout={layout}
              selectedCol={selection?.row === vr.index ? selection.col : -1}
            />
          ))}
        </div>
      </div>
      {error && <PageError error={error} />}
      <CellMenu
        at={menu}
        onClose={() => setMenu(null)}
        onCopyValue={() => copy('value')}
        onCopyRow={() => copy('row')}
        onCopyName={() => copy('name')}
        onShowValue={() => showDetail()}
      />
      <CellDetail
        at={detail}
        onClose={() => {
          setDetail(null);
          scrollRef.current?.focus();
        }}
      />
    </>
  );
}

function PageError({ error }: { error: Error }) {
  return (
    <div role="alert" style={{ color: 'var(--mantine-color-red-text)', fontSize: 12 }}>
      Some rows could not be loaded: {error.message}
    </div>
  );
}
