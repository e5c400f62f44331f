import type { ExecutionState } from '../../contract/rules/enums';

export type StateView = { label: string; color: string };

/** How each execution state reads, and its badge's Mantine color. */
const VIEWS: Record<ExecutionState, StateView> = {
  QUERY_STATE_PENDING: { label: 'Pending', color: 'gray' },
  QUERY_STATE_EXECUTING: { label: 'Executing', color: 'blue' },
  QUERY_STATE_COMPLETED: { label: 'Completed', color: 'green' },
  QUERY_STATE_COMPLETED_PARTIAL: { label: 'Completed (partial)', color: 'yellow' },
  QUERY_STATE_FAILED: { label: 'Failed', color: 'red' },
  QUERY_STATE_CANCELLED: { label: 'Cancelled', color: 'gray' },
  QUERY_STATE_EXPIRED: { label: 'Expired', color: 'gray' },
};

/**
 * An execution state's label and color; `executing` names the running state where the run
 * does something more specific (a view's refresh says "Refreshing"). A state the app does not
 * know reads as its lower-cased name, in gray.
 */
export function executionStateView(state: string, labels?: { executing?: string }): StateView {
  const view = VIEWS[state as ExecutionState] as StateView | undefined;
  if (!view) return { label: state.replace(/^QUERY_STATE_/, '').toLowerCase(), color: 'gray' };
  if (state === 'QUERY_STATE_EXECUTING' && labels?.executing)
    return { ...view, label: labels.executing };
  return view;
}
