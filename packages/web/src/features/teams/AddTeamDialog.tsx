import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { TeamListEntry } from '@rada/core';
import { useMutateOnce } from '../../hooks/useSubmitOnce.ts';
import { TeamFields } from './TeamFields.tsx';
import { createTeamBody, emptyTeamForm } from './teamForm.ts';
import { useTeamForm } from './useTeamForm.ts';
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
  const create = useMutateOnce(useCreateTeam(eventId));
  const { form, change, errors, nrError, validate, saveError } = useTeamForm(() =>
    emptyTeamForm(colour),
  );

  const handleSave = () => {
    if (!validate()) return;
    create.mutate(createTeamBody(form), { onSuccess: onCreated, onError: saveError });
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" data-testid="team-add-dialog">
      <DialogTitle>{t('teams.add')}</DialogTitle>
      <DialogContent>
        <TeamFields
          form={form}
          onChange={change}
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
          disabled={create.pending}
          data-testid="team-form-save"
        >
          {t('teams.add')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
