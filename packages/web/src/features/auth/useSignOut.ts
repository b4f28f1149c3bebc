import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, queryKeys } from '../../api/client.ts';
import { dismissOneTap } from './oneTapGate.ts';

/**
 * Forgets the signed-in user locally: ['me'] becomes null and everything else refetches; One Tap
 * does not sign them straight back in during this browser session.
 */
export function useForgetMe() {
  const queryClient = useQueryClient();
  return () => {
    dismissOneTap();
    queryClient.setQueryData(queryKeys.me, null);
    void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'me' });
  };
}

/** Signs out on the server, then locally. */
export function useSignOut() {
  const forgetMe = useForgetMe();
  return useMutation({ mutationFn: api.signOut, onSettled: forgetMe });
}
