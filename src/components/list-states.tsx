import { EmptyState, Group, Paper, Skeleton, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { RetryAlert } from './error-alert';

/** What ListStates reads of a list's query (a React Query result fits). */
export type ListQuery<T> = {
  data: T | undefined;
  isError: boolean;
  error: Error | null;
  isPlaceholderData: boolean;
  refetch: () => unknown;
};

/**
 * The states every list page goes through, the same on each: an error with Try again, a
 * skeleton while the first data loads (named for screen readers), an empty or no-match panel
 * (`empty`), else the list. While another page or filter loads, the previous data stays on
 * screen and `children` is told it is stale (to dim it).
 */
export function ListStates<T>(props: {
  query: ListQuery<T>;
  /** "Could not list the uploads". */
  errorTitle: string;
  /** The skeleton's accessible name: "Loading uploads". */
  loadingLabel: string;
  /** Skeleton rows and their height in pixels (about a row of the list). */
  rows?: number;
  rowHeight?: number;
  /** The panel to show instead of the list (ListEmpty), or null when there is a list to show. */
  empty: (data: T) => ReactNode;
  children: (data: T, stale: boolean) => ReactNode;
}) {
  const { query } = props;
  if (query.isError) {
    return (
      <RetryAlert
        title={props.errorTitle}
        message={query.error?.message ?? ''}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (query.data === undefined)
    return <ListLoading label={props.loadingLabel} rows={props.rows} rowHeight={props.rowHeight} />;
  return props.empty(query.data) || props.children(query.data, query.isPlaceholderData);
}

/** Skeleton rows standing in for a list while it loads. */
export function ListLoading(props: { label: string; rows?: number; rowHeight?: number }) {
  return (
    <Stack gap="xs" aria-busy="true" aria-label={props.label}>
      {Array.from({ length: props.rows ?? 5 }, (_, i) => (
        <Skeleton key={i} h={props.rowHeight ?? 36} />
      ))}
    </Stack>
  );
}

/**
 * What an empty list means and what to do next: nothing yet, nothing matches, or a page past
 * the end. `children` are the actions (buttons).
 */
export function ListEmpty(props: {
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" py="xl" px="md">
      <EmptyState
        icon={props.icon}
        withIndicatorBackground={props.icon !== undefined}
        title={props.title}
        description={props.description}
      >
        {props.children && (
          <EmptyState.Actions>
            <Group justify="center" gap="xs">
              {props.children}
            </Group>
          </EmptyState.Actions>
        )}
      </EmptyState>
    </Paper>
  );
}

/** A list's table in a bordered panel, dimmed while stale, with its pager below. */
export function ListPanel(props: { stale: boolean; pager?: ReactNode; children: ReactNode }) {
  return (
    <>
      <Paper withBorder radius="md" style={staleStyle(props.stale)}>
        {props.children}
      </Paper>
      {props.pager}
    </>
  );
}

/** Dims a list while the next page or filter loads over it. */
export const staleStyle = (stale: boolean) => ({ opacity: stale ? 0.6 : 1 });
