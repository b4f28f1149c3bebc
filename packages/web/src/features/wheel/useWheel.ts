import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { WheelUpdateBody } from '@rada/core';
import { api, queryKeys } from '../../api/client.ts';
import { useNotify } from '../../components/NotifyProvider.tsx';
import { errorText } from '../../i18n/errorText.ts';

/** The event's wheel: options, names, entries, added events, the external wheel. */
export function useWheel(eventId: string) {
  return useQuery({ queryKey: queryKeys.wheel(eventId), queryFn: () => api.wheel(eventId) });
}

/** The event's past draws, newest first. */
export function useWheelDraws(eventId: string) {
  return useQuery({
    queryKey: queryKeys.wheelDraws(eventId),
    queryFn: () => api.wheelDraws(eventId),
  });
}

/** Saves a change of the wheel; the answer is the new wheel. Failures show as a notice. */
export function useUpdateWheel(eventId: string) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: (body: WheelUpdateBody) => api.updateWheel(eventId, body),
    onSuccess: (view) => queryClient.setQueryData(queryKeys.wheel(eventId), view),
    onError: (e) => notify(errorText(t, e), 'error'),
  });
}
