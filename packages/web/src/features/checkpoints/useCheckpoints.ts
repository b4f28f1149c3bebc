import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type {
  Checkpoint,
  CheckpointList,
  CreateCheckpointBody,
  ImportCheckpointsBody,
  RenumberBody,
  UpdateCheckpointBody,
} from '@rada/core';
import { api, queryKeys } from '../../api/client.ts';
import { applyPatch } from './kpRows.ts';

/**
 * Server state of an event's checkpoints (TanStack Query). Writes put the server's answer into
 * the cache at once; an edit and a delete show before the server answers and roll back when
 * refused. Realtime `event.changed` invalidates the same keys, so other admins' edits arrive.
 * The deleted store's hooks (list, restore) live in features/deletedKps/useDeletedKps.ts.
 */

/** GET /api/events/:id/checkpoints: the list, whether the caller is an admin, and archived. */
export function useCheckpoints(eventId: string) {
  return useQuery({
    queryKey: queryKeys.checkpoints(eventId),
    queryFn: () => api.checkpoints(eventId),
  });
}

type ListUpdater = (list: CheckpointList) => CheckpointList;

function updateList(queryClient: QueryClient, eventId: string, update: ListUpdater) {
  queryClient.setQueryData<CheckpointList>(queryKeys.checkpoints(eventId), (list) =>
    list ? update(list) : list,
  );
}

const replaceOne =
  (cp: Checkpoint): ListUpdater =>
  (list) => ({
    ...list,
    checkpoints: list.checkpoints.some((c) => c.id === cp.id)
      ? list.checkpoints.map((c) => (c.id === cp.id ? cp : c))
      : [...list.checkpoints, cp],
  });

/** Refetches everything a multi-KP write may have changed. */
function invalidateAll(queryClient: QueryClient, eventId: string) {
  void queryClient.invalidateQueries({ queryKey: queryKeys.checkpoints(eventId), exact: true });
  void queryClient.invalidateQueries({ queryKey: queryKeys.deletedKps(eventId), exact: true });
}

/** POST a new KP; without kp.nr the server gives it the next number. */
export function useCreateCheckpoint(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCheckpointBody) => api.createCheckpoint(eventId, body),
    onSuccess: (cp) => updateList(queryClient, eventId, replaceOne(cp)),
  });
}

/** PATCH one KP, shown at once (optimistic) and rolled back when the server refuses. */
export function useUpdateCheckpoint(eventId: string) {
  const queryClient = useQueryClient();
  const key = queryKeys.checkpoints(eventId);
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateCheckpointBody }) =>
      api.updateCheckpoint(eventId, id, body),
    onMutate: async ({ id, body }) => {
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      const before = queryClient.getQueryData<CheckpointList>(key);
      updateList(queryClient, eventId, (list) => ({
        ...list,
        checkpoints: list.checkpoints.map((c) => (c.id === id ? applyPatch(c, body) : c)),
      }));
      return { before };
    },
    onError: (_e, _vars, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSuccess: (cp) => updateList(queryClient, eventId, replaceOne(cp)),
  });
}

/** DELETE one KP (moved to the deleted store); the answer is the record to undo with. */
export function useDeleteCheckpoint(eventId: string) {
  const queryClient = useQueryClient();
  const key = queryKeys.checkpoints(eventId);
  return useMutation({
    mutationFn: (id: string) => api.deleteCheckpoint(eventId, id),
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      const before = queryClient.getQueryData<CheckpointList>(key);
      updateList(queryClient, eventId, (list) => ({
        ...list,
        checkpoints: list.checkpoints.filter((c) => c.id !== id),
      }));
      return { before };
    },
    onError: (_e, _id, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.deletedKps(eventId), exact: true });
    },
  });
}

/** Imports checkpoints in one transaction (all or nothing). */
export function useImportCheckpoints(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ImportCheckpointsBody) => api.importCheckpoints(eventId, body),
    onSettled: () => invalidateAll(queryClient, eventId),
  });
}

/** Re-enumerates KPs numbered start..end by `add`; 409 error.cpnumconflict on a clash. */
export function useRenumberCheckpoints(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RenumberBody) => api.renumberCheckpoints(eventId, body),
    onSettled: () => invalidateAll(queryClient, eventId),
  });
}
