import { Text } from '@mantine/core';
import { valuesCaption, type ShownValues } from '../../../shared/parameters/values-line';
import classes from './values-caption.module.css';

/**
 * The muted line beside a widget's title that names the parameter values its result is for
 * (`chain = base · days = 7`, keys in `order` first), cut to the room there is, the whole line on
 * hover. Nothing when there are no values (a query without parameters). When some are not the
 * values the dashboard sets (`set`, by key), it says so, in the warning color. The server's first
 * paint of a public dashboard writes the same caption in the same place
 * (server/previews/first-paint-html.ts).
 */
export function ValuesCaption(props: {
  values: ShownValues | undefined;
  order: readonly string[];
  set: Record<string, readonly string[]>;
}) {
  const caption = props.values && valuesCaption(props.values, props.order, props.set);
  if (!caption) return null;
  return (
    <Text
      component="span"
      size="xs"
      c={caption.other ? undefined : 'dimmed'}
      className={caption.other ? classes.other : undefined}
      truncate="end"
      title={caption.title}
      data-testid="widget-values"
      data-other-values={caption.other ? 'true' : undefined}
      style={{ flex: '0 1 auto', minWidth: 0, maxWidth: '60%' }}
    >
      {caption.text}
    </Text>
  );
}
