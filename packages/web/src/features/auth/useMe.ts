import { useQuery } from '@tanstack/react-query';
import { api, queryKeys } from '../../api/client.ts';

/** The signed-in user (null when signed out), shared by every component via ['me']. */
export function useMe() {
  return useQuery({ queryKey: queryKeys.me, queryFn: api.me, staleTime: 60_000 });
}

/** The server's public configuration (sign-in providers, whether sign-up is open). */
export function useConfig() {
  return useQuery({ queryKey: queryKeys.config, queryFn: api.config, staleTime: Infinity });
}
