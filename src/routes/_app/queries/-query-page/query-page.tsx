import { useSuspenseQuery } from '@tanstack/react-query';
import type { GetQueryResponse } from '../../../../../contract/queries';
import { queryDetailOptions } from '../../../../lib/resources/queries';
import type { VizTab } from '../../../../features/visualizations/visualization-tabs';
import { useSession } from '../../../../lib/session';
import { Workbench, type Values } from './workbench';

/**
 * The query page: the editor, parameters, the live run and its results, composed from the
 * editor, parameters, execution and results features. Remounts per context and query, so no
 * state of one ever shows in another.
 */
export function QueryPage(props: {
  queryId: number;
  values: Values;
  onValuesChange: (values: Values) => void;
  tab: VizTab;
  onTabChange: (tab: VizTab) => void;
}) {
  const { ctx } = useSession();
  const { data: query } = useSuspenseQuery(queryDetailOptions(ctx, props.queryId));
  return (
    <Workbench
      key={`${ctx}:${query.query_id}`}
      ctx={ctx}
      query={query as GetQueryResponse}
      values={props.values}
      onValuesChange={props.onValuesChange}
      tab={props.tab}
      onTabChange={props.onTabChange}
    />
  );
}
