import { normalizeCron } from './cron-rules';

export type PresetId = 'none' | 'hourly' | 'six-hours' | 'daily' | 'weekly' | 'custom';

/** The schedules offered in one click, wherever a schedule is chosen (views, queries, dashboards). */
export const CRON_PRESETS: { id: PresetId; label: string; cron: string }[] = [
  { id: 'hourly', label: 'Every hour', cron: '0 * * * *' },
  { id: 'six-hours', label: 'Every 6 hours', cron: '0 */6 * * *' },
  { id: 'daily', label: 'Every day at 06:00 UTC', cron: '0 6 * * *' },
  { id: 'weekly', label: 'Every Monday at 06:00 UTC', cron: '0 6 * * 1' },
];

/** A view's choices: the presets, `none` (refreshed on demand only) and `custom` (any cron). */
export const PRESETS: { id: PresetId; label: string; cron: string | null }[] = [
  { id: 'none', label: 'No schedule', cron: '' },
  ...CRON_PRESETS,
  { id: 'custom', label: 'Custom', cron: null },
];

/** The preset a cron expression is (`none` for an empty one), else `custom`. */
export function presetOf(cron: string | null | undefined): PresetId {
  const c = normalizeCron(cron ?? '');
  return PRESETS.find((p) => p.cron === c)?.id ?? 'custom';
}
