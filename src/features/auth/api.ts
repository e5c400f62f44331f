import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Me, SigninBody, SignupBody } from '../../../contract/accounts';
import { api } from '../../lib/api';
import { meQueryOptions } from '../../lib/session';

/** Sign in or up: the server sets the session cookie; the new `me` replaces the cache. */
function useStartSession<Body>(path: '/auth/signin' | '/auth/signup') {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: Body) => api<Me>(path, { method: 'POST', body }),
    onSuccess: (me) => {
      qc.clear();
      qc.setQueryData(meQueryOptions.queryKey, me);
    },
  });
}

export const useSignIn = () => useStartSession<SigninBody>('/auth/signin');
export const useSignUp = () => useStartSession<SignupBody>('/auth/signup');

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
