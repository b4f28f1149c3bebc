import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Checkpoint, DeletedKp } from '@rada/core';
import { api, queryKeys } from '../../api/client.ts';

/** The event's deleted KP store (event admins), kept fresh by realtime invalidation. */
export function useDeletedKps(eventId: string, enabled = true) {
  return useQuery({
    queryKey: queryKeys.deletedKps(eventId),
    queryFn: () => api.deletedKps(eventId),
    enabled,
  });
}

/** Team answers held for checkpoints that were deleted or no longer exist (spec 01 screen 12). */
export function useDeletedKpOnTeam(eventId: string, enabled = true) {
  return useQuery({
    queryKey: queryKeys.deletedKpOnTeam(eventId),
    queryFn: () => api.deletedKpOnTeam(eventId),
    enabled,
    retry: false,
  });
}

/** Refetches everything a restore or an answer deletion can change. */
function useRefreshCheckpoints(eventId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.checkpoints(eventId) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.deletedKps(eventId) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.deletedKpOnTeam(eventId) }),
    ]);
}

/** Moves a deleted KP back (POST restore); 409 error.cpnumconflict when its number is taken. */
export function useRestoreKp(eventId: string) {
  const refresh = useRefreshCheckpoints(eventId);
  return useMutation<Checkpoint, Error, string>({
    mutationFn: (deletedId) => api.restoreKp(eventId, deletedId),
    onSettled: refresh,
  });
}

/** Deletes one team's answer for one KP (DELETE /teams/:teamId/answers/:kpId). */
export function useDeleteTeamAnswer(eventId: string) {
  const refresh = useRefreshCheckpoints(eventId);
  return useMutation<void, Error, { teamId: string; kpId: string }>({
    mutationFn: ({ teamId, kpId }) => api.deleteTeamAnswer(eventId, teamId, kpId),
    onSettled: refresh,
  });
}

/** A deleted KP as a map checkpoint, keyed by the deleted record's id. */
export function deletedAsCheckpoint(d: DeletedKp): Checkpoint {
  return { id: d.id, kp: d.kp, data: d.data, answer: d.answer };
}
