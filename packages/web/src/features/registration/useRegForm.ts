import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RegField } from '@rada/core';
import { api, queryKeys } from '../../api/client.ts';
import { errorText } from '../../i18n/errorText.ts';
import { fieldErrors, initialDraft, valuesOf } from './regForm.ts';
import type { RegDraft, RegDraftValue } from './regForm.ts';

/** GET /api/events/:id/reg: the registration page's form, the caller's teams and the public list. */
export function useRegFormView(eventId: string | undefined) {
  return useQuery({
    queryKey: queryKeys.regForm(eventId ?? ''),
    queryFn: () => api.regForm(eventId ?? ''),
    enabled: !!eventId,
  });
}

/** GET /api/events/:id/registrations (event admins). */
export function useRegistrations(eventId: string, enabled = true) {
  return useQuery({
    queryKey: queryKeys.registrations(eventId),
    queryFn: () => api.registrations(eventId),
    enabled,
  });
}

/** Refreshes everything that shows registrations after a change of ours. */
export function useRefreshRegistrations(eventId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.regForm(eventId), exact: true }),
      queryClient.invalidateQueries({ queryKey: queryKeys.registrations(eventId), exact: true }),
      queryClient.invalidateQueries({ queryKey: queryKeys.teams(eventId) }),
    ]);
}

/**
 * A registration form being filled in: the draft, the server's per-field problems and its
 * general error, and `submit`, which sends the draft's values through `send`.
 */
export function useRegFormState(
  fields: readonly RegField[],
  values?: Record<string, unknown>,
  name?: string,
) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<RegDraft>(() => initialDraft(fields, values, name));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const change = (id: string, value: RegDraftValue) => {
    setDraft((d) => ({ ...d, [id]: value }));
    setErrors((e) => {
      if (!(id in e)) return e;
      const rest = { ...e };
      delete rest[id];
      return rest;
    });
  };

  /** Sends the form; the answer when it was accepted, else null (problems shown). */
  const submit = async <T>(
    send: (values: Record<string, unknown>) => Promise<T>,
  ): Promise<{ answer: T } | null> => {
    setBusy(true);
    setError(null);
    try {
      const answer = await send(valuesOf(fields, draft));
      setErrors({});
      return { answer };
    } catch (e) {
      setErrors(fieldErrors(e));
      setError(errorText(t, e));
      return null;
    } finally {
      setBusy(false);
    }
  };

  return { draft, change, errors, error, busy, submit };
}
