import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EventMapImageView, EventMapPatch } from '@rada/core';
import { api, queryKeys } from '../../api/client.ts';

/**
 * Server state of the event's map images (the organiser's panel). Realtime `maps` changes
 * invalidate the list (another admin's edit, a cut that finished); while a map is being cut the
 * list is also read every second, for its progress bar.
 */

/** How often the list is read while a map is being cut, ms. */
const CUTTING_POLL_MS = 1000;

export function useMapImages(eventId: string) {
  return useQuery({
    queryKey: queryKeys.mapImages(eventId),
    queryFn: () => api.mapImages(eventId),
    refetchInterval: (query) =>
      query.state.data?.some((m) => m.state === 'cutting') ? CUTTING_POLL_MS : false,
  });
}

/** Puts one map's new view into the list (an upload, a patch) and refreshes the event's map. */
export function useStoreMapImage(eventId: string) {
  const queryClient = useQueryClient();
  return (view: EventMapImageView) => {
    queryClient.setQueryData<EventMapImageView[]>(queryKeys.mapImages(eventId), (all) => {
      const list = all ?? [];
      return list.some((m) => m.id === view.id)
        ? list.map((m) => (m.id === view.id ? view : m))
        : [...list, view];
    });
    void queryClient.invalidateQueries({ queryKey: queryKeys.eventMap(eventId), exact: true });
  };
}

export function usePatchMapImage(eventId: string) {
  const store = useStoreMapImage(eventId);
  return useMutation({
    mutationFn: ({ mapId, patch }: { mapId: string; patch: EventMapPatch }) =>
      api.patchMapImage(eventId, mapId, patch),
    onSuccess: store,
  });
}

/** Moves a map to its place among the event's maps (0 first): the others move too, so all are read again. */
export function useMoveMapImage(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ mapId, position }: { mapId: string; position: number }) =>
      api.patchMapImage(eventId, mapId, { position }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.mapImages(eventId), exact: true });
      void queryClient.invalidateQueries({ queryKey: queryKeys.eventMap(eventId), exact: true });
    },
  });
}

export function useDeleteMapImage(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mapId: string) => api.deleteMapImage(eventId, mapId),
    onSuccess: (_void, mapId) => {
      queryClient.setQueryData<EventMapImageView[]>(queryKeys.mapImages(eventId), (all) =>
        (all ?? []).filter((m) => m.id !== mapId),
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.eventMap(eventId), exact: true });
      void queryClient.invalidateQueries({ queryKey: queryKeys.mapLibrary, exact: true });
    },
  });
}

export function useMapLibrary(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.mapLibrary,
    queryFn: () => api.mapLibrary(),
    enabled,
  });
}

export function useAddLibraryMap(eventId: string) {
  const store = useStoreMapImage(eventId);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mapId: string) => api.addLibraryMap(eventId, mapId),
    onSuccess: (view) => {
      store(view);
      void queryClient.invalidateQueries({ queryKey: queryKeys.mapLibrary, exact: true });
    },
  });
}

export function useRemoveLibraryMap() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mapId: string) => api.removeLibraryMap(mapId),
    onSuccess: () =>
      void queryClient.invalidateQueries({ queryKey: queryKeys.mapLibrary, exact: true }),
  });
}
