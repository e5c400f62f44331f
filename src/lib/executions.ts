import type { z } from 'zod';
import type {
  ExecuteQueryResponseSchema,
  ExecutionResultSchema,
  ExecutionStatusSchema,
} from '../../contract/executions';

/** An execution's state and timings (GET /execution/{id}/status). */
export type ExecutionStatus = z.output<typeof ExecutionStatusSchema>;
/** An execution's state with a page of its rows (GET /execution/{id}/results and the like). */
export type ExecutionResult = z.output<typeof ExecutionResultSchema>;
/** The answer to starting a run: `{execution_id, state}`. */
export type ExecuteResponse = z.output<typeof ExecuteQueryResponseSchema>;

/** The path of an execution's status, results or cancel endpoint. */
export const executionPath = (id: string, what: 'status' | 'results' | 'cancel') =>
  `/execution/${encodeURIComponent(id)}/${what}`;

/** What a refetchInterval below reads of a React Query query. */
type Polled = {
  state: {
    status: string;
    data?: { is_execution_finished: boolean } | null;
    dataUpdateCount: number;
  };
};

/**
 * A status read's refetchInterval: again after `ms` (or `ms(reads so far)`) until the execution
 * is finished, and not after a failed read.
 */
export const untilFinished =
  (ms: number | ((updates: number) => number)) =>
  (query: Polled): number | false =>
    query.state.status === 'error' || query.state.data?.is_execution_finished
      ? false
      : typeof ms === 'number'
        ? ms
        : ms(query.state.dataUpdateCount);

/** A result read's refetchInterval: again after `ms` while what it read is not finished. */
export const whileUnfinished =
  (ms: number) =>
  (query: Polled): number | false =>
    query.state.data && !query.state.data.is_execution_finished ? ms : false;
