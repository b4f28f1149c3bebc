import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RecomputeTicketsResult, SpeedArea, SpeedTicketRow } from '@rada/core';
import { ApiError, api, queryKeys } from '../../api/client.ts';

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
    // The server sends the team's name too (SpeedTicketRow).
    queryFn: async () => (await api.speedTickets(eventId)) as SpeedTicketRow[],
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

/**
 * POST /api/events/:id/speedtickets/recompute. (The shared client has no function for it yet;
 * this one follows its conventions: cookie, JSON, ApiError with the server's key.)
 */
async function recomputeSpeedTickets(eventId: string): Promise<RecomputeTicketsResult> {
  let response: Response;
  try {
    response = await fetch(`/api/events/${encodeURIComponent(eventId)}/speedtickets/recompute`, {
      method: 'POST',
      credentials: 'include',
      headers: { Accept: 'application/json' },
    });
  } catch (e) {
    throw new ApiError(0, 'error.network', e instanceof Error ? e.message : String(e));
  }
  const body = (await response.json().catch(() => null)) as
    (RecomputeTicketsResult & { error?: string; message?: string }) | null;
  if (!response.ok) {
    throw new ApiError(response.status, body?.error ?? 'error.internal', body?.message ?? '');
  }
  return body as RecomputeTicketsResult;
}

export function useRecomputeTickets(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => recomputeSpeedTickets(eventId),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: queryKeys.speedTickets(eventId), exact: true }),
  });
}
