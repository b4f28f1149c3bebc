import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateTrackingLinkBody } from '@rada/core';
import { api } from '../../api/client.ts';

/** How often an open dialog asks again for the links' last points. */
export const TRACKING_POLL_MS = 10_000;

/** Query keys of this feature; everything under ['event', id, 'tracking'] is refreshed together. */
export const trackingKeys = {
  all: (eventId: string) => ['event', eventId, 'tracking'] as const,
  event: (eventId: string) => ['event', eventId, 'tracking', 'event'] as const,
  team: (eventId: string, teamId: string) =>
    ['event', eventId, 'tracking', 'team', teamId] as const,
};

/** A team's tracking links, read again every TRACKING_POLL_MS while shown. */
export function useTeamTrackingLinks(eventId: string, teamId: string) {
  return useQuery({
    queryKey: trackingKeys.team(eventId, teamId),
    queryFn: () => api.trackingLinks(eventId, teamId),
    refetchInterval: TRACKING_POLL_MS,
  });
}

/** The event's Traccar forwarding (event admins only: `enabled`). */
export function useEventTracking(eventId: string, enabled: boolean) {
  return useQuery({
    queryKey: trackingKeys.event(eventId),
    queryFn: () => api.eventTracking(eventId),
    enabled,
    refetchInterval: TRACKING_POLL_MS,
  });
}

/** Making and stopping links and turning forwarding on or off; each refreshes the lists. */
export function useTrackingMutations(eventId: string, teamId: string) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: trackingKeys.all(eventId) });
  return {
    create: useMutation({
      mutationFn: (body: CreateTrackingLinkBody) => api.createTrackingLink(eventId, teamId, body),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (linkId: string) => api.deleteTrackingLink(eventId, linkId),
      onSuccess: refresh,
    }),
    enableFeed: useMutation({
      mutationFn: () => api.enableTrackerFeed(eventId),
      onSuccess: refresh,
    }),
    disableFeed: useMutation({
      mutationFn: () => api.disableTrackerFeed(eventId),
      onSuccess: refresh,
    }),
  };
}
