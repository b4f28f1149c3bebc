import { Suspense, lazy, useCallback, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { Alert, Box, Button, IconButton, Stack, Tab, Tabs, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DownloadIcon from '@mui/icons-material/Download';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import PrintIcon from '@mui/icons-material/Print';
import UndoIcon from '@mui/icons-material/Undo';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CUP_JOIN_UNDO, cupTitle } from '@rada/core';
import type { CupStandingsRow, CupStandingsView } from '@rada/core';
import { api, early, queryKeys } from '../../api/client.ts';
import { useCupRealtime } from '../../api/realtime.ts';
import { EmptyState, ErrorState, LoadingState } from '../../components/States.tsx';
import { useNotify } from '../../components/NotifyProvider.tsx';
import { errorText } from '../../i18n/errorText.ts';
import { withAllTexts } from '../../i18n/index.ts';
import { downloadText } from '../export/download.ts';
import { NO_CLASS_TAB, cupClasses, joinBlock, nearNames, sortRows } from './cupTable.ts';
import type { CupSort } from './cupTable.ts';
import { CupTable } from './CupTable.tsx';
import { CupLegend, CupPrintout } from './CupPrintout.tsx';
import { SCREEN_ONLY, usePrinting } from '../../hooks/usePrinting.ts';

// Dialogs load when opened: a visitor of the standings needs none of them.
const ActionMenu = lazy(() =>
  import('../../components/ActionMenu.tsx').then((m) => ({ default: m.ActionMenu })),
);
const CupJoinDialog = lazy(() =>
  import('./CupJoinDialog.tsx').then((m) => ({ default: m.CupJoinDialog })),
);
const CupTeamDialog = lazy(() =>
  import('./CupTeamDialog.tsx').then((m) => ({ default: m.CupTeamDialog })),
);
const EventPicker = lazy(() =>
  import('./CupManagerDialog.tsx').then((m) => ({ default: m.EventPicker })),
);
// The series settings (points per place and the rest) use texts of the organiser's screens.
const CupManagerDialog = lazy(() =>
  withAllTexts(import('./CupManagerDialog.tsx').then((m) => ({ default: m.CupManagerDialog }))),
);

/**
 * `/cup/{cupid}`: the series standings per class (05 §4), live. Everyone reads them and downloads
 * them (CSV, IOF XML); cup admins edit cells (double click or Enter), sort columns, tick two
 * teams to join them (told why Join is not yet possible), undo the last join (in the join
 * dialog, on the kept team's row and above the table), show the owners' emails and names, look
 * for duplicate names, and open the series settings (also from "points are unconfigured").
 */
export function CupPage() {
  const { cupid = '' } = useParams();
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const standings = useQuery({
    queryKey: queryKeys.cupStandings(cupid),
    queryFn: () => api.cupStandings(cupid),
    initialData: () => early.cupStandings(cupid),
    enabled: cupid !== '',
  });
  const refetch = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: queryKeys.cup(cupid) }),
    [queryClient, cupid],
  );
  useCupRealtime(cupid, refetch);
  const [tab, setTab] = useState<string | null>(null);
  const [selected, setSelected] = useState<string[]>([]);
  const [joining, setJoining] = useState<[CupStandingsRow, CupStandingsRow] | null>(null);
  const [settings, setSettings] = useState(false);
  const [picking, setPicking] = useState(false);
  const [history, setHistory] = useState<string | null>(null);
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const [showEmail, setShowEmail] = useState(false);
  const [showName, setShowName] = useState(false);
  const [duplicates, setDuplicates] = useState(false);
  const [sort, setSort] = useState<CupSort>({ column: 'place', asc: true });
  const printing = usePrinting();
  const onError = (e: unknown) => notify(errorText(t, e), 'error');
  const applied = (view: CupStandingsView) =>
    queryClient.setQueryData(queryKeys.cupStandings(cupid), view);
  const setCell = useMutation({
    mutationFn: (body: { event: string; team: string; value: number | null }) =>
      api.setCupCell(cupid, body),
    onSuccess: applied,
    onError,
  });
  const addEvent = useMutation({
    mutationFn: (eventId: string) => api.addCupEvent(cupid, eventId),
    onSuccess: refetch,
    onError: (e) => notify(errorText(t, e), 'error', { persistent: true }),
  });
  const undo = useMutation({
    mutationFn: () => api.undoCup(cupid),
    onSuccess: (view) => {
      applied(view);
      notify(t('cup.undone'));
    },
    onError,
  });
  const join = useMutation({
    mutationFn: (body: { keep: string; other: string }) => api.joinCupTeams(cupid, body),
    onSuccess: (view) => {
      applied(view);
      setSelected([]);
    },
    onError,
  });

  const view = standings.data;
  const classes = useMemo(() => (view ? cupClasses(view.rows) : []), [view]);
  const tabKey = (c: string) => (c === '' ? NO_CLASS_TAB : c);
  const current = classes.find((c) => tabKey(c) === tab) ?? classes[0] ?? '';
  const near = useMemo(
    () => (duplicates && view ? nearNames(view.rows) : new Map()),
    [duplicates, view],
  );

  if (standings.isPending) return <LoadingState />;
  if (standings.isError || !view) {
    return <ErrorState error={standings.error} onRetry={() => void standings.refetch()} />;
  }
  const admin = view.canEdit;
  const classRows = view.rows.filter((r) => r.class === current);
  const rows = admin ? sortRows(classRows, sort) : classRows;
  const picked = view.rows.filter((r) => selected.includes(r.key));
  const blocked = joinBlock(picked);
  const openJoin = () => {
    if (!blocked) setJoining([picked[0]!, picked[1]!]);
  };
  const joined = view.undo?.label === CUP_JOIN_UNDO ? view.undo.join : undefined;
  const undoLabel = !view.undo
    ? ''
    : joined
      ? t('cup.undo.join', { other: joined.otherName, keep: joined.keepName })
      : t('cup.undo', {
          label: view.undo.label === CUP_JOIN_UNDO ? t('cup.undo.joined') : view.undo.label,
        });
  const download = (kind: 'csv' | 'iof') => {
    const name = `${cupid}-cup.${kind === 'csv' ? 'csv' : 'xml'}`;
    import('./cupDownloads.ts')
      .then(({ cupFileText }) => {
        const text = cupFileText(kind, view, (key) => t(`cup.csv.${key}`));
        downloadText(text, name, kind === 'csv' ? 'text/csv;charset=utf-8' : 'application/xml');
        notify(t('cup.csv.started', { file: name }));
      })
      .catch((e: unknown) => notify(t('cup.csv.failed', { error: String(e) }), 'error'));
  };

  return (
    <Box data-testid="cup-page" sx={{ p: { xs: 0, sm: 2 } }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
        <Typography
          variant="h5"
          component="h1"
          sx={{ flex: 1, fontSize: { xs: '1.25rem', sm: '1.5rem' } }}
        >
          {cupTitle(view.cup)}
        </Typography>
        <Box sx={{ '@media print': { display: 'none' } }}>
          {admin && view.undo && (
            <Button
              size="small"
              startIcon={<UndoIcon />}
              onClick={() => undo.mutate()}
              disabled={undo.isPending}
              data-testid="cup-undo"
            >
              {undoLabel}
            </Button>
          )}
          {admin && (
            <Button
              size="small"
              variant="outlined"
              disabled={blocked !== null}
              onClick={openJoin}
              aria-describedby="cup-join-why"
              data-testid="cup-join"
            >
              {t('cup.join')}
            </Button>
          )}
          <IconButton aria-label={t('cup.print')} onClick={() => window.print()}>
            <PrintIcon />
          </IconButton>
          {admin ? (
            <IconButton
              aria-label={t('cup.menu')}
              onClick={(e) => setMenu(e.currentTarget)}
              data-testid="cup-menu"
            >
              <MoreVertIcon />
            </IconButton>
          ) : (
            // A visitor's downloads: plain buttons, no admin menu (spec 02, cup dialog).
            <>
              <Button
                size="small"
                startIcon={<DownloadIcon />}
                onClick={() => download('csv')}
                aria-label={t('cup.menu.csv')}
                data-testid="cup-download-csv"
              >
                CSV
              </Button>
              <Button
                size="small"
                startIcon={<DownloadIcon />}
                onClick={() => download('iof')}
                aria-label={t('cup.menu.iof')}
                data-testid="cup-download-iof"
              >
                IOF XML
              </Button>
            </>
          )}
          {menu && (
            <Suspense fallback={null}>
              <ActionMenu
                anchor={menu}
                onClose={() => setMenu(null)}
                actions={[
                  ...(admin
                    ? [
                        {
                          label: t(duplicates ? 'cup.menu.duplicates.off' : 'cup.menu.duplicates'),
                          onClick: () => setDuplicates((d) => !d),
                          testId: 'cup-menu-duplicates',
                        },
                        {
                          label: t('cup.join'),
                          onClick: openJoin,
                          disabled: blocked !== null,
                        },
                        {
                          label: t(showName ? 'cup.menu.name.off' : 'cup.menu.name'),
                          onClick: () => setShowName((s) => !s),
                          testId: 'cup-menu-name',
                        },
                        {
                          label: t(showEmail ? 'cup.menu.email.off' : 'cup.menu.email'),
                          onClick: () => setShowEmail((s) => !s),
                          testId: 'cup-menu-email',
                        },
                        {
                          label: t('cup.menu.settings'),
                          onClick: () => setSettings(true),
                          testId: 'cup-menu-settings',
                        },
                      ]
                    : []),
                  {
                    label: t('cup.menu.csv'),
                    onClick: () => download('csv'),
                    testId: 'cup-menu-csv',
                  },
                  {
                    label: t('cup.menu.iof'),
                    onClick: () => download('iof'),
                    testId: 'cup-menu-iof',
                  },
                ]}
              />
            </Suspense>
          )}
        </Box>
      </Stack>
      {admin && blocked && !view.unconfigured && view.rows.length > 0 && (
        <Typography
          variant="caption"
          color="text.secondary"
          component="p"
          id="cup-join-why"
          data-testid="cup-join-why"
          sx={{ textAlign: 'right', mt: -1, mb: 1, '@media print': { display: 'none' } }}
        >
          {t(blocked.key, blocked.values)}
        </Typography>
      )}
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
        {view.events.length > 0 && (
          <Typography variant="body2" color="text.secondary" data-testid="cup-events">
            {view.events.map((e, i) => `${i + 1}. ${e.name}`).join(' · ')}
          </Typography>
        )}
        {admin && (
          <Button
            size="small"
            startIcon={<AddIcon />}
            onClick={() => setPicking(true)}
            disabled={addEvent.isPending}
            sx={{ '@media print': { display: 'none' } }}
            data-testid="cup-page-addevent"
          >
            {t('cup.manage.addevent')}
          </Button>
        )}
      </Stack>
      {view.unconfigured ? (
        <Alert
          severity="info"
          data-testid="cup-unconfigured"
          action={
            admin ? (
              <Button
                color="inherit"
                size="small"
                onClick={() => setSettings(true)}
                data-testid="cup-open-settings"
              >
                {t('cup.unconfigured.open')}
              </Button>
            ) : undefined
          }
        >
          {t(admin ? 'cup.unconfigured.admin' : 'cup.unconfigured')}
        </Alert>
      ) : view.rows.length === 0 ? (
        <EmptyState text={t('cup.empty')} testId="cup-empty" />
      ) : (
        <>
          {classes.length > 1 && (
            <Tabs
              value={tabKey(current)}
              onChange={(_e, v: string) => setTab(v)}
              variant="scrollable"
              allowScrollButtonsMobile
              sx={{ '@media print': { display: 'none' } }}
            >
              {classes.map((c) => (
                <Tab
                  key={tabKey(c)}
                  value={tabKey(c)}
                  label={c === '' ? t('cup.noclass') : c}
                  data-testid={`cup-tab-${tabKey(c)}`}
                />
              ))}
            </Tabs>
          )}
          <Box sx={SCREEN_ONLY}>
            <CupTable
              events={view.events}
              rows={rows}
              admin={admin}
              showEmail={showEmail}
              showName={showName}
              near={near}
              selected={selected}
              onSelect={(key, on) =>
                setSelected((s) => (on ? [...s, key] : s.filter((k) => k !== key)))
              }
              sort={sort}
              onSort={(column) =>
                setSort((s) => ({
                  column,
                  asc: s.column === column ? !s.asc : column !== 'total',
                }))
              }
              onOpen={setHistory}
              onSave={(event, team, value) => setCell.mutate({ event, team, value })}
              joinUndo={
                joined && {
                  keep: joined.keep,
                  label: undoLabel,
                  busy: undo.isPending,
                  onUndo: () => undo.mutate(),
                }
              }
            />
          </Box>
          {printing && <CupPrintout classes={classes} view={view} />}
          <CupLegend edited={view.rows.some((r) => r.edited)} />
        </>
      )}
      <Suspense fallback={null}>
        {history !== null && view.rows.some((r) => r.key === history) && (
          <CupTeamDialog
            row={view.rows.find((r) => r.key === history)!}
            events={view.events}
            onClose={() => setHistory(null)}
          />
        )}
        {picking && (
          <EventPicker
            exclude={view.events}
            onClose={() => setPicking(false)}
            onPick={(id) => {
              setPicking(false);
              addEvent.mutate(id);
            }}
          />
        )}
        {joining && (
          <CupJoinDialog
            teams={joining}
            events={view.events}
            undoable={(keep, other) => joined?.keep === keep && joined.other === other}
            onClose={() => setJoining(null)}
            onJoin={(keep, other) =>
              join.mutateAsync({ keep, other }).then(
                () => true,
                () => false,
              )
            }
            onUndo={() =>
              undo.mutateAsync().then(
                () => true,
                () => false,
              )
            }
          />
        )}
        {settings && <CupManagerDialog cup={cupid} onClose={() => setSettings(false)} />}
      </Suspense>
    </Box>
  );
}
