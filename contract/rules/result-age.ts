/**
 * A maximum result age: how old a result a saved query's readers (and a dashboard's viewers)
 * accept before a run is due. Seconds; null means no maximum, the latest result whatever its
 * age (the hosted service's `latest`). The one rule of what is fresh enough: the server
 * answers from it and the app words it.
 */
export const RESULT_AGE_LIMITS = {
  /** A minute: anything shorter is a run per read. */
  minSeconds: 60,
  /** Thirty days: older results are gone by then in most set-ups (RESULT_TTL_DAYS). */
  maxSeconds: 30 * 24 * 3600,
} as const;

/** Whether a result that ended at `endedAt` is young enough for `maxAgeSeconds` at `now`. */
export function isFreshEnough(
  endedAt: string | null,
  maxAgeSeconds: number | null,
  now: number = Date.now(),
): boolean {
  if (maxAgeSeconds === null) return true;
  if (endedAt === null) return false;
  return now - Date.parse(endedAt) <= maxAgeSeconds * 1000;
}

/** The policy that governs a dashboard's widget: the dashboard's own, else its query's. */
export const governingAge = (
  dashboardSeconds: number | null | undefined,
  querySeconds: number | null | undefined,
): number | null => dashboardSeconds ?? querySeconds ?? null;
