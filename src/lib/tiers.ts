import type { Tier } from '../../contract/rules/enums';

/** How each engine tier is named and what it gives (README, "Execution tiers and credits"). */
export const TIER_INFO: Record<Tier, { label: string; description: string }> = {
  small: { label: 'Small', description: '1 thread, 2 GB, 5 min · 0.5 + 0.5 credits/s' },
  medium: { label: 'Medium', description: '2 threads, 4 GB, 15 min · 1 + 1 credit/s' },
  large: { label: 'Large', description: '2 threads, 8 GB, 30 min · 2 + 2 credits/s' },
};
