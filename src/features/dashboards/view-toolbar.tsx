import { ActionIcon, Select, Tooltip } from '@mantine/core';
import { IconMaximize, IconMinimize } from '@tabler/icons-react';
import { useEffect, useState, type RefObject } from 'react';
import { isRefreshInterval, REFRESH_INTERVALS, type RefreshInterval } from './params';

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
