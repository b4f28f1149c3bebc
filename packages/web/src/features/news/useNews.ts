import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NewsBody } from '@rada/core';
import { api, queryKeys } from '../../api/client.ts';

/** The news, newest first (anyone). */
export function useNews() {
  return useQuery({ queryKey: queryKeys.news, queryFn: api.news, staleTime: 60_000 });
}

/**
 * Adds an item (`time` null) or replaces the item at `time` (the platform owner); the list is
 * read again after either.
 */
export function useSaveNews() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ time, body }: { time: number | null; body: NewsBody }) =>
      time === null ? api.createNews(body) : api.updateNews(time, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.news }),
  });
}

/** Deletes the item at `time` (the platform owner). */
export function useDeleteNews() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (time: number) => api.deleteNews(time),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.news }),
  });
}
