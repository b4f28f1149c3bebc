import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api, queryKeys } from '../../api/client.ts';
import { storeGuest, storedGuest } from './device.ts';

/**
 * Signs this device in as its guest (POST /api/auth/guest): the guest it made before when its
 * credentials are still kept here, else a new one whose email and secret this device keeps.
 * Resolves to the signed-in user; every query but `me` is read again.
 */
export function useGuestSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const known = storedGuest();
      if (known) {
        try {
          return await api.signIn({ email: known.email, password: known.password });
        } catch (e) {
          if (!(e instanceof ApiError) || e.status !== 401) throw e;
        }
      }
      // The server makes the guest; this device keeps its email and secret to sign in again.
      const made = await api.guest();
      storeGuest({
        email: made.me.email,
        password: made.secret,
        displayName: made.me.displayName,
      });
      return made.me;
    },
    onSuccess: (user) => {
      queryClient.setQueryData(queryKeys.me, user);
      void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'me' });
    },
  });
}
