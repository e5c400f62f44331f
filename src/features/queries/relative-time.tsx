import { Text, Tooltip } from '@mantine/core';
import { fromNow, localDateTime } from '../../lib/time';

/** "3 hours ago", with the exact local time on hover (and in the element's datetime). */
export function RelativeTime(props: { iso: string }) {
  const relative = fromNow(props.iso);
  const absolute = localDateTime(props.iso);
  if (relative === null || absolute === null) return <Text size="sm">{props.iso}</Text>;
  return (
    <Tooltip label={absolute} openDelay={300} withArrow>
      <Text
        component="time"
        dateTime={new Date(props.iso).toISOString()}
        size="sm"
        c="dimmed"
        style={{ whiteSpace: 'nowrap' }}
      >
        {relative}
      </Text>
    </Tooltip>
  );
}
