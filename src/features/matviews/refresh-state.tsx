import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ExecutionStateBadge } from '../../components/execution-state-badge';
import { invalidateMatviews, isFinishedState, refreshStatusOptions } from './api';

/** A refresh's state as a badge (a spinner while it runs). */
export function StateBadge({ state, size = 'sm' }: { state: string; size?: 'sm' | 'md' }) {
  return <ExecutionStateBadge state={state} size={size} executingLabel="Refreshing" />;
}

/**
 * The status of a refresh, polled while it runs; when it ends the context's views are read
 * again (list, view, history), so their state, time, size and rows follow.
 */
export function useRefreshStatus(ctx: string, executionId: string | null, enabled = true) {
  const qc = useQueryClient();
  return useQuery({
    ...refreshStatusOptions(ctx, executionId ?? '', () => void invalidateMatviews(qc, ctx)),
    enabled: executionId !== null && enabled,
  });
}

/**
 * The live state of a refresh: `state` is what the list last said; while that is running the
 * execution is polled until it ends.
 */
export function LiveRefreshState(props: { ctx: string; executionId: string; state: string }) {
  const running = !isFinishedState(props.state);
  const status = useRefreshStatus(props.ctx, props.executionId, running);
  const state = running ? (status.data?.state ?? props.state) : props.state;
  return (
    <span role="status" aria-live="polite">
      <StateBadge state={state} />
    </span>
  );
}
