import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateQueryRequest } from '../../../../../contract/queries';
import { queryKeys } from '../../../../features/queries/api';
import { api } from '../../../../lib/api';

/** PATCH /query/{id}; afterwards the detail, lists and versions of the query are refetched. */
export function useSaveQuery(ctx: string, id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (changes: UpdateQueryRequest) =>
      api<{ query_id: number }>(`/query/${id}`, { ctx, method: 'PATCH', body: changes }),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.all(ctx) }),
  });
}
