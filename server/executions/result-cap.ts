import fs from 'node:fs';
import type { Config } from '../config.js';
import type { Tier } from '../engine/tiers.js';

/** The largest result an execution of `tier` may leave (README "Storage"). */
export function resultCap(config: Pick<Config, 'resultStorageBytes'>, tier: Tier): number {
  return Math.floor(config.resultStorageBytes * tier.resultShare);
}

const mib = (bytes: number) => `${Math.round(bytes / 1024 ** 2).toLocaleString('en-US')} MiB`;

export const tooLargeMessage = (tier: Tier, cap: number) =>
  `the result is larger than the ${tier.name} tier keeps (${mib(cap)}); select fewer rows or columns, aggregate, or run it on a larger tier`;

/**
 * Calls `onOver` once when `file` grows past `bytes` while the engine writes it, so a run whose
 * result cannot be kept stops early instead of filling the disk. Returns the stop function.
 */
export function watchFileSize(file: string, bytes: number, onOver: () => void): () => void {
  const timer = setInterval(() => {
    let size = 0;
    try {
      size = fs.statSync(file).size;
    } catch {
      return; // not created yet
    }
    if (size > bytes) {
      clearInterval(timer);
      onOver();
    }
  }, 250);
  timer.unref();
  return () => clearInterval(timer);
}
