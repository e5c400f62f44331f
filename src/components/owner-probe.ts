import { useQuery } from '@tanstack/react-query';
import { useRouterState } from '@tanstack/react-router';
import type { ContextEntry } from '../../contract/accounts';
import { api } from '../lib/api';
import { meQueryOptions, resolveContext, useContextChoice } from '../lib/session';

/** The object a detail page shows, as the API reads it: `/queries/7` → `/query/7`. */
export function objectOfPath(
  path: string,
): { noun: 'query' | 'dashboard'; apiPath: string } | null {
  const m = /^\/(queries|dashboards)\/(\d+)(?:\/|$)/.exec(path);
  if (!m) return null;
  return m[1] === 'queries'
    ? { noun: 'query', apiPath: `/query/${m[2]}` }
    : { noun: 'dashboard', apiPath: `/dashboards/${m[2]}` };
}

/**
 * On a detail page that is not found in the active context (a private object of a team, opened
 * from a teammate's link while acting personally): the other context of the user where it is
 * found, if any. Each of the user's other contexts is asked once, in order.
 */
export function useOwnerProbe(): {
  noun: 'query' | 'dashboard';
  found: ContextEntry | null;
} | null {
  const path = useRouterState({ select: (s) => s.location.pathname });
  const me = useQuery(meQueryOptions).data;
  const chosen = useContextChoice((s) => s.handle);
  const object = objectOfPath(path);
  const active = me?.user ? resolveContext(me, chosen).handle : null;
  const others = me?.user ? me.contexts.filter((c) => c.handle !== active) : [];
  const probe = useQuery({
    queryKey: ['owner-probe', active, object?.apiPath, others.map((c) => c.handle)],
    enabled: object !== null && others.length > 0,
    staleTime: 60_000,
    queryFn: async () => {
      for (const c of others) {
        try {
          await api(object!.apiPath, { ctx: c.handle });
          return c;
        } catch {
          // not readable there either
        }
      }
      return null;
    },
  });
  if (!object || !probe.isSuccess) return null;
  return { noun: object.noun, found: probe.data };
}
