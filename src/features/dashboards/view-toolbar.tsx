import { ActionIcon, Select, Tooltip } from '@mantine/core';
import { IconMaximize, IconMinimize, IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type RefObject } from 'react';
import { ageLimitWords } from '../../lib/result-age';
import type { DashboardScope } from './api';
import { isRefreshInterval, REFRESH_INTERVALS, type RefreshInterval } from './params';
import { rereadLatest } from './viz-source';

const LABELS: Record<RefreshInterval, string> = {
  off: 'Refresh: off',
  '1m': 'Every minute',
  '5m': 'Every 5 minutes',
  '15m': 'Every 15 minutes',
  '1h': 'Every hour',
};

/** Auto-refresh interval of the view (how often each widget looks for a newer result). */
export function RefreshPicker(props: {
  value: RefreshInterval;
  onChange: (v: RefreshInterval) => void;
}) {
  return (
    <Select
      aria-label="Auto-refresh"
      size="xs"
      w={160}
      allowDeselect={false}
      value={props.value}
      data={Object.keys(REFRESH_INTERVALS).map((k) => ({
        value: k,
        label: LABELS[k as RefreshInterval],
      }))}
      onChange={(v) => isRefreshInterval(v) && props.onChange(v)}
    />
  );
}

/**
 * "Refresh": every widget reads its latest result again, now (as an auto-refresh tick does).
 * Under the dashboard's maximum result age the service runs only the queries whose results are
 * older; without one, each widget shows the latest result there is.
 */
export function RefreshButton(props: {
  scope: DashboardScope;
  dashboardId: number;
  /** The maximum result age that applies to the viewer (none for a visitor not signed in). */
  maxAgeSeconds: number | null;
}) {
  const client = useQueryClient();
  // Busy until every widget has read again (not on each poll of a run under way).
  const [reading, setReading] = useState(false);
  const refresh = () => {
    setReading(true);
    void rereadLatest(client, props.scope, props.dashboardId).finally(() => setReading(false));
  };
  const label =
    props.maxAgeSeconds === null
      ? 'Refresh: read each widget’s latest result again'
      : `Refresh: read each widget again, running the queries whose results are older than ${ageLimitWords(props.maxAgeSeconds)}`;
  return (
    <Tooltip label={label}>
      <ActionIcon
        variant="default"
        size="md"
        aria-label="Refresh"
        loading={reading}
        onClick={refresh}
      >
        <IconRefresh size={16} />
      </ActionIcon>
    </Tooltip>
  );
}

/** Full screen for the dashboard's container (the Fullscreen API), and back. */
export function FullscreenButton({ target }: { target: RefObject<HTMLElement | null> }) {
  const [active, setActive] = useState(false);
  useEffect(() => {
    const sync = () => setActive(document.fullscreenElement === target.current);
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, [target]);
  const toggle = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void target.current?.requestFullscreen?.();
  };
  const label = active ? 'Exit full screen' : 'Full screen';
  return (
    <Tooltip label={label}>
      <ActionIcon variant="default" size="md" aria-label={label} onClick={toggle}>
        {active ? <IconMinimize size={16} /> : <IconMaximize size={16} />}
      </ActionIcon>
    </Tooltip>
  );
}
