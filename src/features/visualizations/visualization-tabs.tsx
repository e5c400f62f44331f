import '@mantine/core/styles/Tabs.css';
import { Alert, Tabs, Text } from '@mantine/core';
import { IconChartBar, IconPlus, IconTable } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { VizSource } from '../../components/viz/use-viz-data';
import { vizListOptions } from '../../lib/resources/visualizations';
import type { EmbedInfo } from './embed-button';
import { NewVisualizationEditor, VisualizationEditor } from './visualization-editor';

/** The active tab: the results grid, a saved visualization's id, or a new one. */
export type VizTab = 'results' | 'new' | number;

/**
 * Tabs under the query: "Results" (the grid), one per saved visualization (its editor with a
 * live preview over the result being shown), and "+ New visualization". Only saved queries
 * have visualizations.
 */
export function VisualizationTabs(props: {
  ctx: string;
  queryId: number;
  /** False for a temporary (unsaved) query. */
  saved: boolean;
  active: VizTab;
  onActiveChange: (tab: VizTab) => void;
  source: VizSource | null;
  results: ReactNode;
  /** For a saved visualization's "Embed": the page's values and the query's privacy. */
  embed?: EmbedInfo;
}) {
  const { ctx, queryId } = props;
  const list = useQuery({ ...vizListOptions(ctx, queryId), enabled: props.saved });
  const vizzes = list.data?.results ?? [];
  const known =
    props.active === 'results' ||
    props.active === 'new' ||
    vizzes.some((v) => v.id === props.active);
  // A deleted or foreign id in the URL falls back to the results once the list is known.
  const active = !props.saved || (list.data && !known) ? 'results' : String(props.active);
  const pick = (v: string | null) =>
    props.onActiveChange(
      v === null || v === 'results' ? 'results' : v === 'new' ? 'new' : Number(v),
    );
  const common = {
    ctx,
    queryId,
    source: props.source,
    onSaved: (id: number) => props.onActiveChange(id),
    onDeleted: () => props.onActiveChange('results'),
  };
  return (
    <Tabs value={active} onChange={pick} keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value="results" leftSection={<IconTable size={16} />}>
          Results
        </Tabs.Tab>
        {vizzes.map((v) => (
          <Tabs.Tab key={v.id} value={String(v.id)} leftSection={<IconChartBar size={16} />}>
            {v.name}
          </Tabs.Tab>
        ))}
        {props.saved && (
          <Tabs.Tab value="new" leftSection={<IconPlus size={16} />}>
            New visualization
          </Tabs.Tab>
        )}
      </Tabs.List>
      <Tabs.Panel value="results" pt="sm">
        {!props.saved && (
          <Text size="sm" c="dimmed" mb="xs">
            Save the query to add visualizations.
          </Text>
        )}
        {list.error && (
          <Alert color="red" mb="xs">
            Visualizations could not be loaded: {list.error.message}
          </Alert>
        )}
        {props.results}
      </Tabs.Panel>
      {vizzes.map((v) => (
        <Tabs.Panel key={v.id} value={String(v.id)} pt="sm">
          <VisualizationEditor {...common} vizId={v.id} embed={props.embed} />
        </Tabs.Panel>
      ))}
      {props.saved && (
        <Tabs.Panel value="new" pt="sm">
          <NewVisualizationEditor {...common} />
        </Tabs.Panel>
      )}
    </Tabs>
  );
}
