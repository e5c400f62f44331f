import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Me, SigninBody, SignupBody } from '../../../contract/accounts';
import { api } from '../../lib/api';
import { meQueryOptions } from '../../lib/session';

/** Sign in or up: the server sets the session cookie; the new `me` replaces the cache. */
export function useSignIn() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SigninBody) => api<Me>('/auth/signin', { method: 'POST', body }),
    onSuccess: (me) => {
      qc.clear();
      qc.setQueryData(meQueryOptions.queryKey, me);
    },
  });
}

export function useSignUp() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SignupBody) => api<Me>('/auth/signup', { method: 'POST', body }),
    onSuccess: (me) => {
      qc.clear();
      qc.setQueryData(meQueryOptions.queryKey, me);
    },
  });
}

/** Ends the session and drops every cached answer of the user. */
export function useSignOut() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ ok: true }>('/auth/signout', { method: 'POST' }),
    onSuccess: () => {
      qc.clear();
      qc.setQueryData(meQueryOptions.queryKey, null);
    },
  });
}
