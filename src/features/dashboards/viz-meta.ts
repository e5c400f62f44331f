import type { UseQueryResult } from '@tanstack/react-query';
import type {
  DashboardVisualization,
  DashboardVisualizationsResponse,
} from '../../../contract/dashboards';

/**
 * What a widget knows of its visualization from the dashboard's list: its entry, an entry
 * carrying the list's error when the list failed, or undefined while the list loads.
 */
export function metaOf(
  meta: Pick<UseQueryResult<DashboardVisualizationsResponse>, 'isError' | 'error' | 'data'>,
  visualizationId: number,
): DashboardVisualization | undefined {
  if (meta.isError)
    return {
      visualization_id: visualizationId,
      visualization: null,
      query: null,
      error: meta.error?.message ?? 'The visualizations could not be loaded',
    };
  return meta.data?.visualizations.find((v) => v.visualization_id === visualizationId);
}
