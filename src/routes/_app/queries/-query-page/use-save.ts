import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Parameter } from '../../../../../contract/parameters';
import type { Dialect } from '../../../../../contract/rules/enums';
import { definitionsToSave } from '../../../../features/parameters/definitions';
import { ApiError } from '../../../../lib/api';
import { executionKeys } from '../../../../lib/resources/executions';
import { createQuery, queryKeys, updateQuery } from '../../../../lib/resources/queries';
import type { Saving } from './adoptable-run';
import { removedNotice } from './save-notice';

export type SaveInput = {
  name: string;
  sql: string;
  parameters: Parameter[];
  dialect: Dialect;
  /** The saved version the edits began from: a newer one on the server refuses the save (409). */
  version?: number;
};

/** What a refused save met: the version someone else saved since the edits began. */
export const isStaleSave = (err: unknown) => err instanceof ApiError && err.status === 409;

/**
 * Saving the page: PATCH /query/{id}, or POST /query for a new one. The definitions the SQL no
 * longer uses are dropped (with a notice), those it uses without a definition become text ones,
 * and the run of exactly this text (`adoptable`) goes along as `execution_id`, so the query opens
 * with that result. Resolves to the query's id and what was saved.
 */
export function useSave(opts: {
  ctx: string;
  /** Null: a new query, created by this save. */
  queryId: number | null;
  adoptable: (saving: Saving) => string | undefined;
}) {
  const qc = useQueryClient();
  const { ctx, queryId } = opts;
  return useMutation({
    mutationFn: async (input: SaveInput) => {
      const { parameters, removed } = definitionsToSave(input.parameters, input.sql);
      const body = {
        name: input.name,
        query_sql: input.sql,
        parameters,
        dialect: input.dialect,
        execution_id: opts.adoptable({ sql: input.sql, parameters, dialect: input.dialect }),
      };
      const { query_id } =
        queryId === null
          ? await createQuery(ctx, body)
          : await updateQuery(ctx, queryId, body, input.version);
      return { id: query_id, sql: input.sql, dialect: input.dialect, parameters, removed };
    },
    // Someone else saved first: read the query again, so its new version is known.
    onError: (err) =>
      isStaleSave(err) && queryId !== null
        ? qc.invalidateQueries({ queryKey: queryKeys.detail(ctx, queryId) })
        : undefined,
    onSuccess: async ({ id, removed }) => {
      if (removed.length)
        notifications.show({ color: 'blue', title: 'Saved', message: removedNotice(removed) });
      await Promise.all([
        qc.invalidateQueries({ queryKey: queryKeys.all(ctx) }),
        qc.invalidateQueries({ queryKey: executionKeys.latestOf(ctx, id) }),
      ]);
    },
  });
}
