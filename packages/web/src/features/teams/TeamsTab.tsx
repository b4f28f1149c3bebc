import { useState } from 'react';
import {
  Alert,
  Button,
  MenuItem,
  Paper,
  Select,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { parseClasses } from '@rada/core';
import type { EventSummary, TeamListEntry, UpdateTeamBody } from '@rada/core';
import { api, queryKeys } from '../../api/client.ts';
import { useEventRealtime } from '../../api/realtime.ts';
import { EmptyState, ErrorState, LoadingState } from '../../components/States.tsx';
import { useNotify } from '../../components/NotifyProvider.tsx';
import { errorText } from '../../i18n/errorText.ts';
import { AnswersDialog } from './AnswersDialog.tsx';
import { ExtrasDialog } from './ExtrasDialog.tsx';
import { TimeDialog } from './TimeDialog.tsx';
import { extrasNames, formatTime } from './teamAnswers.ts';
import { useTeams, useUpdateTeam } from './useTeams.ts';

type Open = { kind: 'answers' | 'times' | 'extras'; teamId: string } | null;

/**
 * The organiser's team list: class, start and finish, DSQ and withdrawn switches, extras points
 * and each team's answers. Every change is audited on the server; realtime keeps it current.
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
  const [open, setOpen] = useState<Open>(null);
  const readOnly = event.arch !== null;

  if (teams.isPending) return <LoadingState />;
  if (teams.isError) return <ErrorState error={teams.error} onRetry={() => void teams.refetch()} />;

  const s = settings.data?.settings ?? {};
  const classes = parseClasses(s.klassid);
  const lyNames = extrasNames(s.ly);
  const save = (teamId: string, body: UpdateTeamBody) =>
    update.mutate({ teamId, body }, { onError: (e) => notify(errorText(t, e), 'error') });
  const current = open ? teams.data.find((x) => x.id === open.teamId) : undefined;

  return (
    <Paper variant="outlined" data-testid="teams-tab">
      {readOnly && <Alert severity="info">{t('teams.error.archived')}</Alert>}
      {teams.data.length === 0 ? (
        <EmptyState text={t('teams.empty')} testId="teams-empty" />
      ) : (
        <TableContainer>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('teams.nr')}</TableCell>
                <TableCell>{t('teams.name')}</TableCell>
                <TableCell>{t('teams.klass')}</TableCell>
                <TableCell>{t('teams.start')}</TableCell>
                <TableCell>{t('teams.finish')}</TableCell>
                <TableCell>{t('teams.dsq')}</TableCell>
                <TableCell>{t('teams.katk')}</TableCell>
                <TableCell>{t('teams.extras')}</TableCell>
                <TableCell>{t('teams.answers')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {teams.data.map((team) => (
                <TeamRow
                  key={team.id}
                  team={team}
                  classes={classes}
                  readOnly={readOnly}
                  onSave={(body) => save(team.id, body)}
                  onOpen={(kind) => setOpen({ kind, teamId: team.id })}
                />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {current && open?.kind === 'answers' && (
        <AnswersDialog
          eventId={event.id}
          team={current}
          readOnly={readOnly}
          onClose={() => setOpen(null)}
        />
      )}
      {current && open?.kind === 'times' && (
        <TimeDialog
          title={`${t('teams.edittimes')}: ${current.name}`}
          fields={[
            { key: 'starttime', label: t('teams.start'), value: current.starttime },
            { key: 'finishtime', label: t('teams.finish'), value: current.finishtime },
          ]}
          onClose={() => setOpen(null)}
          onSave={(v) => {
            save(current.id, { starttime: v.starttime ?? null, finishtime: v.finishtime ?? null });
            setOpen(null);
          }}
        />
      )}
      {current && open?.kind === 'extras' && (
        <ExtrasDialog
          teamName={current.name}
          names={lyNames}
          value={current.lypoints}
          onClose={() => setOpen(null)}
          onSave={(lypoints) => {
            save(current.id, { lypoints });
            setOpen(null);
          }}
        />
      )}
    </Paper>
  );
}

interface TeamRowProps {
  team: TeamListEntry;
  classes: Map<string, string>;
  readOnly: boolean;
  onSave: (body: UpdateTeamBody) => void;
  onOpen: (kind: 'answers' | 'times' | 'extras') => void;
}

function TeamRow({ team, classes, readOnly, onSave, onOpen }: TeamRowProps) {
  const { t } = useTranslation();
  const extras = Object.entries(team.lypoints);
  const classIds = [...classes.keys()];
  if (team.klassid !== null && !classes.has(team.klassid)) classIds.push(team.klassid);
  return (
    <TableRow data-testid={`team-row-${team.id}`}>
      <TableCell>{team.nr ?? ''}</TableCell>
      <TableCell>{team.name}</TableCell>
      <TableCell>
        {classIds.length === 0 ? (
          ''
        ) : (
          <Select
            size="small"
            variant="standard"
            value={team.klassid ?? ''}
            displayEmpty
            disabled={readOnly}
            onChange={(e) => onSave({ klassid: e.target.value === '' ? null : e.target.value })}
            inputProps={{ 'aria-label': t('teams.klass') }}
            data-testid={`team-klass-${team.id}`}
          >
            <MenuItem value="">{t('teams.noklass')}</MenuItem>
            {classIds.map((id) => (
              <MenuItem key={id} value={id}>
                {classes.get(id) ?? id}
              </MenuItem>
            ))}
          </Select>
        )}
      </TableCell>
      <TableCell colSpan={2} sx={{ whiteSpace: 'nowrap' }}>
        <Button
          size="small"
          disabled={readOnly}
          onClick={() => onOpen('times')}
          data-testid={`team-times-${team.id}`}
          sx={{ textTransform: 'none', justifyContent: 'flex-start' }}
        >
          {formatTime(team.starttime) || '–'} / {formatTime(team.finishtime) || '–'}
        </Button>
      </TableCell>
      <TableCell>
        <Switch
          checked={team.dsq}
          disabled={readOnly}
          onChange={(e) => onSave({ dsq: e.target.checked })}
          slotProps={{ input: { 'aria-label': t('teams.dsq') } }}
          data-testid={`team-dsq-${team.id}`}
        />
      </TableCell>
      <TableCell>
        <Switch
          checked={team.katk}
          disabled={readOnly}
          onChange={(e) => onSave({ katk: e.target.checked })}
          slotProps={{ input: { 'aria-label': t('teams.katk') } }}
          data-testid={`team-katk-${team.id}`}
        />
      </TableCell>
      <TableCell>
        <Button
          size="small"
          disabled={readOnly}
          onClick={() => onOpen('extras')}
          data-testid={`team-extras-${team.id}`}
          sx={{ textTransform: 'none' }}
        >
          {extras.length === 0 ? '–' : extras.map(([k, v]) => `${k}: ${v}`).join(', ')}
        </Button>
      </TableCell>
      <TableCell>
        <Button
          size="small"
          onClick={() => onOpen('answers')}
          data-testid={`team-answers-${team.id}`}
        >
          {t('teams.answerscount', { count: team.answers })}
        </Button>
      </TableCell>
    </TableRow>
  );
}
