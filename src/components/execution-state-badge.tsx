import { Badge, Loader, type MantineSize } from '@mantine/core';
import { isRunningState } from '../../contract/rules/enums';
import { executionStateView } from '../lib/execution-state';

/** An execution's state as a badge, with a spinner while it waits or runs. */
export function ExecutionStateBadge(props: {
  state: string;
  size?: MantineSize;
  /** The running state's label where the run is more specific ("Refreshing"). */
  executingLabel?: string;
}) {
  const view = executionStateView(props.state, { executing: props.executingLabel });
  const size = props.size ?? 'sm';
  return (
    <Badge
      color={view.color}
      variant="light"
      size={size}
      leftSection={
        isRunningState(props.state) ? (
          <Loader size={size === 'lg' ? 10 : 8} color={view.color} />
        ) : undefined
      }
    >
      {view.label}
    </Badge>
  );
}
