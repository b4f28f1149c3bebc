import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { TeamResult } from '@rada/core';
import { ApiError, api, queryKeys } from '../../api/client.ts';

/** The running view re-reads the results on the team's new marks at most this often. */
export const TEAM_RESULT_MIN_INTERVAL_MS = 10 * 60_000;

/**
 * The team's own line of the results, when the event's results are public (a hidden result list
 * answers 403 and gives null). Never polled: a phone at an event must stay within its traffic
 * budget (e2e/phoneTraffic.test.ts, 40 KB an hour) and a big event's results are tens of KB.
 * It is read when the view opens and again when `refresh` changes (the team's marks sent, the
 * outbox emptied), at most once per `minInterval`.
 */
export function useTeamResult(
  eventId: string,
  teamId: string,
  online: boolean,
  refresh: number,
  minInterval = TEAM_RESULT_MIN_INTERVAL_MS,
): TeamResult | null {
  const results = useQuery({
    queryKey: queryKeys.results(eventId),
    queryFn: () => api.results(eventId),
    enabled: online,
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
    staleTime: Infinity,
    refetchOnMount: 'always',
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  const last = useRef(0);
  const { refetch } = results;
  useEffect(() => {
    if (!online) return;
    const now = Date.now();
    if (last.current === 0) {
      last.current = now;
      return;
    }
    if (now - last.current < minInterval) return;
    last.current = now;
    void refetch();
  }, [refresh, online, minInterval, refetch]);
  return results.data?.results.find((r) => r.teamId === teamId) ?? null;
}
