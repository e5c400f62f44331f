import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { uploadKeys } from './api';
import { splitFullName } from './full-name';

const tablePath = (fullName: string) => {
  const { namespace, table } = splitFullName(fullName);
  return `/uploads/${encodeURIComponent(namespace)}/${encodeURIComponent(table)}`;
};

/** Removes every row of an uploaded table (the columns stay). */
export function useClearUpload(ctx: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (fullName: string) =>
      api<{ message: string }>(`${tablePath(fullName)}/clear`, { ctx, method: 'POST' }),
    onSettled: () => qc.invalidateQueries({ queryKey: uploadKeys.all(ctx) }),
  });
}

/** Deletes an uploaded table. */
export function useDeleteUpload(ctx: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (fullName: string) =>
      api<{ message: string }>(tablePath(fullName), { ctx, method: 'DELETE' }),
    onSettled: () => qc.invalidateQueries({ queryKey: uploadKeys.all(ctx) }),
  });
}
