import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SpeedArea, SpeedTicketRow } from '@rada/core';
import { api, queryKeys } from '../../api/client.ts';

/**
 * Server state of the event's speed areas and tickets. Realtime `speed` changes invalidate both
 * keys, so another admin's edit or a recomputation after new track points shows at once.
 */

export function useSpeedAreas(eventId: string) {
  return useQuery({
    queryKey: queryKeys.speedAreas(eventId),
    queryFn: () => api.speedAreas(eventId),
  });
}

export function useSpeedTickets(eventId: string) {
  return useQuery({
    queryKey: queryKeys.speedTickets(eventId),
    queryFn: (): Promise<SpeedTicketRow[]> => api.speedTickets(eventId),
  });
}

export function usePutSpeedArea(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, area }: { id: string; area: SpeedArea }) =>
      api.putSpeedArea(eventId, id, area),
    onSuccess: (area, { id }) =>
      queryClient.setQueryData<Record<string, SpeedArea>>(queryKeys.speedAreas(eventId), (all) => ({
        ...all,
        [id]: area,
      })),
  });
}

export function useDeleteSpeedArea(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.deleteSpeedArea(eventId, id),
    onSuccess: (_void, id) =>
      queryClient.setQueryData<Record<string, SpeedArea>>(queryKeys.speedAreas(eventId), (all) => {
        const next = { ...all };
        delete next[id];
        return next;
      }),
  });
}

export function useRecomputeTickets(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.recomputeSpeedTickets(eventId),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: queryKeys.speedTickets(eventId), exact: true }),
  });
}
