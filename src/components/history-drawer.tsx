import '@mantine/core/styles/Drawer.css';
import { Drawer, Stack, Text, type MantineSize } from '@mantine/core';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { AnchorLink } from './anchor-link';
import { DataTable, type Column } from './data-table';
import { ErrorAlert } from './error-alert';
import { CenteredLoader } from './page-loader';
import { PrevNextPager } from './prev-next-pager';

/** One page of a history as the service answers it: its rows and where the next page starts. */
export type HistoryPage<Row> = { rows: Row[]; next: number | undefined };

type HistoryProps<Data, Row, Key extends QueryKey> = {
  /** The page of the history at `offset`, newest first. */
  page: (offset: number) => UseQueryOptions<Data, Error, Data, Key>;
  /** The rows of a page and the offset of the next one. */
  rows: (data: Data) => HistoryPage<Row>;
  pageSize: number;
  /** The table's accessible name, e.g. "Refreshes". */
  label: string;
  columns: Column<Row>[];
  rowKey: (row: Row) => string | number;
  rowTestId: string;
  /** What an empty history says. */
  empty: string;
  /** Names what is read: "Loading {what}", "Could not read {what}". */
  what: string;
};

/**
 * A right-hand drawer with the history of one thing (an alert's evaluations, a view's refreshes),
 * newest first, a page at a time ("Newer", "Older"). Open while `subject` is not null; a new
 * subject starts at its newest page.
 */
export function HistoryDrawer<Data, Row, Key extends QueryKey>(
  props: HistoryProps<Data, Row, Key> & {
    subject: string | number | null;
    onClose: () => void;
    title: string;
    size: MantineSize | number;
  },
) {
  const { subject, onClose, title, size, ...history } = props;
  return (
    <Drawer opened={subject !== null} onClose={onClose} position="right" size={size} title={title}>
      {subject !== null && <History key={subject} {...history} />}
    </Drawer>
  );
}

/** A history's table and pager, for a history shown in place (a schedule's runs) not in a drawer. */
export function History<Data, Row, Key extends QueryKey>(props: HistoryProps<Data, Row, Key>) {
  const [offset, setOffset] = useState(0);
  const history = useQuery(props.page(offset));
  if (history.isPending) return <CenteredLoader h={120} label={`Loading ${props.what}`} />;
  if (history.isError)
    return <ErrorAlert title={`Could not read ${props.what}`}>{history.error.message}</ErrorAlert>;
  const { rows, next } = props.rows(history.data);
  return (
    <Stack gap="sm">
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {props.empty}
        </Text>
      ) : (
        <DataTable
          label={props.label}
          verticalSpacing="xs"
          rows={rows}
          rowKey={props.rowKey}
          rowTestId={props.rowTestId}
          columns={props.columns}
        />
      )}
      {(offset > 0 || next !== undefined) && (
        <PrevNextPager
          justify="flex-end"
          previousLabel="Newer"
          nextLabel="Older"
          hasPrevious={offset > 0}
          hasNext={next !== undefined}
          onPrevious={() => setOffset(Math.max(0, offset - props.pageSize))}
          onNext={() => next !== undefined && setOffset(next)}
        />
      )}
    </Stack>
  );
}

/** A history row's state: its badge, and the error under it when it failed. */
export function StateWithError(props: {
  badge: ReactNode;
  error: string | null | undefined;
  /** The error is the engine's text (SQL), set in monospace. */
  monospace?: boolean;
}) {
  return (
    <Stack gap={4} align="flex-start">
      {props.badge}
      {props.error && (
        <Text
          size="xs"
          c="red"
          ff={props.monospace ? 'monospace' : undefined}
          style={{ wordBreak: 'break-word' }}
        >
          {props.error}
        </Text>
      )}
    </Stack>
  );
}

/** A history row's execution: "Open" links its page, "—" when there is none. */
export function ExecutionLink({ id }: { id: string | null | undefined }) {
  return id ? (
    <AnchorLink size="sm" to="/executions/$executionId" params={{ executionId: id }}>
      Open
    </AnchorLink>
  ) : (
    '—'
  );
}
