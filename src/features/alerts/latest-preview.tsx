import { Badge, Group, Text } from '@mantine/core';
import type { ResultHead } from '../../../shared/alerts/alert-condition';
import type { AlertCreateBody } from '../../../contract/alerts';
import { RelativeTime } from '../../components/relative-time';
import { outcomeNow, outcomeWords, valueText } from './latest-value';

const COLOR = { triggered: 'red', ok: 'green', failed: 'yellow' } as const;

/**
 * The value the condition would read in the query's latest result for the alert's values, and
 * whether that would trigger the alert now; or what to do when there is no such result yet.
 */
export function LatestPreview(props: {
  head: ResultHead | null;
  ranAt: string | undefined;
  pending: boolean;
  condition: AlertCreateBody['condition'] | null;
}) {
  if (props.pending) return null;
  if (!props.head)
    return (
      <Text size="sm" c="dimmed" data-testid="alert-latest">
        No result for these values yet: run the query with them to see the latest value.
      </Text>
    );
  const outcome = outcomeNow(props.condition, props.head);
  return (
    <Group gap="xs" data-testid="alert-latest" wrap="wrap">
      {outcome && outcome.state !== 'failed' ? (
        <Text size="sm">
          Latest value: <b>{valueText(outcome.value)}</b>
        </Text>
      ) : (
        <Text size="sm">
          Latest result:{' '}
          <b>
            {props.head.rowCount} row{props.head.rowCount === 1 ? '' : 's'}
          </b>
        </Text>
      )}
      {props.ranAt && <RelativeTime iso={props.ranAt} />}
      {outcome && (
        <Badge color={COLOR[outcome.state]} variant="light" tt="none">
          {outcomeWords(outcome)}
        </Badge>
      )}
    </Group>
  );
}
