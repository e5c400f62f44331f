/** How a schedule's run went, as its badges say it (the last run's, and each of its history). */
export const RUN_STATES = {
  ok: { color: 'teal', label: 'OK' },
  running: { color: 'blue', label: 'Running' },
  failed: { color: 'red', label: 'Failed' },
} as const;
