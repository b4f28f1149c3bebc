import { useQuery } from '@tanstack/react-query';
import { api, early, queryKeys } from '../../api/client.ts';
import { useEventRealtime } from '../../api/realtime.ts';

/** The event's stored results; live: every recalculation invalidates ['event', id, 'results']. */
export function useResults(id: string | undefined) {
  useEventRealtime(id);
  return useQuery({
    queryKey: queryKeys.results(id ?? ''),
    queryFn: () => api.results(id ?? ''),
    initialData: () => (id ? early.results(id) : undefined),
    enabled: !!id,
  });
}

/** The teams × checkpoints matrix, refreshed with the results. */
export function useResponses(id: string | undefined) {
  useEventRealtime(id);
  return useQuery({
    queryKey: queryKeys.responses(id ?? ''),
    queryFn: () => api.responses(id ?? ''),
    initialData: () => (id ? early.responses(id) : undefined),
    enabled: !!id,
  });
}
