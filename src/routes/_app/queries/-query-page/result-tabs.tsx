import { executionSource } from '../../../../components/viz/use-viz-data';
import { ResultsGrid } from '../../../../features/results/results-grid';
import type { EmbedInfo } from '../../../../features/visualizations/embed-button';
import {
  VisualizationTabs,
  type VizTab,
} from '../../../../features/visualizations/visualization-tabs';
import { csvFileName } from './csv-name';

/**
 * Under the execution panel: the results grid and the query's visualizations as tabs; the active
 * tab lives in the URL (`?viz=`), so a link opens a visualization. A new query (`queryId` null)
 * has the grid only.
 */
export function ResultTabs(props: {
  ctx: string;
  queryId: number | null;
  /** Names the CSV download. */
  queryName: string;
  tab: VizTab;
  onTabChange: (tab: VizTab) => void;
  /** The completed execution being shown, if any. */
  executionId: string | null;
  /** For "Embed" on a visualization: the page's values and the query's privacy. */
  embed?: EmbedInfo;
}) {
  const { ctx, executionId } = props;
  return (
    <VisualizationTabs
      ctx={ctx}
      queryId={props.queryId ?? 0}
      saved={props.queryId !== null}
      active={props.tab}
      onActiveChange={props.onTabChange}
      embed={props.embed}
      source={executionId ? executionSource(ctx, executionId) : null}
      results={
        executionId && (
          <div data-testid="results-grid">
            <ResultsGrid
              ctx={ctx}
              executionId={executionId}
              csvName={csvFileName(props.queryName, new Date())}
            />
          </div>
        )
      }
    />
  );
}
