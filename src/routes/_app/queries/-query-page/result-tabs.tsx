import { getRouteApi } from '@tanstack/react-router';
import type { GetQueryResponse } from '../../../../../contract/queries';
import type { VizSource } from '../../../../components/viz/use-viz-data';
import { ResultsGrid } from '../../../../features/results/results-grid';
import {
  VisualizationTabs,
  type VizTab,
} from '../../../../features/visualizations/visualization-tabs';
import { ctxKey } from '../../../../lib/context-keys';

const route = getRouteApi('/_app/queries/$queryId');

/** The shown result as a visualization source. */
export const executionSource = (ctx: string, executionId: string): VizSource => ({
  key: [...ctxKey(ctx), 'execution', executionId],
  path: `/execution/${encodeURIComponent(executionId)}/results`,
  ctx,
});

/**
 * Under the execution panel: the results grid and the query's visualizations as tabs; the active
 * tab lives in the URL (`?viz=`), so a link opens a visualization.
 */
export function ResultTabs(props: {
  ctx: string;
  query: GetQueryResponse;
  /** The completed execution being shown, if any. */
  executionId: string | null;
}) {
  const { ctx, executionId } = props;
  const { viz } = route.useSearch();
  const navigate = route.useNavigate();
  const setTab = (tab: VizTab) =>
    void navigate({ search: (s) => ({ ...s, viz: tab === 'results' ? undefined : tab }) });
  return (
    <VisualizationTabs
      ctx={ctx}
      queryId={props.query.query_id}
      saved={!props.query.is_temp}
      active={viz ?? 'results'}
      onActiveChange={setTab}
      source={executionId ? executionSource(ctx, executionId) : null}
      results={
        executionId && (
          <div data-testid="results-grid">
            <ResultsGrid ctx={ctx} executionId={executionId} />
          </div>
        )
      }
    />
  );
}
