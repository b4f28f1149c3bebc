import { useState } from 'react';
import {
  Alert,
  Autocomplete,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  FormControlLabel,
  FormLabel,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DEVICE_COMMANDS } from '@rada/core';
import type {
  DeviceCommand,
  EventSummary,
  SendMessageBody,
  SendMessageResult,
  TeamListEntry,
} from '@rada/core';
import { api, queryKeys } from '../../api/client.ts';
import { useNotify } from '../../components/NotifyProvider.tsx';
import { useMutateOnce } from '../../hooks/useSubmitOnce.ts';
import { errorText } from '../../i18n/errorText.ts';
import { useTeams } from '../teams/useTeams.ts';
import { SentMessagesList } from './SentMessagesList.tsx';
import { DeviceUploadsList } from './DeviceUploadsList.tsx';
import { initialMessageForm, sendMessageBody, targetErrorText } from './messageForm.ts';
import type { MessageForm } from './messageForm.ts';

interface SendMessageDialogProps {
  event: EventSummary;
  open: boolean;
  onClose: () => void;
  /** Preselects one team as the target. */
  teamId?: string | null;
}

/**
 * Send message dialog (spec 01 screen 5): a message (title, body) or a command (sendLog, sendGPX,
 * sendDB) to one team's devices or to every team; then how many it reached and why the others
 * failed, and the log of sent messages with their delivery state.
 */
export function SendMessageDialog({ event, open, onClose, teamId }: SendMessageDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" data-testid="msg-dialog">
      <DialogTitle>{t('msg.title')}</DialogTitle>
      {/* Mounted only while open, so every opening starts with a fresh form. */}
      {open && <MessageFormContent event={event} teamId={teamId ?? null} onClose={onClose} />}
    </Dialog>
  );
}

function MessageFormContent({
  event,
  teamId,
  onClose,
}: {
  event: EventSummary;
  teamId: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const teams = useTeams(event.id);
  const [form, setForm] = useState<MessageForm>(() => initialMessageForm(teamId));
  const [result, setResult] = useState<SendMessageResult | null>(null);
  // One send per click burst: a second would queue the message on every device twice.
  const send = useMutateOnce(
    useMutation({
      mutationFn: (body: SendMessageBody) => api.sendMessage(event.id, body),
      onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.messages(event.id) }),
    }),
  );
  const change = (patch: Partial<MessageForm>) => setForm((f) => ({ ...f, ...patch }));
  const body = sendMessageBody(form);
  const teamList = teams.data ?? [];
  const teamById = new Map(teamList.map((x) => [x.id, x]));
  const label = (x: TeamListEntry) => (x.nr ? `${x.nr} ${x.name}` : x.name);

  const handleSend = () => {
    if (!body) return;
    setResult(null);
    send.mutate(body, {
      onSuccess: setResult,
      onError: (e) => notify(errorText(t, e), 'error'),
    });
  };
  const failures = result?.results.filter((r) => r.error) ?? [];

  return (
    <>
      <DialogContent>
        <Stack sx={{ gap: 2 }}>
          <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: { xs: 1, sm: 4 } }}>
            <div>
              <FormLabel>{t('msg.target')}</FormLabel>
              <RadioGroup
                row
                value={form.target}
                onChange={(e) => change({ target: e.target.value as MessageForm['target'] })}
              >
                <FormControlLabel
                  value="all"
                  control={
                    <Radio slotProps={{ input: { 'data-testid': 'msg-target-all' } as object }} />
                  }
                  label={t('msg.target.all')}
                />
                <FormControlLabel
                  value="team"
                  control={
                    <Radio slotProps={{ input: { 'data-testid': 'msg-target-team' } as object }} />
                  }
                  label={t('msg.target.team')}
                />
              </RadioGroup>
            </div>
            <div>
              <FormLabel>{t('msg.kind')}</FormLabel>
              <RadioGroup
                row
                value={form.kind}
                onChange={(e) => change({ kind: e.target.value as MessageForm['kind'] })}
              >
                <FormControlLabel
                  value="message"
                  control={
                    <Radio slotProps={{ input: { 'data-testid': 'msg-kind-message' } as object }} />
                  }
                  label={t('msg.kind.message')}
                />
                <FormControlLabel
                  value="command"
                  control={
                    <Radio slotProps={{ input: { 'data-testid': 'msg-kind-command' } as object }} />
                  }
                  label={t('msg.kind.command')}
                />
              </RadioGroup>
            </div>
          </Stack>
          {form.target === 'team' && (
            <Autocomplete<TeamListEntry>
              options={teamList}
              loading={teams.isPending}
              value={(form.teamId && teamById.get(form.teamId)) || null}
              onChange={(_e, v) => change({ teamId: v?.id ?? null })}
              getOptionLabel={label}
              isOptionEqualToValue={(a, b) => a.id === b.id}
              renderInput={(params) => (
                <TextField
                  {...params}
                  size="small"
                  label={t('msg.team')}
                  error={!form.teamId}
                  helperText={form.teamId ? undefined : t('msg.team.choose')}
                />
              )}
              data-testid="msg-team"
            />
          )}
          {form.kind === 'command' ? (
            <TextField
              select
              size="small"
              label={t('msg.cmnd')}
              value={form.cmnd}
              onChange={(e) => change({ cmnd: e.target.value as DeviceCommand })}
              data-testid="msg-cmnd"
            >
              {DEVICE_COMMANDS.map((c) => (
                <MenuItem key={c} value={c}>
                  <ListItemText primary={c} secondary={t(`msg.cmnd.${c}`)} sx={{ my: 0 }} />
                </MenuItem>
              ))}
            </TextField>
          ) : (
            <>
              <TextField
                size="small"
                label={t('msg.msgtitle')}
                value={form.title}
                onChange={(e) => change({ title: e.target.value })}
                slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'msg-title' } }}
              />
              <TextField
                multiline
                minRows={3}
                label={t('msg.body')}
                value={form.body}
                onChange={(e) => change({ body: e.target.value })}
                slotProps={{ htmlInput: { maxLength: 4000, 'data-testid': 'msg-body' } }}
              />
            </>
          )}
          {result && (
            <Alert
              severity={result.failureCount === 0 ? 'success' : 'warning'}
              data-testid="msg-result"
              data-success={result.successCount}
              data-failure={result.failureCount}
            >
              {t('msg.result', { success: result.successCount, failure: result.failureCount })}
              {failures.length > 0 && (
                <List dense disablePadding>
                  {failures.map((r) => (
                    <ListItem key={r.teamId} disableGutters data-testid={`msg-fail-${r.teamId}`}>
                      <ListItemText
                        primary={`${teamById.get(r.teamId)?.name ?? r.teamId}: ${targetErrorText(t, r)}`}
                        sx={{ my: 0 }}
                      />
                    </ListItem>
                  ))}
                </List>
              )}
            </Alert>
          )}
          <Divider />
          <Typography variant="subtitle1">{t('msg.sent')}</Typography>
          <SentMessagesList eventId={event.id} />
          <Typography variant="subtitle1">{t('msg.uploads')}</Typography>
          <DeviceUploadsList eventId={event.id} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="msg-close">
          {t('msg.close')}
        </Button>
        <Button
          variant="contained"
          onClick={handleSend}
          disabled={!body || send.pending}
          data-testid="msg-send"
        >
          {t('msg.send')}
        </Button>
      </DialogActions>
    </>
  );
}
