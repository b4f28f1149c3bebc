import { useRef, useState } from 'react';
import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  InputAdornment,
  Stack,
  Switch,
  TextField,
} from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { Dayjs } from 'dayjs';
import { LINK_CHECK_DELAY_MS, defaultEventTimes, isValidShortlink } from '@rada/core';
import type { CreateEventBody, EventSummary } from '@rada/core';
import { api, queryKeys } from '../../api/client.ts';
import { useDebouncedValue } from '../../hooks/useDebouncedValue.ts';
import { useMutateOnce } from '../../hooks/useSubmitOnce.ts';
import { useNotify } from '../../components/NotifyProvider.tsx';
import { DateTimeField } from '../../components/DateTimeField.tsx';
import { errorKey } from '../../i18n/errorText.ts';
import { useMe } from '../auth/useMe.ts';
import { TemplatePicker } from './TemplatePicker.tsx';
import {
  buildCreateBody,
  canCreate,
  linkAfterNameChange,
  linkErrorKey,
  linkStatus,
  templateRefused,
  timeErrors,
} from './createEventForm.ts';
import type { PickedTime, TemplateState } from './createEventForm.ts';

interface CreateEventDialogProps {
  open: boolean;
  onClose: () => void;
  /** Duplicate mode: the event to copy. */
  source?: EventSummary;
}

const picked = (d: Dayjs | null): PickedTime =>
  d === null ? null : d.isValid() ? d.valueOf() : 'invalid';

/**
 * Create or duplicate event dialog (spec 01 screen 4): name, short link (derived from the
 * name until edited, availability checked after a pause), start and end, optional template,
 * remove-permissions switch; Cancel, Create, Create and configure.
 */
export function CreateEventDialog({ open, onClose, source }: CreateEventDialogProps) {
  const { t } = useTranslation();
  const me = useMe();
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const [name, setName] = useState('');
  const [link, setLink] = useState('');
  const [linkEdited, setLinkEdited] = useState(false);
  const [times] = useState(() => defaultEventTimes(new Date()));
  const [start, setStart] = useState<Dayjs | null>(() => dayjs(times.starttime));
  const [end, setEnd] = useState<Dayjs | null>(() => dayjs(times.endtime));
  const [template, setTemplate] = useState<TemplateState>({ status: 'none' });
  const [removePermissions, setRemovePermissions] = useState(true);

  const checkedLink = useDebouncedValue(link, LINK_CHECK_DELAY_MS);
  const exists = useQuery({
    queryKey: queryKeys.linkExists(checkedLink),
    queryFn: () => api.eventExists(checkedLink),
    enabled: open && isValidShortlink(checkedLink),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

  // A repeat of the same create (a retry after a lost answer) gets the event the first one
  // made; after a success the next create gets a new key.
  const idempotencyKey = useRef(newIdempotencyKey());
  const create = useMutation({
    mutationFn: (vars: { body: CreateEventBody; configure: boolean }) =>
      api.createEvent(vars.body, idempotencyKey.current),
    onSuccess: (event, vars) => {
      idempotencyKey.current = newIdempotencyKey();
      queryClient.setQueryData(queryKeys.event(event.id), event);
      void queryClient.invalidateQueries({ queryKey: queryKeys.events });
      onClose();
      notify(t('snackbar.eventcreated', { name: event.name }));
      void navigate(`/${event.id}${vars.configure ? '/settings' : ''}`);
    },
    onError: (error) => {
      setTemplate((current) => templateRefused(current, error));
      notify(t(errorKey(error), { defaultValue: t('error.unknown') }), 'error');
      void queryClient.invalidateQueries({ queryKey: queryKeys.linkExists(link) });
    },
  });

  const status = linkStatus({
    link,
    checkedLink,
    answer: exists.data,
    failed: exists.isError,
  });
  const linkError = linkErrorKey(status);
  const errors = timeErrors(picked(start), picked(end));
  // Both create buttons share one guard: a double click sends one POST, not a 409 after it.
  const once = useMutateOnce(create);
  const busy = once.pending;
  const enabled = canCreate({
    name,
    linkStatus: status,
    start: picked(start),
    end: picked(end),
    template,
    busy,
  });
  const url = `${window.location.origin}/${link}`;

  const handleCreate = (configure: boolean) => {
    const s = picked(start);
    const e = picked(end);
    if (!enabled || typeof s !== 'number' || e === 'invalid') return;
    const body = buildCreateBody({
      name,
      link,
      start: s,
      end: e,
      template,
      removePermissions,
      duplicateOf: source?.id,
    });
    once.mutate({ body, configure });
  };

  const title = source
    ? t('createevent.titleduplicate', { name: source.name })
    : t('createevent.title');

  if (me.data?.creator !== true) {
    return (
      <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>
          <Alert severity="info" data-testid="createevent-nopermission">
            {t(me.data ? 'guide.nocreatorpermission' : 'error.unauthorized')}
          </Alert>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} data-testid="createevent-close">
            {t('common.close')}
          </Button>
        </DialogActions>
      </Dialog>
    );
  }

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} fullWidth maxWidth="sm">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent data-testid="createevent-dialog">
        <Stack sx={{ gap: 2.5, pt: 1 }}>
          <TextField
            label={t('createevent.name')}
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              setLink((l) => linkAfterNameChange(e.target.value, l, linkEdited));
            }}
            autoFocus
            required
            disabled={busy}
            slotProps={{ htmlInput: { 'data-testid': 'createevent-name', maxLength: 200 } }}
          />
          <TextField
            label={t('createevent.shortlink')}
            value={link}
            onChange={(e) => {
              setLink(e.target.value.trim());
              setLinkEdited(true);
            }}
            required
            disabled={busy}
            error={linkError !== null}
            helperText={
              linkError
                ? t(linkError)
                : status === 'checking'
                  ? t('createevent.shortlink.checking')
                  : status === 'available'
                    ? t('createevent.shortlink.available', { url })
                    : t('createevent.shortlink.help', { url })
            }
            slotProps={{
              htmlInput: { 'data-testid': 'createevent-shortlink', maxLength: 64 },
              formHelperText: {
                'data-testid': 'createevent-shortlink-helper',
                'data-status': status,
              } as Record<string, string>,
              input: {
                endAdornment:
                  status === 'checking' ? (
                    <InputAdornment position="end">
                      <CircularProgress size={16} />
                    </InputAdornment>
                  ) : status === 'available' ? (
                    <InputAdornment position="end">
                      <CheckIcon color="success" fontSize="small" />
                    </InputAdornment>
                  ) : undefined,
              },
            }}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2 }}>
            <DateTimeField
              label={t('createevent.starttime')}
              value={start}
              onChange={setStart}
              error={errors.start ? t(errors.start) : null}
              disabled={busy}
              testId="createevent-starttime"
            />
            <DateTimeField
              label={t('createevent.endtime')}
              value={end}
              onChange={setEnd}
              error={errors.end ? t(errors.end) : null}
              clearable
              disabled={busy}
              testId="createevent-endtime"
            />
          </Stack>
          {source && template.status !== 'ok' && (
            <Alert severity="info" icon={<ContentCopyIcon />} data-testid="createevent-source">
              {t('createevent.copyof', { name: source.name })}
            </Alert>
          )}
          <TemplatePicker
            value={template}
            onChange={setTemplate}
            disabled={busy}
            duplicating={source !== undefined}
          />
          {/* Only a copy or a template brings admins with it. */}
          {(source !== undefined || template.status === 'ok') && (
            <FormControlLabel
              control={
                <Switch
                  checked={removePermissions}
                  onChange={(e) => setRemovePermissions(e.target.checked)}
                  disabled={busy}
                  slotProps={{
                    input: { 'data-testid': 'createevent-removepermissions' } as object,
                  }}
                />
              }
              label={t('createevent.removepermissions')}
            />
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy} data-testid="createevent-cancel">
          {t('common.cancel')}
        </Button>
        <Button
          variant="outlined"
          disabled={!enabled}
          onClick={() => handleCreate(false)}
          data-testid="createevent-create"
          startIcon={busy ? <CircularProgress size={16} /> : undefined}
        >
          {t('createevent.create')}
        </Button>
        <Button
          variant="contained"
          disabled={!enabled}
          onClick={() => handleCreate(true)}
          data-testid="createevent-createconfigure"
        >
          {t('createevent.createconfigure')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** A random Idempotency-Key (getRandomValues works on plain http too, unlike randomUUID). */
function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
