import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';

/** The query key of the signed-in user's sessions and tokens (under 'me': sign-out clears it). */
export const SESSIONS_KEY = ['me', 'sessions'] as const;

/** The signed-in user's browser sessions and API tokens. */
export function useSessions(enabled: boolean) {
  return useQuery({ queryKey: SESSIONS_KEY, queryFn: api.sessions, enabled });
}

/** Revoke, renew and create; each refreshes the list. */
export function useSessionMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });
  return {
    revoke: useMutation({ mutationFn: api.revokeSession, onSettled: refresh }),
    renew: useMutation({ mutationFn: api.renewToken, onSettled: refresh }),
    create: useMutation({ mutationFn: api.createToken, onSettled: refresh }),
  };
}
