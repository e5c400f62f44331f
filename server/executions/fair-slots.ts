/**
 * How engine slots are shared between contexts (README "Fair engine slots"):
 *
 * 1. A context runs at most `contextLimit` executions at once: MAX_CONCURRENT_EXECUTIONS, but
 *    never more than half of the engine slots (at least one).
 * 2. A context that already runs something leaves the last free slot to a context that runs
 *    nothing, so a newcomer's small query starts while others run large ones.
 * 3. A free slot goes to the waiting context that runs the fewest executions; among equals, to
 *    the one whose execution has waited longest (round-robin across contexts).
 */
export type SlotRules = { engineSlots: number; maxConcurrentExecutions: number };

/** Executions one context may run at once. */
export function contextLimit(r: SlotRules): number {
  return Math.min(r.maxConcurrentExecutions, Math.max(1, Math.floor(r.engineSlots / 2)));
}

/**
 * The index in `pending` (oldest first) of the execution to start next, or -1 when none may
 * start now. `running` counts each context's running executions. One process: the free slots
 * are the engine slots less everything running. A cluster passes the free slots of the node
 * that claims, with `running` counted across every node (cluster-claims.ts).
 */
export function pickNext(
  pending: readonly { contextId: number }[],
  running: ReadonlyMap<number, number>,
  r: SlotRules,
  free = r.engineSlots - [...running.values()].reduce((a, b) => a + b, 0),
): number {
  if (free <= 0) return -1;
  const limit = contextLimit(r);
  let best = -1;
  let bestRunning = Infinity;
  for (let i = 0; i < pending.length; i++) {
    const n = running.get(pending[i]!.contextId) ?? 0;
    if (n >= limit || (n > 0 && free === 1) || n >= bestRunning) continue;
    best = i;
    bestRunning = n;
    if (n === 0) break;
  }
  return best;
}
