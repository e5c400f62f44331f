/** "2024-01-02 06:00 UTC": an exact run time in the schedule's zone. */
export const utcText = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

/**
 * The cron helpers the routes give the schedules feature (one set for the app: the matviews
 * feature's CRON_KIT): the one-click presets, the preset an expression is (else `custom`), and
 * an expression in words (null: none).
 */
export type CronKit = {
  presets: readonly { id: string; label: string; cron: string }[];
  presetOf: (cron: string) => string;
  describe: (cron: string) => string | null;
};
