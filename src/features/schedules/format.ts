/** "2024-01-02 06:00 UTC": an exact run time in the schedule's zone. */
export const utcText = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

/** The one-click schedules of the form; `custom` takes any five-field cron. */
export const CRON_PRESETS = [
  { value: '0 * * * *', label: 'Every hour' },
  { value: '0 */6 * * *', label: 'Every 6 hours' },
  { value: '0 6 * * *', label: 'Every day at 06:00 UTC' },
  { value: '0 6 * * 1', label: 'Every Monday at 06:00 UTC' },
  { value: 'custom', label: 'Custom' },
] as const;

/** The preset a cron expression is, else `custom`. */
export function presetOf(cron: string): string {
  const c = cron.trim().split(/\s+/).join(' ');
  return CRON_PRESETS.find((p) => p.value === c)?.value ?? 'custom';
}
