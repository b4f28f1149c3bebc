import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  FormControlLabel,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Radio,
  Stack,
  Switch,
  Tooltip,
  Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { useTranslation } from 'react-i18next';
import type { TeamListEntry, TeamTimes } from '@rada/core';
import { useNotify } from '../../components/NotifyProvider.tsx';
import { TeamFields } from './TeamFields.tsx';
import { TimeWarnings, useTimeWarnings } from './TimeWarnings.tsx';
import { editChange, timesAfter } from './teamChanges.ts';
import type { TeamChange } from './teamChanges.ts';
import { changedTeamFields, formFromTeam, removeDevice } from './teamForm.ts';
import type { TeamForm } from './teamForm.ts';
import { useTeamForm } from './useTeamForm.ts';
import { useUpdateTeam } from './useTeams.ts';

interface EditTeamDialogProps {
  eventId: string;
  team: TeamListEntry;
  classes: Map<string, string>;
  readOnly: boolean;
  onClose: () => void;
  /** What to confirm about the team's new times before they are saved, in words (as TimeDialog). */
  warningsFor: (next: TeamTimes) => string[];
  /**
   * A saved edit the Teams tab says with Undo (only times, or only DSQ or withdrawn: editChange);
   * any other edit is said as "Saved".
   */
  onChanged: (change: TeamChange) => void;
}

const FLAGS = ['disabled', 'allowed', 'dsq', 'katk'] as const;

/**
 * 'Edit team': every field of a team's list entry, its devices with the default one among them
 * included. Saving sends only the changed fields, in one PATCH; odd new times are said first
 * and saved with "Save anyway", as in the times dialog.
 */
export function EditTeamDialog({
  eventId,
  team,
  classes,
  readOnly,
  onClose,
  warningsFor,
  onChanged,
}: EditTeamDialogProps) {
  const { t } = useTranslation();
  const notify = useNotify();
  const update = useUpdateTeam(eventId);
  const { form, setForm, change, errors, nrError, validate, saveError } = useTeamForm(() =>
    formFromTeam(team),
  );
  const warnings = useTimeWarnings();
  const changeField = (patch: Partial<TeamForm>) => {
    change(patch);
    if ('start' in patch || 'finish' in patch) warnings.reset();
  };

  const handleSave = () => {
    if (!validate()) return;
    const body = changedTeamFields(team, form);
    if (Object.keys(body).length === 0) return onClose();
    // Only the times the body changes are looked at: an untouched one is the team's own.
    if (!warnings.confirm(() => warningsFor(timesAfter(team, body)))) return;
    const undoable = editChange(t, team, body);
    update.mutate(
      { teamId: team.id, body },
      {
        onSuccess: () => {
          if (undoable) onChanged(undoable);
          else notify(t('teams.saved'));
          onClose();
        },
        onError: saveError,
      },
    );
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" data-testid="team-edit-dialog">
      <DialogTitle>
        {t('teams.edit')}: {team.name}
      </DialogTitle>
      <DialogContent>
        <TeamFields
          form={form}
          onChange={changeField}
          errors={errors}
          nrError={nrError}
          classes={classes}
        />
        <Divider sx={{ my: 2 }} />
        <Typography variant="subtitle2">{t('teams.devices')}</Typography>
        {form.devs.length === 0 ? (
          <Typography variant="body2" color="text.secondary" data-testid="team-form-nodevs">
            {t('teams.nodevices')}
          </Typography>
        ) : (
          <List dense disablePadding data-testid="team-form-devs">
            {form.devs.map((dev) => (
              <ListItem
                key={dev}
                disableGutters
                secondaryAction={
                  <Tooltip title={t('teams.removedevice')}>
                    <IconButton
                      edge="end"
                      aria-label={t('teams.removedevice')}
                      onClick={() => setForm((f) => removeDevice(f, dev))}
                      data-testid={`team-form-removedev-${dev}`}
                    >
                      <DeleteIcon />
                    </IconButton>
                  </Tooltip>
                }
              >
                <Radio
                  checked={form.defaultdev === dev}
                  onChange={() => change({ defaultdev: dev })}
                  slotProps={{ input: { 'aria-label': `${t('teams.defaultdevice')}: ${dev}` } }}
                />
                <ListItemText
                  primary={dev}
                  secondary={form.defaultdev === dev ? t('teams.defaultdevice') : undefined}
                  slotProps={{
                    primary: { sx: { fontFamily: 'monospace', wordBreak: 'break-all' } },
                  }}
                />
              </ListItem>
            ))}
          </List>
        )}
        <Divider sx={{ my: 2 }} />
        <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 2 }}>
          {FLAGS.map((flag) => (
            <FormControlLabel
              key={flag}
              control={
                <Switch
                  checked={form[flag]}
                  onChange={(e) => change({ [flag]: e.target.checked })}
                  slotProps={{ input: { 'data-testid': `team-form-${flag}` } as object }}
                />
              }
              label={t(`teams.${flag}`)}
            />
          ))}
        </Stack>
        <TimeWarnings warnings={warnings.warned} sx={{ mt: 2 }} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('teams.cancel')}</Button>
        <Button
          variant="contained"
          onClick={handleSave}
          disabled={readOnly || update.isPending}
          data-testid="team-form-save"
        >
          {warnings.saveLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
