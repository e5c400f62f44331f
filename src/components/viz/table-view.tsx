import { useQueries, useQuery } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import type { Obj } from '../../../shared/viz/read';
import { progressShare, tableColumns, type TableColumn } from '../../../shared/viz/table-columns';
import classes from './table-view.module.css';
import {
  columnMaxOptions,
  tablePageOptions,
  type ResultHead,
  type VizSource,
} from './use-viz-data';
import { VizError, VizMessage } from './viz-states';

const ROW_HEIGHT = 30;
const PAGE_SIZE = 200;

function Cell(props: { column: TableColumn; value: unknown; max: number | null | undefined }) {
  const { column, value } = props;
  const tone = column.tone(value);
  const cls = [
    classes.cell,
    tone === 'positive' ? classes.positive : tone === 'negative' ? classes.negative : '',
  ]
    .filter(Boolean)
    .join(' ');
  const text = column.format(value);
  return (
    <div className={cls} style={{ textAlign: column.align }} role="cell" title={text}>
      {column.progress && (
        <span
          className={classes.bar}
          style={{ width: `calc(${progressShare(value, props.max ?? null) * 100}% - 12px)` }}
          aria-hidden
        />
      )}
      <span className={classes.barText}>{text}</span>
    </div>
  );
}

/** The largest value of each progress bar column without an explicit `progressBarMax`. */
function useColumnMaxes(source: VizSource, columns: TableColumn[]) {
  const wanted = columns.filter((c) => c.progress && c.progress.max === null);
  const results = useQueries({ queries: wanted.map((c) => columnMaxOptions(source, c.name)) });
  const maxes = new Map<string, number | null>();
  columns.forEach((c) => c.progress?.max != null && maxes.set(c.name, c.progress.max));
  wanted.forEach((c, i) => maxes.set(c.name, results[i]?.data ?? null));
  return maxes;
}

/**
 * A table visualization: the result's rows under its column options (titles, alignment, hidden
 * columns, number formats, colors, progress bars), virtualized; rows are read in pages of
 * PAGE_SIZE as they scroll into view, only the visible columns.
 */
export function TableView(props: { options: Obj; source: VizSource; head: ResultHead }) {
  const { source, head } = props;
  const columns = tableColumns(props.options, head.columns, head.types);
  const names = columns.map((c) => c.name);
  const scroller = useRef<HTMLDivElement>(null);
  // The virtualizer is read during render by design (this component is not compiler-memoized).
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: head.total,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
  });
  const items = virtualizer.getVirtualItems();
  const pages = [...new Set(items.map((i) => Math.floor(i.index / PAGE_SIZE)))];
  const first = useQuery({
    ...tablePageOptions(source, names, PAGE_SIZE, 0),
    enabled: names.length > 0,
  });
  const loaded = useQueries({
    queries: pages.map((p) => ({
      ...tablePageOptions(source, names, PAGE_SIZE, p),
      enabled: names.length > 0,
    })),
  });
  const maxes = useColumnMaxes(source, columns);
  if (columns.length === 0) return <VizMessage>Every column is hidden.</VizMessage>;
  const error = first.error ?? loaded.find((q) => q.error)?.error;
  if (error) return <VizError error={error} />;
  if (head.total === 0) return <VizMessage testId="viz-empty">The result has no rows.</VizMessage>;
  const rowsOf = new Map(pages.map((p, i) => [p, loaded[i]?.data]));
  if (first.data) rowsOf.set(0, first.data);
  const template = { gridTemplateColumns: `repeat(${columns.length}, minmax(110px, 1fr))` };
  const width = `max(100%, ${columns.length * 130}px)`;
  return (
    <div
      ref={scroller}
      className={classes.scroller}
      role="table"
      aria-rowcount={head.total + 1}
      data-testid="viz-table"
    >
      <div className={classes.header} style={{ ...template, width }} role="row">
        {columns.map((c) => (
          <div
            key={c.name}
            className={classes.cell}
            style={{ textAlign: c.align }}
            role="columnheader"
          >
            {c.title}
          </div>
        ))}
      </div>
      <div
        style={{ height: virtualizer.getTotalSize(), width, position: 'relative' }}
        role="rowgroup"
      >
        {items.map((item) => {
          const row = rowsOf.get(Math.floor(item.index / PAGE_SIZE))?.[item.index % PAGE_SIZE];
          return (
            <div
              key={item.key}
              className={classes.row}
              role="row"
              style={{ ...template, width: '100%', top: item.start, height: ROW_HEIGHT }}
            >
              {columns.map((c) =>
                row ? (
                  <Cell key={c.name} column={c} value={row[c.name]} max={maxes.get(c.name)} />
                ) : (
                  <div
                    key={c.name}
                    className={`${classes.cell} ${classes.placeholder}`}
                    role="cell"
                  >
                    …
                  </div>
                ),
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}
