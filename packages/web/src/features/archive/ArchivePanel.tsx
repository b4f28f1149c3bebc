import { useEffect, useState } from 'react';
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
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PROGRESS_SHOW_DELAY_MS } from '@rada/core';
import type { EventSummary, JobView } from '@rada/core';
import { api, queryKeys } from '../../api/client.ts';
import { errorText } from '../../i18n/errorText.ts';
import { useNotify } from '../../components/NotifyProvider.tsx';

/** How often a running job is asked for its progress. */
const JOB_POLL_MS = 500;

/**
 * The event's archive state and its two moves (spec 02 §4): Archive (none → a1) and Restore
 * (a1 → none). The work runs on the server as a job; the dialog shows its progress and log, and
 * opening the settings again while it runs shows them again.
 */
export function ArchivePanel({ event }: { event: EventSummary }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const latest = useQuery({
    queryKey: queryKeys.archiveJob(event.id),
    queryFn: () => api.archiveJob(event.id),
    refetchInterval: (query) => (query.state.data?.state === 'running' ? JOB_POLL_MS : false),
  });
  const job = latest.data ?? null;
  const running = job?.state === 'running';
  // A job that ends changes the event (its `arch`) and everything read from it.
  const ended = job && job.state !== 'running' ? job.id : null;
  useEffect(() => {
    if (ended) void queryClient.invalidateQueries({ queryKey: queryKeys.event(event.id) });
  }, [ended, event.id, queryClient]);
  const start = useMutation({
    mutationFn: () => (event.arch ? api.unarchive(event.id) : api.archive(event.id)),
    onSuccess: (started) => queryClient.setQueryData(queryKeys.archiveJob(event.id), started),
    onError: (e) => notify(errorText(t, e), 'error'),
  });
  const shownJob = open && (running || start.isSuccess) ? job : null;

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
      {event.arch !== 'a2' && (
        <Button
          variant="outlined"
          startIcon={event.arch ? <UnarchiveIcon /> : <ArchiveIcon />}
          onClick={() => {
            start.reset();
            setOpen(true);
          }}
          data-testid={event.arch ? 'archive-restore' : 'archive-start'}
        >
          {running ? t('archive.watch') : event.arch ? t('archive.restore') : t('archive.archive')}
        </Button>
      )}
      {open && (
        <Dialog
          open
          onClose={() => setOpen(false)}
          fullWidth
          maxWidth="sm"
          data-testid="archive-dialog"
        >
          <DialogTitle>
            {(shownJob?.kind ?? (event.arch ? 'unarchive' : 'archive')) === 'archive'
              ? t('archive.dialog.archive', { id: event.id })
              : t('archive.dialog.restore', { id: event.id })}
          </DialogTitle>
          <DialogContent>
            {shownJob ? (
              <JobProgress job={shownJob} />
            ) : (
              <DialogContentText>
                {event.arch ? t('archive.restore.text') : t('archive.archive.text')}
              </DialogContentText>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)} data-testid="archive-close">
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
                {event.arch ? t('archive.restore') : t('archive.archive')}
              </Button>
            )}
          </DialogActions>
        </Dialog>
      )}
    </Paper>
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
          {job.kind === 'archive'
            ? t('archive.done.archive', { id: job.eventId })
            : t('archive.done.restore', { id: job.eventId })}
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
