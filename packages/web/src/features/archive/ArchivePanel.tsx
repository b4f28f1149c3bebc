import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  LinearProgress,
  List,
  ListItem,
  ListItemText,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import ArchiveIcon from '@mui/icons-material/Archive';
import UnarchiveIcon from '@mui/icons-material/Unarchive';
import DriveFileMoveIcon from '@mui/icons-material/DriveFileMove';
import CleaningServicesIcon from '@mui/icons-material/CleaningServices';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PROGRESS_SHOW_DELAY_MS } from '@rada/core';
import type { EventSummary, JobKind, JobView } from '@rada/core';
import { api, queryKeys } from '../../api/client.ts';
import { errorText } from '../../i18n/errorText.ts';
import { useNotify } from '../../components/NotifyProvider.tsx';

/** How often a running job is asked for its progress. */
const JOB_POLL_MS = 500;

/** The texts of each kind of job: its button, its dialog's title and text, its success. */
const KIND_TEXTS: Record<JobKind, { action: string; title: string; text: string; done: string }> = {
  archive: {
    action: 'archive.archive',
    title: 'archive.dialog.archive',
    text: 'archive.archive.text',
    done: 'archive.done.archive',
  },
  unarchive: {
    action: 'archive.restore',
    title: 'archive.dialog.restore',
    text: 'archive.restore.text',
    done: 'archive.done.restore',
  },
  move: {
    action: 'archive.move',
    title: 'archive.dialog.move',
    text: 'archive.move.text',
    done: 'archive.done.move',
  },
  cleanup: {
    action: 'archive.cleanup',
    title: 'archive.dialog.cleanup',
    text: 'archive.cleanup.text',
    done: 'archive.done.cleanup',
  },
};

const KIND_ICONS: Record<JobKind, ReactNode> = {
  archive: <ArchiveIcon />,
  unarchive: <UnarchiveIcon />,
  move: <DriveFileMoveIcon />,
  cleanup: <CleaningServicesIcon />,
};

const KIND_TEST_IDS: Record<JobKind, string> = {
  archive: 'archive-start',
  unarchive: 'archive-restore',
  move: 'archive-move',
  cleanup: 'archive-cleanup',
};

const START: Record<JobKind, (id: string) => Promise<JobView>> = {
  archive: (id) => api.archive(id),
  unarchive: (id) => api.unarchive(id),
  move: (id) => api.archiveMove(id),
  cleanup: (id) => api.archiveCleanup(id),
};

/**
 * The event's archive state and its moves (spec 02 §4): Archive (none → a1) and Restore (a1 →
 * none) for its admins; for the super admin, A1 => A2 (a copy on the second tier, read back) and
 * the first tier's cleanup (compared with the second, then deleted). The work runs on the server
 * as a job; the dialog shows its progress and log, and opening the settings again while it runs
 * shows them again.
 */
export function ArchivePanel({ event }: { event: EventSummary }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<JobKind | null>(null);
  const job = useArchiveJob(event.id).data ?? null;
  const status = useQuery({
    queryKey: queryKeys.archiveStatus(event.id),
    queryFn: () => api.archiveStatus(event.id),
  });
  const where = status.data;
  const kinds: JobKind[] = [
    ...(event.arch === null ? ['archive' as const] : []),
    ...(event.arch === 'a1' ? ['unarchive' as const] : []),
    ...(where?.canMove && where.second !== null && event.arch === 'a1' ? ['move' as const] : []),
    ...(where?.canMove && where.second !== null && event.arch && where.first.length > 0
      ? ['cleanup' as const]
      : []),
  ];

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} data-testid="archive-panel">
      <Typography variant="h6" component="h2" gutterBottom>
        {t('archive.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }} data-testid="archive-state">
        {event.arch === 'a2'
          ? t('archive.state.a2')
          : event.arch
            ? t('archive.state.a1')
            : t('archive.state.none')}
      </Typography>
      {where?.canMove && event.arch && (
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ mb: 2 }}
          data-testid="archive-tiers"
        >
          {t('archive.tiers', {
            first: where.first.length,
            second: where.second === null ? t('archive.tiers.none') : where.second.length,
          })}
        </Typography>
      )}
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
        {kinds.map((k) => (
          <Button
            key={k}
            variant="outlined"
            startIcon={KIND_ICONS[k]}
            onClick={() => setOpen(k)}
            data-testid={KIND_TEST_IDS[k]}
          >
            {job?.state === 'running' && job.kind === k
              ? t('archive.watch')
              : t(KIND_TEXTS[k].action)}
          </Button>
        ))}
      </Stack>
      {open && <ArchiveJobDialog eventId={event.id} kind={open} onClose={() => setOpen(null)} />}
    </Paper>
  );
}

/** The event's newest archive job, asked again every JOB_POLL_MS while it runs. */
function useArchiveJob(eventId: string) {
  return useQuery({
    queryKey: queryKeys.archiveJob(eventId),
    queryFn: () => api.archiveJob(eventId),
    refetchInterval: (query) => (query.state.data?.state === 'running' ? JOB_POLL_MS : false),
  });
}

/**
 * The dialog of one kind of archive job on an event: what it will do and a button to start it,
 * then (or at once, while such a job runs) its progress and log. Everything read from the event
 * is read again when the job ends.
 */
export function ArchiveJobDialog({
  eventId,
  kind,
  onClose,
}: {
  eventId: string;
  kind: JobKind;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const job = useArchiveJob(eventId).data ?? null;
  const running = job?.state === 'running';
  // A job that ends changes the event (its `arch`) and everything read from it.
  const ended = job && job.state !== 'running' ? job.id : null;
  useEffect(() => {
    if (!ended) return;
    void queryClient.invalidateQueries({ queryKey: queryKeys.event(eventId) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.archiveStatus(eventId) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.adminEvents });
  }, [ended, eventId, queryClient]);
  const start = useMutation({
    mutationFn: () => START[kind](eventId),
    onSuccess: (started) => queryClient.setQueryData(queryKeys.archiveJob(eventId), started),
    onError: (e) => notify(errorText(t, e), 'error'),
  });
  const shownJob = running || start.isSuccess ? job : null;
  // The dialog names the running job's kind, else its own.
  const shownKind = shownJob?.kind ?? kind;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" data-testid="archive-dialog">
      <DialogTitle>{t(KIND_TEXTS[shownKind].title, { id: eventId })}</DialogTitle>
      <DialogContent>
        {shownJob ? (
          <JobProgress job={shownJob} />
        ) : (
          <DialogContentText>{t(KIND_TEXTS[kind].text)}</DialogContentText>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="archive-close">
          {shownJob ? t('archive.close') : t('archive.cancel')}
        </Button>
        {!shownJob && (
          <Button
            variant="contained"
            color="warning"
            disabled={start.isPending}
            onClick={() => start.mutate()}
            data-testid="archive-confirm"
          >
            {t(KIND_TEXTS[kind].action)}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

/** A job's progress bar (after a moment, so a quick job does not flash) and its log. */
function JobProgress({ job }: { job: JobView }) {
  const { t } = useTranslation();
  const [barShown, setBarShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setBarShown(true), PROGRESS_SHOW_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <Stack sx={{ gap: 2 }} data-testid="archive-job" data-state={job.state}>
      {job.state === 'running' && barShown && (
        <Box>
          <LinearProgress
            variant="determinate"
            value={Math.round(job.progress * 100)}
            aria-label={t('archive.progress')}
            data-testid="archive-progress"
          />
        </Box>
      )}
      {job.state === 'done' && (
        <Alert severity="success" data-testid="archive-done">
          {t(KIND_TEXTS[job.kind].done, { id: job.eventId })}
        </Alert>
      )}
      {job.state === 'failed' && job.error && (
        <Alert severity="error" data-testid="archive-failed">
          {t(job.error.error, { defaultValue: job.error.message })}
        </Alert>
      )}
      <List dense data-testid="archive-log" sx={{ maxHeight: 320, overflow: 'auto' }}>
        {job.log.map((line, i) => (
          <ListItem key={i} disableGutters>
            <ListItemText
              primary={t(line.key, line.params)}
              secondary={new Date(line.at).toLocaleTimeString()}
            />
          </ListItem>
        ))}
      </List>
    </Stack>
  );
}
