import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../components/NotifyProvider.tsx';
import { errorKey, errorText } from '../../i18n/errorText.ts';
import { teamFormErrors } from './teamForm.ts';
import type { TeamForm } from './teamForm.ts';

/**
 * The add and edit team dialogs' form state: the fields, their errors once a save was tried, and
 * the server's "number taken" error shown on the nr field until nr is edited.
 */
export function useTeamForm(initial: () => TeamForm) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [form, setForm] = useState<TeamForm>(initial);
  const [touched, setTouched] = useState(false);
  const [nrError, setNrError] = useState<string | null>(null);

  const change = (patch: Partial<TeamForm>) => {
    setForm((f) => ({ ...f, ...patch }));
    if ('nr' in patch) setNrError(null);
  };
  /** Shows the form's errors from now on; true when the form may be sent. */
  const validate = () => {
    setTouched(true);
    return Object.keys(teamFormErrors(form)).length === 0;
  };
  /** A failed save: a taken number goes to the nr field, anything else to a notice. */
  const saveError = (e: unknown) => {
    const key = errorKey(e);
    if (key === 'teams.error.nrexists') setNrError(t(key));
    else notify(errorText(t, e), 'error');
  };

  return {
    form,
    setForm,
    change,
    errors: touched ? teamFormErrors(form) : {},
    nrError,
    validate,
    saveError,
  };
}
