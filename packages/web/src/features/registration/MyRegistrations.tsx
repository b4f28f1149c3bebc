import { useState } from 'react';
import {
  Alert,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  Paper,
  Stack,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import { useTranslation } from 'react-i18next';
import type { MyRegistration, RegFormView } from '@rada/core';
import { api } from '../../api/client.ts';
import { useNotify } from '../../components/NotifyProvider.tsx';
import { formatDateTime } from '../events/formatEventDates.ts';
import { RegClassField } from './RegClassField.tsx';
import { className } from './regForm.ts';
import { RegFormFields } from './RegFormFields.tsx';
import { useRefreshRegistrations, useRegFormState } from './useRegForm.ts';

/** The signed-in user's teams in this event, each with an edit button (data-testid reg-mine). */
export function MyRegistrations({ view }: { view: RegFormView }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<MyRegistration | null>(null);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2.5 } }} data-testid="reg-mine">
      <Typography variant="h6" component="h2">
        {t('reg.mine')}
      </Typography>
      <List dense disablePadding>
        {view.mine.map((m) => (
          <ListItem
            key={m.teamId}
            disableGutters
            data-testid={`reg-mine-${m.teamId}`}
            secondaryAction={
              view.open ? (
                <Button
                  size="small"
                  startIcon={<EditIcon />}
                  onClick={() => setEditing(m)}
                  data-testid={`reg-mine-edit-${m.teamId}`}
                >
                  {t('reg.edit')}
                </Button>
              ) : undefined
            }
            sx={{ pr: 12 }}
          >
            <ListItemText
              primary={
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                  <span>{m.name}</span>
                  {m.klassid !== null && (
                    <Chip
                      size="small"
                      variant="outlined"
                      label={className(view, m.klassid)}
                      data-testid={`reg-mine-class-${m.teamId}`}
                    />
                  )}
                  <Chip
                    size="small"
                    color={m.allowed ? 'success' : 'default'}
                    label={t(m.allowed ? 'reg.allowed' : 'reg.waiting')}
                    data-testid={`reg-mine-status-${m.teamId}`}
                  />
                </Stack>
              }
              secondary={
                m.regtime === null
                  ? undefined
                  : t('reg.registeredat', { time: formatDateTime(m.regtime) })
              }
            />
          </ListItem>
        ))}
      </List>
      {editing && (
        <EditMineDialog
          key={editing.teamId}
          view={view}
          mine={editing}
          onClose={() => setEditing(null)}
        />
      )}
    </Paper>
  );
}

function EditMineDialog({
  view,
  mine,
  onClose,
}: {
  view: RegFormView;
  mine: MyRegistration;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const form = useRegFormState(view.fields, mine.values, mine.name);
  const [klass, setKlass] = useState(mine.klassid ?? '');
  const refresh = useRefreshRegistrations(view.eventId);

  const handleSave = async () => {
    const sent = await form.submit((values) =>
      api.updateMyRegistration(view.eventId, mine.teamId, {
        values,
        klassid: klass === '' ? null : klass,
      }),
    );
    if (sent) {
      await refresh();
      notify(t('reg.saved'));
      onClose();
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" fullScreen={fullScreen}>
      <DialogTitle>{t('reg.editmine', { name: mine.name })}</DialogTitle>
      <DialogContent dividers data-testid="reg-mine-dialog">
        <RegClassField view={view} value={klass} onChange={setKlass} disabled={form.busy} />
        <RegFormFields
          fields={view.fields}
          draft={form.draft}
          onChange={form.change}
          errors={form.errors}
          markRequired
          disabled={form.busy}
        />
        {form.error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {form.error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button
          variant="contained"
          disabled={form.busy}
          onClick={() => void handleSave()}
          data-testid="reg-mine-save"
        >
          {t('reg.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
