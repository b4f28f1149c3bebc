import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateJoinCodeBody, JoinCodeView, UpdateJoinCodeBody } from '@rada/core';
import { api, queryKeys } from '../../api/client.ts';

/**
 * Server state of the organiser's join codes. Realtime `joincodes` changes invalidate
 * ['event', id, 'joincodes'], so a use by someone else shows in an open list.
 */

/** GET /api/events/:id/joincodes (event admins). */
export function useJoinCodes(eventId: string, enabled = true) {
  return useQuery({
    queryKey: queryKeys.joinCodes(eventId),
    queryFn: () => api.joinCodes(eventId),
    enabled,
  });
}

const replace = (list: JoinCodeView[] | undefined, code: JoinCodeView) =>
  list?.some((c) => c.code === code.code)
    ? list.map((c) => (c.code === code.code ? code : c))
    : [...(list ?? []), code];

/** POST a new code; the answer joins the cached list at once. */
export function useCreateJoinCode(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateJoinCodeBody) => api.createJoinCode(eventId, body),
    onSuccess: (code) =>
      queryClient.setQueryData<JoinCodeView[]>(queryKeys.joinCodes(eventId), (list) =>
        replace(list, code),
      ),
  });
}

/** PATCH a code (single-team flag or validity); the answer replaces it in the cached list. */
export function useUpdateJoinCode(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ code, body }: { code: string; body: UpdateJoinCodeBody }) =>
      api.updateJoinCode(eventId, code, body),
    onSuccess: (code) =>
      queryClient.setQueryData<JoinCodeView[]>(queryKeys.joinCodes(eventId), (list) =>
        replace(list, code),
      ),
  });
}

/** DELETE a code; it leaves the cached list at once. */
export function useDeleteJoinCode(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.deleteJoinCode(eventId, code),
    onSuccess: (_void, code) =>
      queryClient.setQueryData<JoinCodeView[]>(queryKeys.joinCodes(eventId), (list) =>
        list?.filter((c) => c.code !== code),
      ),
  });
}
