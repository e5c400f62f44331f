import { Text, Tooltip, type MantineSize } from '@mantine/core';
import { fromNow, localDateTime } from '../lib/time';

/**
 * A time as "3 hours ago" (or "in 5 hours"), with the exact local time on hover and in the
 * element's datetime; a time it cannot read is shown as given.
 */
export function RelativeTime(props: {
  iso: string;
  size?: MantineSize;
  /** Dimmed text (default), as in a table's secondary column. */
  dimmed?: boolean;
  /** What the hover says instead of the local time (such as UTC and local). */
  label?: string;
  openDelay?: number;
}) {
  const relative = fromNow(props.iso);
  const absolute = localDateTime(props.iso);
  const size = props.size ?? 'sm';
  if (relative === null || absolute === null) return <Text size={size}>{props.iso}</Text>;
  return (
    <Tooltip label={props.label ?? absolute} openDelay={props.openDelay ?? 300} withArrow>
      <Text
        component="time"
        dateTime={new Date(props.iso).toISOString()}
        size={size}
        c={props.dimmed === false ? undefined : 'dimmed'}
        style={{ whiteSpace: 'nowrap' }}
      >
        {relative}
      </Text>
    </Tooltip>
  );
}
