import { Skeleton, Table, VisuallyHidden, type MantineBreakpoint } from '@mantine/core';
import type { ReactNode } from 'react';

/** One column of a DataTable: its header and how a row fills its cell. */
export type Column<T> = {
  /** The header; none for the row's actions (named "Actions" for screen readers only). */
  header?: ReactNode;
  w?: number;
  align?: 'right';
  /** Hidden on narrower screens. */
  visibleFrom?: MantineBreakpoint;
  /** The cell's text does not wrap. */
  nowrap?: boolean;
  /** data-testid of the cell. */
  testId?: string;
  /** The cell's hover title. */
  title?: (row: T) => string | undefined;
  cell: (row: T) => ReactNode;
};

/**
 * The app's list table: a header from `columns`, a row per item (with `rowTestId`), skeleton
 * rows while `rows` is undefined, and a horizontal scroll under `minWidth`.
 */
export function DataTable<T>(props: {
  label: string;
  columns: Column<T>[];
  /** Undefined while loading: `loadingRows` skeleton rows stand in. */
  rows: T[] | undefined;
  rowKey: (row: T) => string | number;
  rowTestId?: string;
  loadingRows?: number;
  /** Scrolls horizontally below this width (no scroll container when absent). */
  minWidth?: number;
  /** The scroll container leaves no room for a scrollbar. */
  flushScrollbar?: boolean;
  verticalSpacing?: 'xs' | 'sm' | number;
  highlightOnHover?: boolean;
  striped?: boolean;
  miw?: number;
}) {
  const { columns } = props;
  const table = (
    <Table
      verticalSpacing={props.verticalSpacing ?? 'sm'}
      highlightOnHover={props.highlightOnHover}
      striped={props.striped}
      miw={props.miw}
      aria-label={props.label}
      aria-busy={props.loadingRows !== undefined ? props.rows === undefined : undefined}
    >
      <Table.Thead>
        <Table.Tr>
          {columns.map((c, i) => (
            <Table.Th key={i} w={c.w} ta={c.align} visibleFrom={c.visibleFrom}>
              {c.header ?? <VisuallyHidden>Actions</VisuallyHidden>}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {props.rows === undefined
          ? Array.from({ length: props.loadingRows ?? 1 }, (_, i) => (
              <Table.Tr key={i}>
                <Table.Td colSpan={columns.length}>
                  <Skeleton h={20} />
                </Table.Td>
              </Table.Tr>
            ))
          : props.rows.map((row) => (
              <Table.Tr key={props.rowKey(row)} data-testid={props.rowTestId}>
                {columns.map((c, i) => (
                  <Table.Td
                    key={i}
                    ta={c.align}
                    visibleFrom={c.visibleFrom}
                    style={c.nowrap ? { whiteSpace: 'nowrap' } : undefined}
                    data-testid={c.testId}
                    title={c.title?.(row)}
                  >
                    {c.cell(row)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
      </Table.Tbody>
    </Table>
  );
  if (props.minWidth === undefined) return table;
  return (
    <Table.ScrollContainer
      minWidth={props.minWidth}
      scrollAreaProps={props.flushScrollbar ? { offsetScrollbars: false } : undefined}
    >
      {table}
    </Table.ScrollContainer>
  );
}
