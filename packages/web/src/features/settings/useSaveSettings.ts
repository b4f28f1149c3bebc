import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { SettingsPatch, UpdateEventBody } from '@rada/core';
import { api, queryKeys } from '../../api/client.ts';

/**
 * The settings page's two writers: PATCH /api/events/:id/settings (settings and speed) and
 * PATCH /api/events/:id (name, times, hidden). Each puts the answer straight into the cache.
 */
export function useSaveSettings(eventId: string) {
  const queryClient = useQueryClient();
  const patchSettings = useCallback(
    async (patch: SettingsPatch) => {
      const view = await api.patchSettings(eventId, patch);
      queryClient.setQueryData(queryKeys.settings(eventId), view);
      queryClient.setQueryData(queryKeys.event(eventId), view.event);
    },
    [eventId, queryClient],
  );
  const patchEvent = useCallback(
    async (body: UpdateEventBody) => {
      const event = await api.updateEvent(eventId, body);
      queryClient.setQueryData(queryKeys.event(eventId), event);
      void queryClient.invalidateQueries({ queryKey: queryKeys.events });
    },
    [eventId, queryClient],
  );
  const saveSetting = useCallback(
    (key: string, value: unknown) => patchSettings({ settings: { [key]: value } }),
    [patchSettings],
  );
  return { patchSettings, patchEvent, saveSetting };
}
