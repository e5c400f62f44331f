import { stringifySearch } from '../lib/search-text';
import { EmbedNotAvailable } from '../components/embed-frame';
import { EmbedDashboard } from '../features/dashboards/embed-dashboard';
import { valuesToSearch } from '../features/parameters/url-values';
import { EmbedVisualization } from '../features/visualizations/embed-visualization';
import type { EmbedLocation } from './embed-location';

/** The embed page the location names; composed here, since features never import each other. */
export function EmbedApp({ at }: { at: EmbedLocation }) {
  if (at.kind === 'dashboard')
    return (
      <EmbedDashboard owner={at.owner} slug={at.slug} search={at.search} colorScheme={at.theme} />
    );
  if (at.kind === 'visualization') {
    const page = `/queries/${at.queryId}${stringifySearch({
      ...valuesToSearch(at.values),
      viz: at.visualizationId,
    })}`;
    return (
      <EmbedVisualization
        queryId={at.queryId}
        visualizationId={at.visualizationId}
        values={at.values}
        href={page}
        colorScheme={at.theme}
      />
    );
  }
  return <EmbedNotAvailable />;
}
