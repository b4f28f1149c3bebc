import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { useTranslation } from 'react-i18next';
import { activeRegFields, shownEmail } from '@rada/core';
import type { EventSummary, RegField, RegistrationRow } from '@rada/core';
import { api } from '../../api/client.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { ErrorState, LoadingState } from '../../components/States.tsx';
import { useNotify } from '../../components/NotifyProvider.tsx';
import { errorText } from '../../i18n/errorText.ts';
import { RegFormFields } from './RegFormFields.tsx';
import { useRefreshRegistrations, useRegFormState, useRegistrations } from './useRegForm.ts';

/** Longest organiser comment (core UpdateRegistrationBody). */
const ORGCOMMENT_MAX = 4000;

/**
 * 'Edit team registration' (spec 01 screen 7): the organiser's comment and the registration
 * form of one team (required fields not enforced), with delete, cancel and ok. `teamId` null
 * means closed.
 */
export function EditRegistrationDialog({
  event,
  teamId,
  onClose,
}: {
  event: EventSummary;
  teamId: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const view = useRegistrations(event.id, teamId !== null);
  const row = view.data?.rows.find((r) => r.teamId === teamId);

  let body: React.ReactNode;
  if (teamId === null) body = null;
  else if (view.isPending) body = <LoadingState />;
  else if (view.isError) body = <ErrorState error={view.error} />;
  else if (!row) body = <ErrorState message={t('reg.teamgone')} />;
  else {
    body = (
      <EditForm
        key={row.teamId}
        event={event}
        row={row}
        fields={activeRegFields(view.data.fields)}
        onClose={onClose}
      />
    );
  }

  return (
    <Dialog
      open={teamId !== null}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      data-testid="reg-edit-dialog"
    >
      <DialogTitle>{t('reg.edit.title')}</DialogTitle>
      {body ?? <DialogContent />}
      {!row && (
        <DialogActions>
          <Button onClick={onClose}>{t('common.close')}</Button>
        </DialogActions>
      )}
    </Dialog>
  );
}

function EditForm({
  event,
  row,
  fields,
  onClose,
}: {
  event: EventSummary;
  row: RegistrationRow;
  fields: RegField[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const refresh = useRefreshRegistrations(event.id);
  const form = useRegFormState(fields, row.values, row.name);
  const [orgcomment, setOrgcomment] = useState(row.orgcomment);
  const [deleting, setDeleting] = useState(false);
  const [asking, setAsking] = useState(false);
  const readOnly = event.arch !== null;

  const handleOk = async () => {
    const sent = await form.submit((values) =>
      api.updateRegistration(event.id, row.teamId, { orgcomment, values }),
    );
    if (sent) {
      await refresh();
      notify(t('reg.saved'));
      onClose();
    }
  };

  const handleDelete = async () => {
    setDeleting(true);
    try {
      await api.deleteTeam(event.id, row.teamId);
      await refresh();
      notify(t('reg.edit.deleted', { name: row.name }));
      onClose();
    } catch (e) {
      notify(errorText(t, e), 'error');
    } finally {
      setDeleting(false);
      setAsking(false);
    }
  };

  return (
    <>
      <DialogContent dividers>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {row.teamId}
          {shownEmail(row.user?.email) ? ` · ${row.user?.email}` : ''}
        </Typography>
        <TextField
          fullWidth
          multiline
          minRows={2}
          label={t('reg.col.orgcomment')}
          value={orgcomment}
          onChange={(e) => setOrgcomment(e.target.value)}
          disabled={readOnly}
          slotProps={{ htmlInput: { maxLength: ORGCOMMENT_MAX, 'data-testid': 'reg-orgcomment' } }}
          sx={{ mb: 3 }}
        />
        <RegFormFields
          fields={fields}
          draft={form.draft}
          onChange={form.change}
          errors={form.errors}
          markRequired={false}
          disabled={form.busy || readOnly}
        />
        {form.error && (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="reg-edit-error">
            {form.error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button
          color="error"
          startIcon={<DeleteIcon />}
          disabled={deleting || readOnly}
          onClick={() => setAsking(true)}
          data-testid="reg-edit-delete"
        >
          {t('reg.edit.delete')}
        </Button>
        <Box sx={{ flex: 1 }} />
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button
          variant="contained"
          disabled={form.busy || readOnly}
          onClick={() => void handleOk()}
          data-testid="reg-edit-ok"
        >
          {t('reg.ok')}
        </Button>
      </DialogActions>
      {asking && (
        <ConfirmDialog
          title={t('reg.edit.delete')}
          message={t('reg.edit.deleteconfirm', { name: row.name })}
          confirmLabel={t('reg.edit.delete')}
          busy={deleting}
          onCancel={() => setAsking(false)}
          onConfirm={() => void handleDelete()}
          testId="reg-delete-dialog"
          confirmTestId="reg-delete-confirm"
        />
      )}
    </>
  );
}
