import { Text, Tooltip } from '@mantine/core';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';

dayjs.extend(relativeTime);

/** "3 hours ago", with the exact local time on hover (and in the element's datetime). */
export function RelativeTime(props: { iso: string }) {
  const t = dayjs(props.iso);
  if (!t.isValid()) return <Text size="sm">{props.iso}</Text>;
  const absolute = t.format('YYYY-MM-DD HH:mm:ss');
  return (
    <Tooltip label={absolute} openDelay={300} withArrow>
      <Text
        component="time"
        dateTime={t.toISOString()}
        size="sm"
        c="dimmed"
        style={{ whiteSpace: 'nowrap' }}
      >
        {t.fromNow()}
      </Text>
    </Tooltip>
  );
}
