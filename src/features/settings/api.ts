import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  AddMemberBody,
  ApiKeySummary,
  CreatedKey as CreatedKeySchema,
  CreateKeyBody,
  CreateTeamBody,
  Member,
  TeamCreated as TeamCreatedSchema,
} from '../../../contract/accounts';
import { api, apiQueryFn } from '../../lib/api';
import { ctxKey } from '../../lib/context-keys';
import { meQueryOptions } from '../../lib/session';

export type CreatedKey = z.infer<typeof CreatedKeySchema>;
export type CreateKeyInput = z.infer<typeof CreateKeyBody>;
export type CreateTeamInput = z.infer<typeof CreateTeamBody>;
export type AddMemberInput = z.infer<typeof AddMemberBody>;
export type TeamCreated = z.infer<typeof TeamCreatedSchema>;

/**
 * Query keys. API keys belong to a context, so their keys start with ctxKey(ctx). A team's
 * members do not depend on the context the user acts in: team calls are context-free and keyed
 * by the team's handle.
 */
export const settingsKeys = {
  apiKeys: (ctx: string) => [...ctxKey(ctx), 'api-keys'] as const,
  members: (team: string) => ['teams', team, 'members'] as const,
};

/** Live API keys of the context `ctx` (sent as x-strata-context). */
export const apiKeysQueryOptions = (ctx: string) =>
  queryOptions({
    queryKey: settingsKeys.apiKeys(ctx),
    queryFn: apiQueryFn<{ keys: ApiKeySummary[] }>('/keys', { ctx }),
    select: (data) => data.keys,
  });

/** Members of a team the user belongs to (context-free: the same in every context). */
export const membersQueryOptions = (team: string) =>
  queryOptions({
    queryKey: settingsKeys.members(team),
    queryFn: apiQueryFn<{ members: Member[] }>(`/teams/${encodeURIComponent(team)}/members`),
    select: (data) => data.members,
  });

/** Creates an API key in `ctx`; the answer holds the secret, which is never fetched again. */
export function useCreateApiKey(ctx: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateKeyInput) =>
      api<CreatedKey>('/keys', { ctx, method: 'POST', body: { ...body, context: ctx } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: settingsKeys.apiKeys(ctx) }),
  });
}

export function useRevokeApiKey(ctx: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<{ ok: true }>(`/keys/${encodeURIComponent(id)}`, { ctx, method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: settingsKeys.apiKeys(ctx) }),
  });
}

/** Creates a team (the user becomes its admin); `me` is refetched so the switcher lists it. */
export function useCreateTeam() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTeamInput) => api<TeamCreated>('/teams', { method: 'POST', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: meQueryOptions.queryKey }),
  });
}

export function useAddMember(team: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AddMemberInput) =>
      api<Member>(`/teams/${encodeURIComponent(team)}/members`, { method: 'POST', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: settingsKeys.members(team) }),
  });
}

/** Removes a member; removing oneself (leaving) also refetches `me`, which then lacks the team. */
export function useRemoveMember(team: string, self: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (user: string) =>
      api<{ ok: true }>(`/teams/${encodeURIComponent(team)}/members/${encodeURIComponent(user)}`, {
        method: 'DELETE',
      }),
    onSuccess: async (_ok, user) => {
      if (user === self) await qc.invalidateQueries({ queryKey: meQueryOptions.queryKey });
      await qc.invalidateQueries({ queryKey: settingsKeys.members(team) });
    },
  });
}
