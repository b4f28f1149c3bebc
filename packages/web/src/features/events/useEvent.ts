import { useQuery } from '@tanstack/react-query';
import { api, early, queryKeys } from '../../api/client.ts';

/** One event as the caller may see it, kept fresh by realtime invalidation of ['event', id]. */
export function useEvent(id: string | undefined) {
  return useQuery({
    queryKey: queryKeys.event(id ?? ''),
    queryFn: () => api.event(id ?? ''),
    initialData: () => (id ? early.event(id) : undefined),
    enabled: !!id,
  });
}

/** The home page's lists: the caller's events and the public upcoming ones. */
export function useEventLists() {
  return useQuery({ queryKey: queryKeys.events, queryFn: api.events });
}
