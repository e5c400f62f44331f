import { Text } from '@mantine/core';
import { resultAgeCaption } from '../../lib/result-age';
import { useNow } from './use-now';
import classes from './values-caption.module.css';

/**
 * How old a widget's result is, at the end of its title row: "Updated 3 minutes ago", the exact
 * time on hover, moving on as time passes (one clock for the page, no request). Older than the
 * dashboard's maximum age, it says so in the warning color ("Older than 1 hour: refreshing…"
 * while a newer run is under way). Nothing when the result's end is unknown.
 */
export function ResultAge(props: {
  endedAt: string | undefined;
  /** The dashboard's maximum result age (null: none). */
  maxAgeSeconds: number | null;
  refreshing: boolean;
}) {
  const now = useNow();
  const caption =
    props.endedAt !== undefined &&
    resultAgeCaption(
      { endedAt: props.endedAt, maxAgeSeconds: props.maxAgeSeconds, refreshing: props.refreshing },
      now,
    );
  if (!caption) return null;
  return (
    <Text
      component="time"
      dateTime={props.endedAt}
      size="xs"
      c={caption.stale ? undefined : 'dimmed'}
      className={caption.stale ? classes.other : undefined}
      truncate="end"
      title={caption.title}
      data-testid="widget-age"
      data-stale={caption.stale ? 'true' : undefined}
      style={{ minWidth: 0 }}
    >
      {caption.text}
    </Text>
  );
}
