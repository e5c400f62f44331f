import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { dashboardPagePath } from '../../../shared/pages/page-protocol';
import { EmbedFrame, EmbedLoading, EmbedNotAvailable } from '../../components/embed-frame';
import { preloadVisualizationView } from '../../components/viz/lazy-visualization-view';
import { ApiError } from '../../lib/api';
import { publicScope } from './api';
import { DashboardWidgets, type ParamWidgetInput } from './dashboard-widgets';
import { REFRESH_INTERVALS, type DashboardSearch } from './params';
import { dashboardBundleOptions } from './public-bundle';
import { WidgetFrame } from './widget-frame';

// Text widgets only: most embedded dashboards have none, so the Markdown renderer stays out.
const LazyMarkdownText = lazy(() =>
  import('../../components/markdown-text').then((m) => ({ default: m.MarkdownText })),
);

function Markdown({ text }: { text: string }) {
  return (
    <Suspense fallback={null}>
      <LazyMarkdownText text={text} />
    </Suspense>
  );
}

/** A parameter widget of an embed: the value it shows for (the URL's, else the default). */
function ParamValue(p: ParamWidgetInput) {
  const value = p.value ?? p.parameter?.value ?? '';
  return (
    <WidgetFrame title={p.paramKey} label={`Parameter ${p.paramKey}`} testId={p.testId}>
      <Text size="sm" truncate="end" data-testid="param-value">
        {value || '–'}
      </Text>
    </WidgetFrame>
  );
}

type Props = {
  owner: string;
  slug: string;
  /** The parameter values (`p.<query_id>.<key>`) and refresh interval, as on the public page. */
  search: DashboardSearch;
  colorScheme: 'light' | 'dark';
};

/**
 * A public dashboard in an embed: its widgets as on its public page, for the URL's parameter
 * values, read-only (parameter widgets show their values; nothing runs). Private or missing:
 * "not available".
 */
export function EmbedDashboard(props: Props) {
  const { owner, slug, search } = props;
  const bundle = useQuery(dashboardBundleOptions(owner, slug));
  // The charts' code loads while the data is read, not after.
  useEffect(preloadVisualizationView, []);
  if (bundle.error instanceof ApiError && bundle.error.status === 404) return <EmbedNotAvailable />;
  if (bundle.isError) return <EmbedNotAvailable message={bundle.error.message} />;
  if (!bundle.data) return <EmbedLoading />;
  const d = bundle.data.dashboard;
  const values = Object.entries(search).filter(([k, v]) => k.startsWith('p.') && v !== undefined);
  const page = dashboardPagePath(d.owner_handle, d.slug);
  const qs = new URLSearchParams(values as [string, string][]).toString();
  return (
    <EmbedFrame
      title={d.name}
      subtitle={`by ${d.owner_handle}`}
      href={`${page}${qs ? `?${qs}` : ''}`}
      scroll
    >
      {/* As on the public page, signed out: the latest results only, nothing runs. */}
      <DashboardWidgets
        scope={publicScope(owner, slug)}
        dashboard={d}
        search={search}
        refreshMs={REFRESH_INTERVALS[search.refresh ?? 'off']}
        signedIn={false}
        colorScheme={props.colorScheme}
        param={(p) => <ParamValue {...p} />}
        Markdown={Markdown}
      />
    </EmbedFrame>
  );
}
