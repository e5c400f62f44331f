import type { DashboardVisualization } from '../../../contract/dashboards';
import type { Parameter } from '../../../contract/parameters';

/** What the editor shows and needs about a visualization: its name and its query's parameters. */
export type VizInfo = {
  name: string;
  type: string;
  queryId: number | null;
  queryName: string;
  parameters: Parameter[];
  error: string | null;
};

export function infoFromMeta(m: DashboardVisualization): VizInfo {
  return {
    name: m.visualization?.name ?? `Visualization ${m.visualization_id}`,
    type: m.visualization?.type ?? '',
    queryId: m.query?.query_id ?? null,
    queryName: m.query?.name ?? '',
    parameters: m.query?.parameters ?? [],
    error: m.error,
  };
}
