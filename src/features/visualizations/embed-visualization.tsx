import { useQuery } from '@tanstack/react-query';
import { isCompletedState } from '../../../contract/rules/enums';
import { valuesLine } from '../../../shared/parameters/values-line';
import { BoxNote } from '../../components/box-note';
import { EmbedFrame, EmbedLoading, EmbedNotAvailable } from '../../components/embed-frame';
import { LazyVisualizationView } from '../../components/viz/lazy-visualization-view';
import { ApiError } from '../../lib/api';
import {
  embedLatestOptions,
  embedSource,
  embedVisualizationOptions,
  type EmbedValues,
} from './embed-api';

type Props = {
  queryId: number;
  visualizationId: number;
  /** The parameter values of the URL (`?days=7`, as on the query's page). */
  values: EmbedValues;
  /** The query's page with these values and this visualization's tab. */
  href: string;
  colorScheme: 'light' | 'dark';
};

function Message(props: { children: string; error?: boolean }) {
  return (
    <BoxNote error={props.error} testId="embed-message">
      {props.children}
    </BoxNote>
  );
}

/**
 * A visualization of a public query in an embed: the latest result of its query for the URL's
 * values (the runs of the query's owner; nothing runs from here), with the values it is for
 * under its name. Private or missing: "not available".
 */
export function EmbedVisualization(props: Props) {
  const { queryId, visualizationId: vizId, values } = props;
  const meta = useQuery(embedVisualizationOptions(queryId, vizId));
  const latest = useQuery(embedLatestOptions(queryId, vizId, values));
  const missing = [meta.error, latest.error].some((e) => e instanceof ApiError && e.status === 404);
  if (missing) return <EmbedNotAvailable />;
  if (meta.isError) return <EmbedNotAvailable message={meta.error.message} />;
  if (!meta.data) return <EmbedLoading />;
  const { visualization: viz, query } = meta.data;
  const shownFor = valuesLine(values);

  let body;
  if (latest.isError) body = <Message error>{latest.error.message}</Message>;
  else if (latest.data === undefined) body = <EmbedLoading />;
  else if (latest.data === null)
    body = (
      <Message>
        {shownFor ? 'No result for these values yet.' : 'This query has no result yet.'}
      </Message>
    );
  else if (!isCompletedState(latest.data.state))
    body = (
      <Message error>
        {latest.data.error?.message ?? 'The latest run of this query failed.'}
      </Message>
    );
  else
    body = (
      <LazyVisualizationView
        visualization={{ name: viz.name, type: viz.type, options: viz.options }}
        source={embedSource(queryId, vizId, values, latest.data.execution_id)}
        height="100%"
        colorScheme={props.colorScheme}
      />
    );

  return (
    <EmbedFrame
      title={viz.name}
      subtitle={
        <>
          {query.name} · by {query.owner}
          {shownFor && <span data-testid="embed-values"> · {shownFor}</span>}
        </>
      }
      href={props.href}
    >
      {body}
    </EmbedFrame>
  );
}
