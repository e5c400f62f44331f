export const TIER_NAMES = ['small', 'medium', 'large'] as const;
export type TierName = (typeof TIER_NAMES)[number];

export type Tier = {
  name: TierName;
  threads: number;
  memoryLimit: string;
  timeoutMs: number;
  /** Credits per second of execution time; see creditsFor. */
  creditsPerSecond: number;
  /** Credits charged for any execution that started. */
  baseCredits: number;
  /** The largest result, as a share of the context's RESULT_STORAGE_BYTES. */
  resultShare: number;
};

/** Engine resources and prices per performance tier (documented in README.md). */
export const TIERS: Record<TierName, Tier> = {
  small: {
    name: 'small',
    threads: 1,
    memoryLimit: '2GB',
    timeoutMs: 5 * 60_000,
    creditsPerSecond: 0.5,
    baseCredits: 0.5,
    resultShare: 1 / 8,
  },
  medium: {
    name: 'medium',
    threads: 2,
    memoryLimit: '4GB',
    timeoutMs: 15 * 60_000,
    creditsPerSecond: 1,
    baseCredits: 1,
    resultShare: 1 / 4,
  },
  large: {
    name: 'large',
    threads: 2,
    memoryLimit: '8GB',
    timeoutMs: 30 * 60_000,
    creditsPerSecond: 2,
    baseCredits: 2,
    resultShare: 1 / 2,
  },
};

export const DEFAULT_TIER: TierName = 'medium';

/** credits = base + per-second rate × execution seconds, rounded to 0.001; nothing if it never ran. */
export function creditsFor(tier: Tier, executionMs: number | null): number {
  if (executionMs === null) return 0;
  return (
    Math.round((tier.baseCredits + (tier.creditsPerSecond * executionMs) / 1000) * 1000) / 1000
  );
}

export function isTierName(value: unknown): value is TierName {
  return typeof value === 'string' && (TIER_NAMES as readonly string[]).includes(value);
}
