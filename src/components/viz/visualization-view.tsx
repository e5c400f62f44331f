import type { VisualizationType } from '../../../contract/visualizations';
import type { Obj } from '../../../shared/viz/read';
import { ChartView } from './chart-view';
import { CounterView } from './counter-view';
import { TableView } from './table-view';
import { useVizHead, type VizSource } from './use-viz-data';
import { VizError, VizErrorBoundary, VizLoading, VizMessage } from './viz-states';

export type { VizSource } from './use-viz-data';

export type VisualizationViewProps = {
  visualization: { name: string; type: VisualizationType; options: Record<string, unknown> };
  source: VizSource;
  /** A number of pixels, or e.g. '100%' inside a dashboard cell. */
  height: number | string;
  colorScheme: 'light' | 'dark';
};

/** Chart and table need the result's columns and row count first; a counter reads its row directly. */
function WithHead(props: VisualizationViewProps) {
  const { visualization: viz, source } = props;
  const { head, error, pending } = useVizHead(source);
  if (error) return <VizError error={error} />;
  if (pending || !head) return <VizLoading />;
  if (viz.type === 'table') return <TableView options={viz.options} source={source} head={head} />;
  return (
    <ChartView
      options={viz.options as Obj}
      name={viz.name}
      source={source}
      head={head}
      colorScheme={props.colorScheme}
    />
  );
}

/**
 * One visualization of a result, in a box of the given height: loads its data through React
 * Query (keys start with `source.key`), and shows loading, empty results and errors inside the
 * box, so one failing visualization never breaks the page around it. Types Strata does not
 * draw yet (pivot, funnel, sankey, ...) say so.
 */
export function VisualizationView(props: VisualizationViewProps) {
  const { visualization: viz } = props;
  let body;
  if (viz.type === 'counter')
    body = <CounterView options={viz.options} name={viz.name} source={props.source} />;
  else if (viz.type === 'chart' || viz.type === 'table') body = <WithHead {...props} />;
  else
    body = (
      <VizMessage testId="viz-not-rendered">
        {viz.type} visualizations are stored but not rendered yet
      </VizMessage>
    );
  return (
    <div
      style={{ height: props.height, position: 'relative', minHeight: 0 }}
      data-testid="visualization"
      data-viz-type={viz.type}
    >
      <VizErrorBoundary resetKey={JSON.stringify([viz.type, viz.options])}>{body}</VizErrorBoundary>
    </div>
  );
}
