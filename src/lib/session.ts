import { queryOptions, useSuspenseQuery, type QueryClient } from '@tanstack/react-query';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { ContextEntry, Me } from '../../contract/accounts';
import { api, ApiError } from './api';

/** Who is signed in (null when nobody is) and the contexts the user may act in. */
export const meQueryOptions = queryOptions({
  queryKey: ['me'],
  queryFn: async (): Promise<Me | null> => {
    try {
      return await api<Me>('/auth/me');
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return null;
      throw err;
    }
  },
  staleTime: 60_000,
});

/** The context the user chose last (UI state, per browser); validated against `me` on use. */
export const useContextChoice = create<{ handle: string | null; choose: (h: string) => void }>()(
  persist((set) => ({ handle: null, choose: (handle) => set({ handle }) }), {
    name: 'strata.context',
  }),
);

/** The chosen context if the user still belongs to it, else the personal one. */
export function resolveContext(me: Me, chosen: string | null): ContextEntry {
  const personal = me.contexts.find((c) => c.type === 'user') ?? me.contexts[0]!;
  return me.contexts.find((c) => c.handle === chosen) ?? personal;
}

/** The signed-in user's session; only for pages under the signed-in layout. */
export function useSession() {
  const { data: me } = useSuspenseQuery(meQueryOptions);
  const chosen = useContextChoice((s) => s.handle);
  if (!me?.user) throw new Error('useSession outside the signed-in layout');
  const context = resolveContext(me, chosen);
  return { me, user: me.user, context, ctx: context.handle };
}

/** Handle of the active context: part of every query key and sent with every request. */
export const useCtx = () => useSession().ctx;

/** The active context outside React (route loaders), once the signed-in layout loaded `me`. */
export function activeCtx(qc: QueryClient): string {
  const me = qc.getQueryData(meQueryOptions.queryKey);
  if (!me?.user) throw new Error('activeCtx before the session was loaded');
  return resolveContext(me, useContextChoice.getState().handle).handle;
}
