import { lazy, Suspense } from 'react';
import type { VisualizationViewProps } from './visualization-view';

export type { VisualizationViewProps, VizSource } from './visualization-view';

const load = () => import('./visualization-view');
const View = lazy(() => load().then((m) => ({ default: m.VisualizationView })));

/** Starts loading the renderer (and ECharts) early, e.g. while a dashboard reads its data. */
export function preloadVisualizationView(): void {
  void load();
}

/**
 * VisualizationView loaded on first use, so ECharts stays out of the entry chunk. Its box
 * (the given height) is reserved while the code loads; this file imports nothing else, so it
 * costs nothing wherever the bundler places it.
 */
export function LazyVisualizationView(props: VisualizationViewProps) {
  return (
    <Suspense
      fallback={
        <div
          style={{ height: props.height }}
          aria-busy="true"
          aria-label="Loading visualization"
          data-testid="viz-loading"
        />
      }
    >
      <View {...props} />
    </Suspense>
  );
}
