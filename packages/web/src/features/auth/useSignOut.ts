import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, queryKeys } from '../../api/client.ts';

/** Forgets the signed-in user locally: ['me'] becomes null and everything else refetches. */
export function useForgetMe() {
  const queryClient = useQueryClient();
  return () => {
    queryClient.setQueryData(queryKeys.me, null);
    void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'me' });
  };
}

/** Signs out on the server, then locally. */
export function useSignOut() {
  const forgetMe = useForgetMe();
  return useMutation({ mutationFn: api.signOut, onSettled: forgetMe });
}
