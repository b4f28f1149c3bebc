import { useRef, useState } from 'react';
import {
  Alert,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TEAM_COLOURS, nextTeamNr, parseClasses, teamTimeWarnings } from '@rada/core';
import type { EventSummary, TeamListEntry, TeamTimes, UpdateTeamBody } from '@rada/core';
import { api, queryKeys } from '../../api/client.ts';
import { useEventRealtime } from '../../api/realtime.ts';
import { EmptyState, ErrorState, LoadingState } from '../../components/States.tsx';
import { useNotify } from '../../components/NotifyProvider.tsx';
import { errorText } from '../../i18n/errorText.ts';
import { JoinCodesDialog } from '../joinCodes/JoinCodesDialog.tsx';
import { SendMessageDialog } from '../messages/SendMessageDialog.tsx';
import {
  EditRegistrationDialog,
  RegisteredTeamsDialog,
} from '../registration/RegisteredTeamsDialog.tsx';
import { AddTeamDialog } from './AddTeamDialog.tsx';
import { AnswersDialog } from './AnswersDialog.tsx';
import { DeletedTeamsDialog } from './DeletedTeamsDialog.tsx';
import { EditTeamDialog } from './EditTeamDialog.tsx';
import { ExtrasDialog } from './ExtrasDialog.tsx';
import { StartTimesDialog } from './StartTimesDialog.tsx';
import { DeleteTeamDialog, TeamMenu } from './TeamMenu.tsx';
import { STICKY_CELL, TeamRow, teamColumns } from './TeamRow.tsx';
import type { MenuPlace, TeamAction } from './TeamRow.tsx';
import { TeamsToolbar } from './TeamsToolbar.tsx';
import { JoinStartNote } from './JoinStartNote.tsx';
import { TeamsDownloadMenu } from './TeamsDownloadMenu.tsx';
import { TeamImportButton } from './TeamImportButton.tsx';
import type { ToolbarDialog } from './TeamsToolbar.tsx';
import { TimeDialog } from './TimeDialog.tsx';
import { TrackDialog } from './TrackDialog.tsx';
import { LazyTrackingAppsDialog } from '../tracking/LazyTrackingAppsDialog.tsx';
import { TeamUndoSnackbar } from './TeamUndoSnackbar.tsx';
import type { TeamUndo } from './TeamUndoSnackbar.tsx';
import { extrasNames } from './teamAnswers.ts';
import { flagChange, timeWarningTexts, timesChange } from './teamChanges.ts';
import type { ResultFlag, TeamChange } from './teamChanges.ts';
import { useDeleteTeam, useRestoreTeam, useTeams, useUpdateTeam } from './useTeams.ts';

const numberOrNull = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** The row's times dialog's values as a team's times. */
const timesOf = (v: Record<string, number | null>): TeamTimes => ({
  starttime: v.starttime ?? null,
  finishtime: v.finishtime ?? null,
});

/**
 * The organiser's team list: add, edit and delete teams (with undo), class, times, allowed,
 * DSQ and withdrawn switches, extras points and answers; bulk start times, messages to devices,
 * registrations and join codes. A deletion, a DSQ or withdrawn switch and a time typed in the
 * row or the edit dialog are said in a snackbar with Undo; odd times are confirmed first. Every
 * change is audited on the server; realtime keeps it current. On a phone the name stays in view
 * and the other columns scroll sideways.
 */
export function TeamsTab({ event }: { event: EventSummary }) {
  const { t } = useTranslation();
  const notify = useNotify();
  useEventRealtime(event.id);
  const teams = useTeams(event.id);
  const settings = useQuery({
    queryKey: queryKeys.settings(event.id),
    queryFn: () => api.settings(event.id),
  });
  const update = useUpdateTeam(event.id);
  const remove = useDeleteTeam(event.id);
  const restore = useRestoreTeam(event.id);
  const [dialog, setDialog] = useState<ToolbarDialog | null>(null);
  const [open, setOpen] = useState<{ action: TeamAction; teamId: string } | null>(null);
  const [menu, setMenu] = useState<{ teamId: string; place: MenuPlace } | null>(null);
  const [undo, setUndo] = useState<TeamUndo | null>(null);
  const undoCount = useRef(0);
  const compact = useMediaQuery(useTheme().breakpoints.down('sm'));
  const readOnly = event.arch !== null;

  if (teams.isPending) return <LoadingState />;
  if (teams.isError) return <ErrorState error={teams.error} onRetry={() => void teams.refetch()} />;

  const s = settings.data?.settings ?? {};
  const classes = parseClasses(s.klassid);
  const lyNames = extrasNames(s.ly);
  const showClass = classes.size > 0 || teams.data.some((x) => x.klassid !== null);
  const columns = teamColumns(showClass, compact);
  const onError = (e: unknown) => notify(errorText(t, e), 'error');
  const save = (teamId: string, body: UpdateTeamBody) =>
    update.mutate({ teamId, body }, { onError });
  /** A new snackbar for every step, even one like the last. */
  const nextKey = () => String(++undoCount.current);
  /** Says a saved change with Undo. */
  const showChange = (change: TeamChange) => setUndo({ kind: 'change', key: nextKey(), change });
  /** Saves `body` and, once stored, says what it changed with Undo. */
  const saveChange = (body: UpdateTeamBody, change: TeamChange) =>
    update.mutate(
      { teamId: change.teamId, body },
      { onSuccess: () => showChange(change), onError },
    );
  /** What to confirm about `team`'s `next` times before saving them, in words. */
  const timeWarnings = (team: TeamListEntry, next: TeamTimes) =>
    timeWarningTexts(t, teamTimeWarnings(next, team, event, Date.now()));
  const handleFlag = (team: TeamListEntry, flag: ResultFlag, value: boolean) =>
    saveChange({ [flag]: value }, flagChange(t, team, flag, value));
  const byId = (id: string | undefined) => teams.data.find((x) => x.id === id);
  const current = byId(open?.teamId);
  const menuTeam = byId(menu?.teamId);
  const closeTeam = () => setOpen(null);
  const teamFor = (action: TeamAction) => (open?.action === action ? open.teamId : null);

  const handleDelete = () => {
    if (!current) return;
    const { name, id } = current;
    remove.mutate(id, {
      onSuccess: (backup) => {
        setOpen(null);
        setUndo({ kind: 'delete', key: nextKey(), name, backupId: backup.id });
      },
      onError,
    });
  };
  const handleUndo = () => {
    if (!undo) return;
    setUndo(null);
    if (undo.kind === 'delete') {
      const { backupId, name } = undo;
      restore.mutate(backupId, { onSuccess: () => notify(t('teams.restored', { name })), onError });
      return;
    }
    const { teamId, name, revert } = undo.change;
    update.mutate(
      { teamId, body: revert },
      { onSuccess: () => notify(t('teams.change.undone', { name })), onError },
    );
  };

  return (
    <Paper variant="outlined" data-testid="teams-tab">
      {readOnly && <Alert severity="info">{t('teams.error.archived')}</Alert>}
      <TeamsToolbar eventId={event.id} readOnly={readOnly} onOpen={setDialog}>
        <TeamsDownloadMenu
          event={event}
          teams={teams.data}
          classes={classes}
          extras={lyNames}
          massStart={numberOrNull(s.massstarttimems)}
          iconOnly={compact}
        />
        <TeamImportButton
          eventId={event.id}
          teams={teams.data}
          classes={classes}
          eventStart={event.starttime}
          disabled={readOnly}
          iconOnly={compact}
        />
      </TeamsToolbar>
      <JoinStartNote settings={s} teams={teams.data} eventStart={event.starttime} />
      {teams.data.length === 0 ? (
        <EmptyState text={t('teams.empty')} testId="teams-empty" />
      ) : (
        <TableContainer>
          <Table size="small">
            <TableHead>
              <TableRow>
                {columns.map((key) => (
                  <TableCell
                    key={key}
                    padding={key === '' ? 'checkbox' : 'normal'}
                    sx={compact && key === 'teams.name' ? { ...STICKY_CELL, zIndex: 2 } : undefined}
                  >
                    {key === '' ? '' : t(key)}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {teams.data.map((team) => (
                <TeamRow
                  key={team.id}
                  team={team}
                  classes={classes}
                  columns={columns}
                  readOnly={readOnly}
                  onSave={(body) => save(team.id, body)}
                  onFlag={(flag, value) => handleFlag(team, flag, value)}
                  onOpen={(action) => setOpen({ action, teamId: team.id })}
                  onMenu={(place) => setMenu({ teamId: team.id, place })}
                />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}

      {menu && menuTeam && (
        <TeamMenu
          team={menuTeam}
          place={menu.place}
          readOnly={readOnly}
          onClose={() => setMenu(null)}
          onAction={(action) => setOpen({ action, teamId: menuTeam.id })}
        />
      )}
      {current && open?.action === 'edit' && (
        <EditTeamDialog
          eventId={event.id}
          team={current}
          classes={classes}
          readOnly={readOnly}
          onClose={closeTeam}
          warningsFor={(next) => timeWarnings(current, next)}
          onChanged={showChange}
        />
      )}
      {current && open?.action === 'answers' && (
        <AnswersDialog eventId={event.id} team={current} readOnly={readOnly} onClose={closeTeam} />
      )}
      {current && open?.action === 'times' && (
        <TimeDialog
          title={`${t('teams.edittimes')}: ${current.name}`}
          fields={[
            { key: 'starttime', label: t('teams.start'), value: current.starttime },
            { key: 'finishtime', label: t('teams.finish'), value: current.finishtime },
          ]}
          onClose={closeTeam}
          warningsFor={(v) => timeWarnings(current, timesOf(v))}
          onSave={(v) => {
            const next = timesOf(v);
            const change = timesChange(t, current, next);
            // Only the changed times are sent, as only they are undone.
            if (change) {
              const body: UpdateTeamBody = {};
              if ('starttime' in change.revert) body.starttime = next.starttime;
              if ('finishtime' in change.revert) body.finishtime = next.finishtime;
              saveChange(body, change);
            }
            closeTeam();
          }}
        />
      )}
      {current && open?.action === 'extras' && (
        <ExtrasDialog
          teamName={current.name}
          names={lyNames}
          value={current.lypoints}
          onClose={closeTeam}
          onSave={(lypoints) => {
            save(current.id, { lypoints });
            closeTeam();
          }}
        />
      )}
      {current && open?.action === 'track' && (
        <TrackDialog eventId={event.id} team={current} readOnly={readOnly} onClose={closeTeam} />
      )}
      {current && (
        <LazyTrackingAppsDialog
          open={open?.action === 'tracking'}
          eventId={event.id}
          teamId={current.id}
          team={current}
          admin
          onClose={closeTeam}
        />
      )}
      {current && open?.action === 'delete' && (
        <DeleteTeamDialog
          team={current}
          busy={remove.isPending}
          onCancel={closeTeam}
          onConfirm={handleDelete}
        />
      )}
      <EditRegistrationDialog event={event} teamId={teamFor('registration')} onClose={closeTeam} />
      <RegisteredTeamsDialog
        event={event}
        open={dialog === 'registrations'}
        onClose={() => setDialog(null)}
      />
      <JoinCodesDialog
        event={event}
        open={dialog === 'joincodes' || teamFor('joincode') !== null}
        teamId={teamFor('joincode')}
        onClose={() => {
          setDialog(null);
          closeTeam();
        }}
      />
      <SendMessageDialog
        event={event}
        open={dialog === 'message' || teamFor('message') !== null}
        teamId={teamFor('message')}
        onClose={() => {
          setDialog(null);
          closeTeam();
        }}
      />
      {dialog === 'add' && (
        <AddTeamDialog
          eventId={event.id}
          classes={classes}
          nextNr={nextTeamNr(teams.data.map((x) => x.nr))}
          colour={TEAM_COLOURS[teams.data.length % TEAM_COLOURS.length] ?? TEAM_COLOURS[0]}
          onClose={() => setDialog(null)}
          onCreated={(team) => {
            setDialog(null);
            notify(t('teams.added', { name: team.name, nr: team.nr ?? '' }));
          }}
        />
      )}
      {dialog === 'starttimes' && (
        <StartTimesDialog
          eventId={event.id}
          firstStart={numberOrNull(s.massstarttimems) ?? event.starttime}
          interval={numberOrNull(s.joinstartinterval)}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'deleted' && (
        <DeletedTeamsDialog
          eventId={event.id}
          readOnly={readOnly}
          onClose={() => setDialog(null)}
          // A backup restored here can no longer be undone from the snackbar.
          onRestored={(backupId) =>
            setUndo((u) => (u?.kind === 'delete' && u.backupId === backupId ? null : u))
          }
        />
      )}
      <TeamUndoSnackbar undo={undo} onUndo={handleUndo} onClose={() => setUndo(null)} />
    </Paper>
  );
}
