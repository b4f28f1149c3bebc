import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { TeamListEntry } from '@rada/core';
import { useNotify } from '../../components/NotifyProvider.tsx';
import { errorKey, errorText } from '../../i18n/errorText.ts';
import { TeamFields } from './TeamFields.tsx';
import { createTeamBody, emptyTeamForm, teamFormErrors } from './teamForm.ts';
import type { TeamForm } from './teamForm.ts';
import { useCreateTeam } from './useTeams.ts';

interface AddTeamDialogProps {
  eventId: string;
  classes: Map<string, string>;
  /** The number the server gives when nr is left empty, shown as the field's placeholder. */
  nextNr: string;
  /** The colour preset for the new team. */
  colour: string;
  onClose: () => void;
  onCreated: (team: TeamListEntry) => void;
}

/** 'Add team': a new team's name and optional number, class, colour and times. */
export function AddTeamDialog({
  eventId,
  classes,
  nextNr,
  colour,
  onClose,
  onCreated,
}: AddTeamDialogProps) {
  const { t } = useTranslation();
  const notify = useNotify();
  const create = useCreateTeam(eventId);
  const [form, setForm] = useState<TeamForm>(() => emptyTeamForm(colour));
  const [touched, setTouched] = useState(false);
  const [nrError, setNrError] = useState<string | null>(null);
  const errors = touched ? teamFormErrors(form) : {};

  const handleChange = (patch: Partial<TeamForm>) => {
    setForm((f) => ({ ...f, ...patch }));
    if ('nr' in patch) setNrError(null);
  };
  const handleSave = () => {
    setTouched(true);
    if (Object.keys(teamFormErrors(form)).length > 0) return;
    create.mutate(createTeamBody(form), {
      onSuccess: onCreated,
      onError: (e) => {
        const key = errorKey(e);
        if (key === 'teams.error.nrexists') setNrError(t(key));
        else notify(errorText(t, e), 'error');
      },
    });
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" data-testid="team-add-dialog">
      <DialogTitle>{t('teams.add')}</DialogTitle>
      <DialogContent>
        <TeamFields
          form={form}
          onChange={handleChange}
          errors={errors}
          nrError={nrError}
          nrPlaceholder={nextNr}
          classes={classes}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('teams.cancel')}</Button>
        <Button
          variant="contained"
          onClick={handleSave}
          disabled={create.isPending}
          data-testid="team-form-save"
        >
          {t('teams.add')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
