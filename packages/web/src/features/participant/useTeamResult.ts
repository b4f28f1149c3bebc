import { useQuery } from '@tanstack/react-query';
import type { TeamResult } from '@rada/core';
import { ApiError, api, queryKeys } from '../../api/client.ts';

/**
 * The team's own line of the results, when the event's results are public (a hidden result list
 * answers 403 and gives null), refreshed with the results while the phone is online.
 */
export function useTeamResult(eventId: string, teamId: string, online: boolean): TeamResult | null {
  const results = useQuery({
    queryKey: queryKeys.results(eventId),
    queryFn: () => api.results(eventId),
    enabled: online,
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
    refetchInterval: online ? 60_000 : false,
  });
  return results.data?.results.find((r) => r.teamId === teamId) ?? null;
}
