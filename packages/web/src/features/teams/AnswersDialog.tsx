import { useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  MenuItem,
  Select,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  Tab,
  Tabs,
  Tooltip,
  Typography,
} from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import DeleteIcon from '@mui/icons-material/Delete';
import ScheduleIcon from '@mui/icons-material/Schedule';
import { useTranslation } from 'react-i18next';
import type { TeamListEntry } from '@rada/core';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { ErrorState, LoadingState } from '../../components/States.tsx';
import { useNotify } from '../../components/NotifyProvider.tsx';
import { errorText } from '../../i18n/errorText.ts';
import { useCheckpoints } from '../checkpoints/useCheckpoints.ts';
import { answerRows, formatTime } from './teamAnswers.ts';
import type { AnswerRow } from './teamAnswers.ts';
import { TimeDialog } from './TimeDialog.tsx';
import { useAnswerWrites, useTeamAnswers } from './useTeams.ts';
import { SplitsTable, useSplits } from '../results/SplitsTable.tsx';

/** Answers table page size and its options (spec 02 §9). */
const PAGE_SIZES = [5, 10, 50, 100];

interface AnswersDialogProps {
  eventId: string;
  team: TeamListEntry;
  readOnly: boolean;
  onClose: () => void;
}

/**
 * A team's answers: every checkpoint with the team's response, whether the results count it
 * correct, and its time; the organiser sets the answer, marks it ok, sets its time or deletes
 * it. The splits view shows the same answers in visit order with leg times and points.
 */
export function AnswersDialog({ eventId, team, readOnly, onClose }: AnswersDialogProps) {
  const { t } = useTranslation();
  const notify = useNotify();
  const checkpoints = useCheckpoints(eventId);
  const answers = useTeamAnswers(eventId, team.id);
  const splits = useSplits(eventId, team.id);
  const [view, setView] = useState<'kp' | 'splits'>('kp');
  /** How the results count each answer (the engine's reading: allok, the correct answer, scores). */
  const counted = new Map(splits.data?.visits.map((v) => [v.kpId, v.state]) ?? []);
  const { set, remove } = useAnswerWrites(eventId, team.id);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(50);
  const [timeOf, setTimeOf] = useState<AnswerRow | null>(null);
  const [deleting, setDeleting] = useState<AnswerRow | null>(null);
  const onError = (e: unknown) => notify(errorText(t, e), 'error');

  let content: React.ReactNode;
  if (checkpoints.isPending || answers.isPending) content = <LoadingState />;
  else if (checkpoints.isError) content = <ErrorState error={checkpoints.error} />;
  else if (answers.isError) content = <ErrorState error={answers.error} />;
  else if (view === 'splits') {
    content = splits.isPending ? (
      <LoadingState />
    ) : splits.isError ? (
      <ErrorState error={splits.error} />
    ) : (
      <SplitsTable
        splits={splits.data}
        responses={Object.fromEntries(
          checkpoints.data.checkpoints.map((cp) => [cp.id, cp.data.responses ?? {}]),
        )}
      />
    );
  } else {
    const rows = answerRows(checkpoints.data.checkpoints, answers.data);
    const visible = rows.slice(page * pageSize, page * pageSize + pageSize);
    content = (
      <>
        <TableContainer>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('teams.kp')}</TableCell>
                <TableCell>{t('teams.response')}</TableCell>
                <TableCell>{t('teams.ok')}</TableCell>
                <TableCell>{t('teams.time')}</TableCell>
                <TableCell align="right">{t('teams.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {visible.map((row) => (
                <TableRow key={row.kpId} data-testid={`answer-row-${row.kpId}`}>
                  <TableCell>{row.nr}</TableCell>
                  <TableCell>
                    {readOnly || Object.keys(row.responses).length === 0 ? (
                      <ResponseText row={row} />
                    ) : (
                      <Select
                        size="small"
                        variant="standard"
                        // An unknown response id is no option of the select; the placeholder shows it.
                        value={row.shown.kind === 'text' ? (row.answer?.answer ?? '') : ''}
                        displayEmpty
                        renderValue={() => <ResponseText row={row} />}
                        onChange={(e) =>
                          set.mutate(
                            { kpId: row.kpId, body: { answer: e.target.value || null } },
                            { onError },
                          )
                        }
                        inputProps={{ 'aria-label': t('teams.setanswer') }}
                        data-testid={`answer-select-${row.kpId}`}
                      >
                        {Object.entries(row.responses).map(([id, text]) => (
                          <MenuItem key={id} value={id}>
                            {text}
                          </MenuItem>
                        ))}
                      </Select>
                    )}
                  </TableCell>
                  <TableCell
                    data-testid={`answer-okstate-${row.kpId}`}
                    sx={{ color: counted.get(row.kpId) === 'ok' ? 'success.main' : 'error.main' }}
                  >
                    {counted.get(row.kpId) === 'ok'
                      ? t('teams.okyes')
                      : counted.get(row.kpId) !== undefined ||
                          (row.answer !== null && row.answer.ok === false)
                        ? t('teams.okno')
                        : ''}
                  </TableCell>
                  <TableCell>{formatTime(row.answer?.aeg)}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <Tooltip title={t('teams.markok')}>
                      <span>
                        <IconButton
                          size="small"
                          disabled={readOnly || row.answer?.ok === true}
                          onClick={() =>
                            set.mutate({ kpId: row.kpId, body: { ok: true } }, { onError })
                          }
                          data-testid={`answer-ok-${row.kpId}`}
                        >
                          <CheckIcon fontSize="small" />
                        </IconButton>
                      </span>
                    </Tooltip>
                    <Tooltip title={t('teams.settime')}>
                      <span>
                        <IconButton
                          size="small"
                          disabled={readOnly}
                          onClick={() => setTimeOf(row)}
                          data-testid={`answer-time-${row.kpId}`}
                        >
                          <ScheduleIcon fontSize="small" />
                        </IconButton>
                      </span>
                    </Tooltip>
                    <Tooltip title={t('teams.deleteanswer')}>
                      <span>
                        <IconButton
                          size="small"
                          disabled={readOnly || row.answer === null}
                          onClick={() => setDeleting(row)}
                          data-testid={`answer-delete-${row.kpId}`}
                        >
                          <DeleteIcon fontSize="small" />
                        </IconButton>
                      </span>
                    </Tooltip>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePagination
          component="div"
          count={rows.length}
          page={Math.min(page, Math.max(0, Math.ceil(rows.length / pageSize) - 1))}
          rowsPerPage={pageSize}
          rowsPerPageOptions={PAGE_SIZES}
          labelRowsPerPage={t('teams.rowsperpage')}
          onPageChange={(_e, p) => setPage(p)}
          onRowsPerPageChange={(e) => {
            setPageSize(Number(e.target.value));
            setPage(0);
          }}
        />
      </>
    );
  }

  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth data-testid="answers-dialog">
      <DialogTitle>{t('teams.answersof', { name: team.name })}</DialogTitle>
      <DialogContent>
        <Tabs value={view} onChange={(_e, v: 'kp' | 'splits') => setView(v)} sx={{ mb: 1 }}>
          <Tab value="kp" label={t('teams.answers.bykp')} data-testid="answers-view-kp" />
          <Tab value="splits" label={t('teams.answers.splits')} data-testid="answers-view-splits" />
        </Tabs>
        {content}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('teams.close')}</Button>
      </DialogActions>
      {deleting && (
        <ConfirmDialog
          title={t('teams.deleteanswer.title')}
          message={t('teams.deleteanswer.text', { team: team.name, nr: deleting.nr })}
          confirmLabel={t('teams.deleteanswer.confirm')}
          busy={remove.isPending}
          onCancel={() => setDeleting(null)}
          onConfirm={() =>
            remove.mutate(deleting.kpId, { onSuccess: () => setDeleting(null), onError })
          }
          testId="answer-delete-dialog"
          confirmTestId="answer-delete-confirm"
        />
      )}
      {timeOf && (
        <TimeDialog
          title={`${t('teams.settime')}: ${t('teams.kp')} ${timeOf.nr}`}
          fields={[{ key: 'aeg', label: t('teams.time'), value: timeOf.answer?.aeg ?? null }]}
          onClose={() => setTimeOf(null)}
          onSave={(v) => {
            set.mutate({ kpId: timeOf.kpId, body: { aeg: v.aeg ?? null } }, { onError });
            setTimeOf(null);
          }}
        />
      )}
    </Dialog>
  );
}

/** The response text, or the placeholder for a missing or unknown response. */
function ResponseText({ row }: { row: AnswerRow }) {
  const { t } = useTranslation();
  if (row.shown.kind === 'text') return <>{row.shown.text}</>;
  return (
    <Typography component="span" variant="body2" color="text.secondary">
      {row.shown.kind === 'missing' ? t('teams.missinganswer') : t('teams.badresponse')}
    </Typography>
  );
}
