import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  Alert,
  Box,
  Button,
  Checkbox,
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
  MenuItem,
  Stack,
  Switch,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { EventSummary, WheelOptions, WheelView } from '@rada/core';
import { api, queryKeys } from '../../api/client.ts';
import { ErrorState, LoadingState } from '../../components/States.tsx';
import { useNotify } from '../../components/NotifyProvider.tsx';
import { errorText } from '../../i18n/errorText.ts';
import { useUpdateWheel, useWheel } from './useWheel.ts';
import { WheelDrawList } from './WheelDrawList.tsx';

const TEXT_OPTIONS = ['title', 'description', 'winnerMessage'] as const;
const SWITCH_OPTIONS = [
  'displayWinnerDialog',
  'animateWinner',
  'showTitle',
  'autoRemoveWinner',
  'launchConfetti',
] as const;

/** A text option saved when the field is left (only when it changed). */
function OptionText({
  name,
  value,
  onSave,
}: {
  name: (typeof TEXT_OPTIONS)[number];
  value: string;
  onSave: (value: string) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  return (
    <TextField
      size="small"
      label={t(`wheel.option.${name}`)}
      value={text}
      multiline={name === 'description'}
      onChange={(e) => setText(e.target.value)}
      onBlur={() => {
        if (text !== value) onSave(text);
      }}
      slotProps={{ htmlInput: { 'data-testid': `wheel-option-${name}`, maxLength: 500 } }}
    />
  );
}

/** The wheel's options: texts and switches (spec 02 §3). */
function OptionsSection({ view, eventId }: { view: WheelView; eventId: string }) {
  const { t } = useTranslation();
  const update = useUpdateWheel(eventId);
  const save = (config: Partial<WheelOptions>) => update.mutate({ config });
  return (
    <Stack sx={{ gap: 1.5 }}>
      <Typography variant="subtitle1">{t('wheel.options')}</Typography>
      {TEXT_OPTIONS.map((name) => (
        <OptionText
          key={name}
          name={name}
          value={view.options[name]}
          onSave={(value) => save({ [name]: value })}
        />
      ))}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2 }}>
        {SWITCH_OPTIONS.map((name) => (
          <FormControlLabel
            key={name}
            control={
              <Switch
                checked={view.options[name]}
                onChange={(e) => save({ [name]: e.target.checked })}
                slotProps={{ input: { 'data-testid': `wheel-option-${name}` } as object }}
              />
            }
            label={t(`wheel.option.${name}`)}
          />
        ))}
      </Box>
    </Stack>
  );
}

/** The added events and the ones that may be added (spec 02 §6, §9). */
function EventsSection({ view, eventId }: { view: WheelView; eventId: string }) {
  const { t, i18n } = useTranslation();
  const update = useUpdateWheel(eventId);
  const [pick, setPick] = useState('');
  const ids = view.events.map((e) => e.id);
  const date = (ms: number | null) =>
    ms === null ? '' : new Date(ms).toLocaleDateString(i18n.language);
  return (
    <Stack sx={{ gap: 1 }}>
      <Typography variant="subtitle1">{t('wheel.events')}</Typography>
      <Typography variant="body2" color="text.secondary">
        {t('wheel.events.help')}
      </Typography>
      {view.events.length > 0 && (
        <List dense disablePadding data-testid="wheel-events">
          {view.events.map((e) => (
            <ListItem
              key={e.id}
              disableGutters
              secondaryAction={
                <IconButton
                  edge="end"
                  aria-label={t('wheel.events.remove', { name: e.name })}
                  disabled={update.isPending}
                  onClick={() => update.mutate({ events: ids.filter((id) => id !== e.id) })}
                >
                  <DeleteIcon />
                </IconButton>
              }
            >
              <ListItemText
                primary={e.name}
                secondary={`${date(e.starttime)} · ${t('wheel.events.teams', { count: e.teams })}`}
              />
            </ListItem>
          ))}
        </List>
      )}
      {view.candidates.length === 0 ? (
        <Typography variant="body2" color="text.secondary" data-testid="wheel-events-none">
          {t('wheel.events.none')}
        </Typography>
      ) : (
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center' }}>
          <TextField
            select
            size="small"
            label={t('wheel.events.pick')}
            value={pick}
            onChange={(e) => setPick(e.target.value)}
            sx={{ flex: 1 }}
            slotProps={{
              select: { SelectDisplayProps: { 'data-testid': 'wheel-event-pick' } as object },
            }}
          >
            {view.candidates.map((c) => (
              <MenuItem key={c.id} value={c.id} data-testid={`wheel-candidate-${c.id}`}>
                {c.name} {c.starttime !== null ? `(${date(c.starttime)})` : ''}
              </MenuItem>
            ))}
          </TextField>
          <Button
            variant="outlined"
            disabled={pick === '' || update.isPending}
            onClick={() =>
              update.mutate({ events: [...ids, pick] }, { onSuccess: () => setPick('') })
            }
            data-testid="wheel-event-add"
          >
            {t('wheel.events.add')}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}

/** Every team name with a tick: unticked names are ignored (left off the wheel). */
function NamesSection({ view, eventId }: { view: WheelView; eventId: string }) {
  const { t } = useTranslation();
  const update = useUpdateWheel(eventId);
  const ignored = new Set(view.ignored);
  const toggle = (name: string, on: boolean) =>
    update.mutate({
      ignored: on ? view.ignored.filter((n) => n !== name) : [...view.ignored, name],
    });
  return (
    <Stack sx={{ gap: 0.5 }}>
      <Typography variant="subtitle1">{t('wheel.names')}</Typography>
      <Typography variant="body2" color="text.secondary">
        {t('wheel.names.help')}
      </Typography>
      {view.names.length === 0 ? (
        <Typography color="text.secondary">{t('wheel.names.none')}</Typography>
      ) : (
        <Box
          data-testid="wheel-names"
          sx={{
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))',
            maxHeight: 260,
            overflow: 'auto',
          }}
        >
          {view.names.map((name) => (
            <FormControlLabel
              key={name}
              label={name}
              control={
                <Checkbox
                  size="small"
                  checked={!ignored.has(name)}
                  disabled={update.isPending}
                  onChange={(e) => toggle(name, e.target.checked)}
                />
              }
            />
          ))}
        </Box>
      )}
    </Stack>
  );
}

/**
 * The wheel on wheelofnames.com (spec 02 §4): Create when none is stored, Recreate (the old one
 * deleted first) when one is; off while busy, with no names, or when the stored wheel matches.
 */
function ExternalSection({ view, eventId }: { view: WheelView; eventId: string }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.wheel(eventId) });
  const create = useMutation({
    mutationFn: () => api.wheelOfNames(eventId, { request: 'create' }),
    onSuccess: () => notify(t('wheel.external.created'), 'success'),
    onError: (e) => notify(errorText(t, e), 'error'),
    onSettled: refresh,
  });
  // A stored wheel is checked once on opening: one the service no longer has clears the id.
  const checked = useRef(false);
  useEffect(() => {
    if (checked.current || view.external.path === null) return;
    checked.current = true;
    api
      .wheelOfNames(eventId, { request: 'getwheels' })
      .then(refresh, (e: unknown) => notify(errorText(t, e), 'error'));
  });
  const { path, url, matches } = view.external;
  return (
    <Stack sx={{ gap: 1 }} data-testid="wheel-external">
      <Typography variant="subtitle1">{t('wheel.external')}</Typography>
      <Typography variant="body2" color="text.secondary" data-testid="wheel-external-state">
        {path === null
          ? t('wheel.external.none')
          : matches
            ? t('wheel.external.matches')
            : t('wheel.external.differs')}
      </Typography>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
        <Button
          variant="contained"
          loading={create.isPending}
          disabled={create.isPending || view.entries.length === 0 || (path !== null && matches)}
          onClick={() => create.mutate()}
          data-testid="wheel-external-create"
        >
          {path === null ? t('wheel.external.create') : t('wheel.external.recreate')}
        </Button>
        {url && (
          <Button
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            endIcon={<OpenInNewIcon />}
            data-testid="wheel-external-link"
          >
            {t('wheel.external.open')}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}

/** The wheel of names dialog (spec 02 §2): link to the wheel, events, names, options, draws. */
export function WheelDialog({ event, onClose }: { event: EventSummary; onClose: () => void }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'));
  const wheel = useWheel(event.id);
  let body: React.ReactNode;
  if (wheel.isPending) body = <LoadingState />;
  else if (wheel.isError)
    body = <ErrorState error={wheel.error} onRetry={() => void wheel.refetch()} />;
  else {
    const view = wheel.data;
    body = (
      <Stack sx={{ gap: 2 }} divider={<Divider flexItem />}>
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          <Button
            variant="contained"
            component={RouterLink}
            to={`/${event.id}/wheel`}
            data-testid="wheel-open"
          >
            {t('wheel.open')}
          </Button>
          <Typography color="text.secondary" data-testid="wheel-entries-count">
            {t('wheel.entries', { count: view.entries.length })}
          </Typography>
        </Stack>
        {event.arch && <Alert severity="info">{t('wheel.error.archived')}</Alert>}
        <NamesSection view={view} eventId={event.id} />
        <EventsSection view={view} eventId={event.id} />
        <OptionsSection view={view} eventId={event.id} />
        {view.external.configured && <ExternalSection view={view} eventId={event.id} />}
        <Stack sx={{ gap: 0.5 }}>
          <Typography variant="subtitle1">{t('wheel.draws')}</Typography>
          <WheelDrawList eventId={event.id} dense />
        </Stack>
      </Stack>
    );
  }
  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={narrow}
      maxWidth="md"
      fullWidth
      data-testid="wheel-dialog"
    >
      <DialogTitle>{t('wheel.title')}</DialogTitle>
      <DialogContent>{body}</DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="wheel-dialog-close">
          {t('wheel.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
