import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  CreateDashboardRequest,
  DashboardResponse,
  UpdateDashboardRequest,
} from '../../../contract/dashboards';
import { ApiError, api } from '../../lib/api';
import { appScope, dashboardKeys } from './api';
import { vizItemId } from '../../../shared/dashboards/grid-layout';
import type { Draft } from './draft';
import { draftFromDashboard, patchWidgets, resolveNewWidgetIds } from './grid-mapping';

/** Dashboard writes (kept apart from api.ts, whose read options the route loaders import). */
function remember(qc: QueryClient, ctx: string, d: DashboardResponse) {
  qc.setQueryData(dashboardKeys.dashboard(appScope(ctx), d.dashboard_id), d);
  return qc.invalidateQueries({ queryKey: dashboardKeys.lists(ctx) });
}

export function useCreateDashboard(ctx: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: Pick<CreateDashboardRequest, 'name' | 'is_private'>) =>
      api<DashboardResponse>('/dashboards', { ctx, method: 'POST', body }),
    onSuccess: (d) => remember(qc, ctx, d),
  });
}

/** PATCH /dashboards/{id}: name, slug, tags, privacy or widgets; the answer becomes the cache. */
export function useUpdateDashboard(ctx: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateDashboardRequest }) =>
      api<DashboardResponse>(`/dashboards/${id}`, { ctx, method: 'PATCH', body }),
    onSuccess: (d) => remember(qc, ctx, d),
  });
}

export function useArchiveDashboard(ctx: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, archive }: { id: number; archive: boolean }) =>
      api<{ dashboard_id: number; ok: boolean }>(
        `/dashboards/${id}/${archive ? 'archive' : 'unarchive'}`,
        { ctx, method: 'POST' },
      ),
    onSuccess: (_d, { id }) =>
      qc
        .invalidateQueries({ queryKey: dashboardKeys.dashboard(appScope(ctx), id) })
        .then(() => qc.invalidateQueries({ queryKey: dashboardKeys.lists(ctx) })),
  });
}

/**
 * Saves the editor's draft: one PATCH with every widget array, and a second one for parameter
 * widgets that drive visualization widgets new in this draft (their ids come from the first).
 * Resolves to what the service returned last, which the page then shows.
 */
export function useSaveDashboard(ctx: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, draft, version }: { id: number; draft: Draft; version: number }) => {
      // Each step is a change to the version it starts from: a save by someone else meanwhile
      // is refused (409) rather than overwritten.
      const patch = (body: UpdateDashboardRequest, ifMatch: number) =>
        api<DashboardResponse>(`/dashboards/${id}`, { ctx, method: 'PATCH', body, ifMatch });
      const { pending, ...first } = patchWidgets(draft);
      const saved = await patch(first, version);
      if (pending.length === 0) return saved;
      // Second step: everything as saved (ids kept), plus the held-back parameter widgets.
      const ids = resolveNewWidgetIds(draft, saved);
      const again = draftFromDashboard(saved);
      for (const w of draft.widgets) {
        const item = draft.layout.find((l) => l.i === w.id);
        const target = w.kind === 'param' ? ids.get(w.target) : undefined;
        if (w.kind !== 'param' || !pending.includes(w.id) || !item || target === undefined)
          continue;
        again.widgets.push({ ...w, target: vizItemId(target) });
        again.layout.push(item);
      }
      const { pending: unresolved, ...second } = patchWidgets(again);
      if (unresolved.length > 0) throw new Error('Could not save every parameter widget');
      return patch(second, saved.version);
    },
    onSuccess: async (d) => {
      await remember(qc, ctx, d);
      await qc.invalidateQueries({
        queryKey: dashboardKeys.visualizations(appScope(ctx), d.dashboard_id),
      });
    },
    // Someone else saved first: read theirs, so leaving edit mode shows it.
    onError: (err, { id }) =>
      err instanceof ApiError && err.status === 409
        ? qc.invalidateQueries({ queryKey: dashboardKeys.dashboard(appScope(ctx), id) })
        : undefined,
  });
}
