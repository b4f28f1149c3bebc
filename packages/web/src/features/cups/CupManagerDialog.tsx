import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  MenuItem,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CUP_POINTS_PRESETS, cupTitle, nextPointsEntry, shortlinkFromName } from '@rada/core';
import type { CupView, EventSummary, UpdateCupBody, UserRecord } from '@rada/core';
import { api, queryKeys } from '../../api/client.ts';
import { ErrorState, LoadingState } from '../../components/States.tsx';
import { useNotify } from '../../components/NotifyProvider.tsx';
import { useDebouncedValue } from '../../hooks/useDebouncedValue.ts';
import { errorText } from '../../i18n/errorText.ts';
import { formatEventDates } from '../events/formatEventDates.ts';
import { UserSearchField } from '../users/UserSearchField.tsx';

/** How long after typing stops a link is checked and a setting saved (spec 02 §5). */
const LINK_CHECK_MS = 500;
const AUTOSAVE_MS = 1000;

/**
 * The create-series dialog: name, link (from the name, as an event's, until edited by hand;
 * checked 500 ms after typing stops), first event year.
 */
function CreateCupDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (id: string) => void;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [name, setName] = useState('');
  const [link, setLink] = useState('');
  const [linkEdited, setLinkEdited] = useState(false);
  const [year, setYear] = useState(String(new Date().getFullYear()));
  const checked = useDebouncedValue(link.trim(), LINK_CHECK_MS);
  const check = useQuery({
    queryKey: ['cupLink', checked],
    queryFn: () => api.cupLinkCheck(checked),
    enabled: checked !== '' && /^[A-Za-z0-9_-]+$/.test(checked),
  });
  const create = useMutation({
    mutationFn: () => api.createCup({ id: link.trim(), name: name.trim(), year: Number(year) }),
    onSuccess: (cup) => onCreated(cup.id),
    onError: (e) => notify(errorText(t, e), 'error'),
  });
  const linkError =
    link.trim() === ''
      ? t('cup.error.emptylink')
      : !/^[A-Za-z0-9_-]+$/.test(link.trim())
        ? t('cup.error.badlink')
        : checked === link.trim() && check.data?.free === false
          ? t('cup.error.usedlink')
          : '';
  const free = checked === link.trim() && check.data?.free === true;
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth data-testid="cup-create-dialog">
      <DialogTitle>{t('cup.create.title')}</DialogTitle>
      <DialogContent>
        <Stack sx={{ gap: 2, pt: 1 }}>
          <TextField
            label={t('cup.create.name')}
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              if (!linkEdited) setLink(shortlinkFromName(e.target.value));
            }}
            slotProps={{ htmlInput: { 'data-testid': 'cup-create-name' } }}
          />
          <TextField
            label={t('cup.create.link')}
            value={link}
            onChange={(e) => {
              setLink(e.target.value);
              // Emptied, the link follows the name again.
              setLinkEdited(e.target.value !== '');
            }}
            error={linkError !== '' && link !== ''}
            helperText={
              linkError || (free ? t('cup.create.linkfree', { link: `/cup/${link.trim()}` }) : ' ')
            }
            slotProps={{ htmlInput: { 'data-testid': 'cup-create-link' } }}
          />
          <TextField
            label={t('cup.create.year')}
            type="number"
            value={year}
            onChange={(e) => setYear(e.target.value)}
            slotProps={{ htmlInput: { 'data-testid': 'cup-create-year' } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('cup.cancel')}</Button>
        <Button
          variant="contained"
          disabled={
            name.trim() === '' || !free || !Number.isInteger(Number(year)) || create.isPending
          }
          onClick={() => create.mutate()}
          data-testid="cup-create-save"
        >
          {t('cup.create.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Picks events the caller administers, newest first, not yet in the series. */
export function EventPicker({
  exclude,
  onPick,
  onClose,
}: {
  exclude: readonly { id: string }[];
  onPick: (id: string) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const events = useQuery({ queryKey: queryKeys.events, queryFn: () => api.events() });
  const inCup = new Set(exclude.map((e) => e.id));
  const list = (events.data?.mine ?? [])
    .filter((e) => e.role !== null && !inCup.has(e.id))
    .sort((a, b) => (b.starttime ?? 0) - (a.starttime ?? 0));
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth data-testid="cup-event-picker">
      <DialogTitle>{t('cup.manage.pick')}</DialogTitle>
      <DialogContent>
        {events.isPending ? (
          <LoadingState />
        ) : list.length === 0 ? (
          <Typography color="text.secondary">{t('cup.manage.pick.none')}</Typography>
        ) : (
          <List dense>
            {list.map((e) => (
              <ListItemButton
                key={e.id}
                onClick={() => onPick(e.id)}
                data-testid={`cup-pick-${e.id}`}
              >
                <ListItemText
                  primary={e.name}
                  secondary={formatEventDates(e.starttime, null, i18n.language) ?? e.id}
                />
              </ListItemButton>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('cup.cancel')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** A number field that saves 1 s after typing stops; empty clears it (null). */
function AutosaveNumber({
  label,
  value,
  onSave,
  testId,
}: {
  label: string;
  value: number | null;
  onSave: (value: number | null) => void;
  testId: string;
}) {
  const [text, setText] = useState(value === null ? '' : String(value));
  const settled = useDebouncedValue(text, AUTOSAVE_MS);
  useEffect(() => {
    const next = settled.trim() === '' ? null : Number(settled.replace(',', '.'));
    if (next !== value && (next === null || Number.isFinite(next))) onSave(next);
    // Only a settled change of the text saves.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);
  return (
    <TextField
      size="small"
      type="number"
      label={label}
      value={text}
      onChange={(e) => setText(e.target.value)}
      slotProps={{ htmlInput: { 'data-testid': testId } }}
      sx={{ width: 180 }}
    />
  );
}

/** The points-per-place editor (05 §1): presets, add one lower than the last, delete the last. */
function PointsEditor({
  points,
  onChange,
}: {
  points: number[];
  onChange: (points: number[]) => void;
}) {
  const { t } = useTranslation();
  return (
    <Box data-testid="cup-points">
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="subtitle2">{t('cup.manage.points')}</Typography>
        {(['25', '100'] as const).map((preset) => (
          <Button
            key={preset}
            size="small"
            variant="outlined"
            onClick={() => onChange([...CUP_POINTS_PRESETS[preset]])}
            data-testid={`cup-points-preset-${preset}`}
          >
            {t('cup.manage.preset', { first: preset })}
          </Button>
        ))}
      </Stack>
      <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap', alignItems: 'center' }}>
        {points.map((p, i) => (
          <Chip
            key={i}
            size="small"
            label={`${i + 1}. ${p}`}
            onDelete={i === points.length - 1 ? () => onChange(points.slice(0, -1)) : undefined}
          />
        ))}
        <Button
          size="small"
          startIcon={<AddIcon />}
          onClick={() => onChange([...points, nextPointsEntry(points)])}
          data-testid="cup-points-add"
        >
          {nextPointsEntry(points)}
        </Button>
      </Stack>
    </Box>
  );
}

/**
 * The cup management screen (spec 02 §2): the series dropdown (year descending, then name), a
 * new series, its results, admins, the current event in or out, other events by a picker, the
 * events, and the points settings, which save 1 s after typing stops.
 */
export function CupManagerDialog({
  event,
  cup: initial,
  onClose,
}: {
  event?: EventSummary;
  /** The series shown first (the series page's own); else the first of the caller's. */
  cup?: string;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const queryClient = useQueryClient();
  const cups = useQuery({ queryKey: queryKeys.cups(true), queryFn: () => api.cups(true) });
  const [chosen, setChosen] = useState<string | null>(initial ?? null);
  const [creating, setCreating] = useState(false);
  const [picking, setPicking] = useState(false);
  const [adminPick, setAdminPick] = useState<UserRecord | null>(null);
  const cupId = chosen ?? cups.data?.[0]?.id ?? null;
  const cup = useQuery({
    queryKey: queryKeys.cup(cupId ?? ''),
    queryFn: () => api.cup(cupId ?? ''),
    enabled: cupId !== null,
  });
  const onError = (e: unknown) => notify(errorText(t, e), 'error', { persistent: true });
  const change = useMutation({
    mutationFn: (run: () => Promise<CupView>) => run(),
    onSuccess: (view) => {
      queryClient.setQueryData(queryKeys.cup(view.id), view);
      void queryClient.invalidateQueries({ queryKey: queryKeys.cupStandings(view.id) });
      void queryClient.invalidateQueries({ queryKey: ['cups'] });
    },
    onError,
  });
  const save = (body: UpdateCupBody) => cupId && change.mutate(() => api.updateCup(cupId, body));
  const view = cup.data;
  const inCup = useMemo(
    () => (view && event ? view.events.some((e) => e.id === event.id) : false),
    [view, event],
  );

  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={fullScreen}
      maxWidth="md"
      fullWidth
      data-testid="cup-manager"
    >
      <DialogTitle>{t('cup.manage.title')}</DialogTitle>
      <DialogContent>
        <Stack
          direction="row"
          sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap', pt: 1, mb: 2 }}
        >
          <TextField
            select
            size="small"
            label={t('cup.manage.series')}
            value={cupId ?? ''}
            onChange={(e) => setChosen(e.target.value)}
            sx={{ minWidth: 240 }}
            slotProps={{ htmlInput: { 'data-testid': 'cup-select' } }}
          >
            {/* A super admin may manage a series that is not theirs: it is an option too. */}
            {[
              ...(cups.data ?? []),
              ...(view && !cups.data?.some((c) => c.id === view.id) ? [view] : []),
            ].map((c) => (
              <MenuItem key={c.id} value={c.id} data-testid={`cup-option-${c.id}`}>
                {cupTitle(c)}
              </MenuItem>
            ))}
          </TextField>
          <Button
            startIcon={<AddIcon />}
            onClick={() => setCreating(true)}
            data-testid="cup-create"
          >
            {t('cup.manage.create')}
          </Button>
          {cupId && (
            <Button
              component={RouterLink}
              to={`/cup/${cupId}`}
              target="_blank"
              startIcon={<OpenInNewIcon />}
              data-testid="cup-open"
            >
              {t('cup.manage.open')}
            </Button>
          )}
        </Stack>
        {cups.isPending ? (
          <LoadingState />
        ) : cups.data?.length === 0 && cupId === null ? (
          <Alert severity="info">{t('cup.manage.none')}</Alert>
        ) : cup.isError ? (
          <ErrorState error={cup.error} />
        ) : !view ? (
          <LoadingState />
        ) : (
          <Stack sx={{ gap: 2 }} key={view.id}>
            <Box>
              <Typography variant="subtitle2">{t('cup.manage.admins')}</Typography>
              <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap', my: 1 }}>
                {view.admins.map((a) => (
                  <Chip
                    key={a.uid}
                    label={`${a.displayName}${a.role === 'owner' ? ` (${t('cup.manage.owner')})` : ''}`}
                    onDelete={
                      a.role === 'owner'
                        ? undefined
                        : () => change.mutate(() => api.removeCupAdmin(view.id, a.uid))
                    }
                  />
                ))}
              </Stack>
              <Stack direction="row" sx={{ gap: 1, alignItems: 'center' }}>
                <Box sx={{ flex: 1, maxWidth: 360 }}>
                  <UserSearchField
                    label={t('cup.manage.addadmin')}
                    value={adminPick}
                    onChange={setAdminPick}
                    excludeUids={new Set(view.admins.map((a) => a.uid))}
                    testId="cup-admin-search"
                  />
                </Box>
                <Button
                  disabled={!adminPick}
                  onClick={() => {
                    if (!adminPick) return;
                    change.mutate(() => api.addCupAdmin(view.id, adminPick.uid));
                    setAdminPick(null);
                  }}
                >
                  {t('cup.manage.add')}
                </Button>
              </Stack>
            </Box>
            <Box>
              <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography variant="subtitle2" sx={{ flex: 1 }}>
                  {t('cup.manage.events')}
                </Typography>
                {event && !inCup && (
                  <Button
                    variant="outlined"
                    size="small"
                    onClick={() => change.mutate(() => api.addCupEvent(view.id, event.id))}
                    data-testid="cup-add-current"
                  >
                    {t('cup.manage.addcurrent')}
                  </Button>
                )}
                {event && inCup && (
                  <Button
                    size="small"
                    color="error"
                    onClick={() => change.mutate(() => api.removeCupEvent(view.id, event.id))}
                    data-testid="cup-remove-current"
                  >
                    {t('cup.manage.removecurrent')}
                  </Button>
                )}
                <Button
                  size="small"
                  onClick={() => setPicking(true)}
                  data-testid="cup-add-existing"
                >
                  {t('cup.manage.addexisting')}
                </Button>
              </Stack>
              {view.events.length === 0 ? (
                <Typography color="text.secondary">{t('cup.manage.noevents')}</Typography>
              ) : (
                <List dense data-testid="cup-event-list">
                  {view.events.map((e, i) => (
                    <ListItem
                      key={e.id}
                      secondaryAction={
                        <IconButton
                          edge="end"
                          aria-label={t('cup.manage.remove', { event: e.name })}
                          onClick={() => change.mutate(() => api.removeCupEvent(view.id, e.id))}
                          data-testid={`cup-remove-${e.id}`}
                        >
                          <DeleteIcon fontSize="small" />
                        </IconButton>
                      }
                    >
                      <ListItemText
                        primary={`${i + 1}. ${e.name}`}
                        secondary={[
                          formatEventDates(e.starttime, null, i18n.language) ?? '',
                          e.main ? t('cup.manage.main') : t('cup.manage.secondary'),
                          e.hasResults ? '' : t('cup.manage.noresults'),
                        ]
                          .filter(Boolean)
                          .join(' · ')}
                      />
                    </ListItem>
                  ))}
                </List>
              )}
            </Box>
            <PointsEditor
              points={[...view.settings.points]}
              onChange={(points) => save({ points })}
            />
            <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
              <AutosaveNumber
                label={t('cup.manage.countingevents')}
                value={view.settings.countingevents}
                onSave={(countingevents) =>
                  save({
                    countingevents:
                      countingevents === null ? null : Math.max(1, Math.round(countingevents)),
                  })
                }
                testId="cup-countingevents"
              />
              <AutosaveNumber
                label={t('cup.manage.missvalue')}
                value={view.settings.missvalue}
                onSave={(missvalue) => save({ missvalue: missvalue ?? 0 })}
                testId="cup-missvalue"
              />
              <FormControlLabel
                control={
                  <Checkbox
                    checked={view.settings.growingpoints}
                    onChange={(e) => save({ growingpoints: e.target.checked })}
                  />
                }
                label={t('cup.manage.growingpoints')}
              />
              <FormControlLabel
                control={
                  <Checkbox
                    checked={view.settings.atleast1}
                    onChange={(e) => save({ atleast1: e.target.checked })}
                  />
                }
                label={t('cup.manage.atleast1')}
              />
            </Stack>
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="cup-manager-close">
          {t('cup.manage.close')}
        </Button>
      </DialogActions>
      {creating && (
        <CreateCupDialog
          onClose={() => setCreating(false)}
          onCreated={(id) => {
            setCreating(false);
            setChosen(id);
            void queryClient.invalidateQueries({ queryKey: ['cups'] });
          }}
        />
      )}
      {picking && view && (
        <EventPicker
          exclude={view.events}
          onClose={() => setPicking(false)}
          onPick={(id) => {
            setPicking(false);
            change.mutate(() => api.addCupEvent(view.id, id));
          }}
        />
      )}
    </Dialog>
  );
}
