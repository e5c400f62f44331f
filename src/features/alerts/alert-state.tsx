import { Badge, type MantineSize } from '@mantine/core';
import { describeCondition } from '../../../shared/alerts/alert-condition';

const LOOK: Record<string, { color: string; label: string }> = {
  unknown: { color: 'gray', label: 'Not evaluated' },
  ok: { color: 'green', label: 'OK' },
  triggered: { color: 'red', label: 'Triggered' },
  failed: { color: 'orange', label: 'Failed' },
  running: { color: 'blue', label: 'Running' },
};

/** An alert's (or an evaluation's) state as a colored badge. */
export function AlertStateBadge(props: { state: string; size?: MantineSize }) {
  const look = LOOK[props.state] ?? { color: 'gray', label: props.state };
  return (
    <Badge
      color={look.color}
      variant="light"
      size={props.size ?? 'sm'}
      data-testid="alert-state"
      // never cut to "TRIGGER…" in a narrow column
      style={{ minWidth: 'max-content' }}
    >
      {look.label}
    </Badge>
  );
}

/** "volume > 1000", "any rows". */
export const conditionText = describeCondition;

/** A value as the history shows it. */
export const shownValue = (v: unknown) =>
  v === null || v === undefined ? '—' : typeof v === 'string' ? v : JSON.stringify(v);
