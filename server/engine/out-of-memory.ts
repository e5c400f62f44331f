import type { Tier } from './tiers.js';

const GIB = 1024 ** 3;
const MIB = 1024 ** 2;

const size = (bytes: number) =>
  bytes >= GIB ? `${+(bytes / GIB).toFixed(1)} GiB` : `${+(bytes / MIB).toFixed(1)} MiB`;

/**
 * DuckDB's out-of-memory failure of a run, told in the tier's terms: which limit it passed (the
 * tier's memory, or the disk an execution may spill to as well) and what to try, followed by
 * DuckDB's own first line (how much it asked for, how much was used). Its advice to change
 * settings is left out: a sandbox's settings are locked. Undefined for any other failure.
 */
export function outOfMemoryMessage(
  message: string,
  tier: Tier,
  maxSpillBytes: number,
): string | undefined {
  if (!/^Out of Memory Error/i.test(message)) return undefined;
  const detail = message.split('\n')[0]!.trim();
  const memory = `the ${tier.name} tier's memory limit of ${tier.memoryLimit}`;
  const advice =
    tier.name === 'large'
      ? 'make the query hold less at once (fewer groups, narrower rows, a smaller join side)'
      : 'run it on a larger tier or make the query hold less at once';
  if (/failed to offload/i.test(detail))
    return `the query needed more than ${memory} and more than the ${size(maxSpillBytes)} of disk an execution may spill to; ${advice}. ${detail}`;
  return `the query needed more than ${memory}, after spilling to disk what it could; ${advice}. ${detail}`;
}
