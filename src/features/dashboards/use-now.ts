import { useSyncExternalStore } from 'react';

/** How often the time shown as "3 minutes ago" moves on: finer than any caption's unit. */
export const NOW_TICK_MS = 15_000;

/**
 * One clock for every caption of a page: a single timer while any is shown, none otherwise, so a
 * dashboard of many widgets wakes once per tick (and asks the service nothing).
 */
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;
let now = Date.now();

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (timer === undefined) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const l of listeners) l();
    }, NOW_TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/** The time now (ms), moved on every NOW_TICK_MS while the component is mounted. */
export function useNow(): number {
  return useSyncExternalStore(subscribe, () => now);
}
