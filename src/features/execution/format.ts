import { isRunningState } from '../../../contract/rules/enums';
import type { ExecutionStatus } from '../../lib/resources/executions';

/** 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st, 102nd… */
export function ordinal(n: number): string {
  const mod100 = n % 100;
  if (mod100 >= 11 && mod100 <= 13) return `${n}th`;
  const suffix = ['th', 'st', 'nd', 'rd'][n % 10] ?? 'th';
  return `${n}${suffix}`;
}

/** A duration for people: 340 ms, 4.2 s, 3 min 05 s, 1 h 02 min. */
export function formatDuration(ms: number): string {
  const t = Math.max(0, ms);
  if (t < 1000) return `${Math.round(t)} ms`;
  if (t < 60_000) return `${(Math.floor(t / 100) / 10).toFixed(1)} s`;
  const s = Math.floor(t / 1000);
  if (s < 3600) return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
  return `${Math.floor(s / 3600)} h ${String(Math.floor(s / 60) % 60).padStart(2, '0')} min`;
}

/** Credits to 0.001, as the service rounds them: "0.512 credits", "1 credit". */
export function formatCredits(c: number): string {
  const text = c.toLocaleString('en-US', { maximumFractionDigits: 3 });
  return `${text} ${c === 1 ? 'credit' : 'credits'}`;
}

export function formatRows(n: number): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? 'row' : 'rows'}`;
}

/** Where a failed run's error is in the SQL, when the service says (syntax errors). */
export function errorPosition(status: ExecutionStatus | undefined) {
  const meta = status?.state === 'QUERY_STATE_FAILED' ? status.error?.metadata : undefined;
  return meta ? { line: meta.line, column: meta.column } : null;
}

/** Whether the execution may still be cancelled. */
export const isRunning = (status: ExecutionStatus | undefined) => isRunningState(status?.state);
