import { Box, Button, Paper, Stack, Tooltip, Typography } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { EventOverview, OverviewStepKey } from '@rada/core';
import { api, queryKeys } from '../../api/client.ts';
import { ErrorState, LoadingState } from '../../components/States.tsx';
import { IssuesTable } from '../adminEvents/IssuesTable.tsx';
import { useDialogState } from '../../hooks/useDialogState.ts';
import { ArchiveJobDialog } from '../archive/ArchivePanel.tsx';
import { ArchivedOverview } from './ArchivedOverview.tsx';
import { KpAttentionList } from './KpAttentionList.tsx';

/** Where each setup step is done: a tab of the event page, a section of its settings. */
const STEP_LINKS: Record<OverviewStepKey, string> = {
  times: 'settings#settings-event',
  kps: 'kp',
  scoring: 'settings#settings-scoring',
  access: 'settings#settings-registration',
  startlist: 'teams',
};

/** Counts that change with time alone (marks lately, phones sending) are refreshed this often. */
const REFRESH_MS = 30_000;

/** One part of a bar: its share of the whole, colour and name. */
interface Part {
  key: string;
  value: number;
  colour: string;
  label: string;
}

/** A horizontal bar split by `parts`, with a legend of counts: the state of a whole at a glance. */
function StackedBar({ parts, testId }: { parts: Part[]; testId: string }) {
  const total = parts.reduce((sum, p) => sum + p.value, 0);
  return (
    <Box data-testid={testId}>
      <Box
        role="img"
        aria-label={parts.map((p) => `${p.label}: ${p.value}`).join(', ')}
        sx={{
          display: 'flex',
          height: 12,
          borderRadius: 6,
          overflow: 'hidden',
          bgcolor: 'action.hover',
        }}
      >
        {total > 0 &&
          parts
            .filter((p) => p.value > 0)
            .map((p) => (
              <Box
                key={p.key}
                sx={{ flex: p.value, bgcolor: p.colour }}
                title={`${p.label}: ${p.value}`}
              />
            ))}
      </Box>
      <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 2, rowGap: 0.5, mt: 1 }}>
        {parts.map((p) => (
          <Stack key={p.key} direction="row" sx={{ alignItems: 'center', gap: 0.75 }}>
            <Box sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: p.colour }} />
            <Typography variant="body2">
              {p.label}: <b data-testid={`${testId}-${p.key}`}>{p.value}</b>
            </Typography>
          </Stack>
        ))}
      </Stack>
    </Box>
  );
}

/** A titled bar of a whole's parts, or what to do when there is nothing yet (`emptyText`). */
function BarBlock({
  title,
  testId,
  emptyText,
  summary,
  parts,
}: {
  title: string;
  testId: string;
  emptyText: string | null;
  summary: string;
  parts: Part[];
}) {
  return (
    <Box>
      <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {emptyText !== null ? (
        <Typography color="text.secondary" data-testid={`${testId}-none`}>
          {emptyText}
        </Typography>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {summary}
          </Typography>
          <StackedBar testId={testId} parts={parts} />
        </>
      )}
    </Box>
  );
}

/** A big number with its meaning under it. */
function Figure({ value, label, testId }: { value: number; label: string; testId: string }) {
  return (
    <Box sx={{ minWidth: 140 }}>
      <Typography variant="h4" component="p" data-testid={testId}>
        {value}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
    </Box>
  );
}

function NowPanel({ o }: { o: EventOverview }) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} data-testid="dash-now">
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('dash.now')}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
        }}
      >
        <BarBlock
          title={t('dash.teams')}
          testId="dash-teams"
          emptyText={o.teams.total === 0 ? t('dash.teams.none') : null}
          summary={`${t('dash.teams.count', { count: o.teams.total })} · ${t('dash.teams.allowed', { count: o.teams.allowed })}`}
          parts={[
            {
              key: 'notstarted',
              value: o.teams.notStarted,
              colour: '#b0bec5',
              label: t('dash.teams.notstarted'),
            },
            {
              key: 'running',
              value: o.teams.running,
              colour: '#1e88e5',
              label: t('dash.teams.running'),
            },
            {
              key: 'finished',
              value: o.teams.finished,
              colour: '#2e7d32',
              label: t('dash.teams.finished'),
            },
            { key: 'out', value: o.teams.out, colour: '#c62828', label: t('dash.teams.out') },
          ]}
        />
        <BarBlock
          title={t('dash.kps')}
          testId="dash-kps"
          emptyText={o.kps.total === 0 ? t('dash.kps.none') : null}
          summary={t('dash.kps.count', { count: o.kps.total })}
          parts={[
            { key: 'ready', value: o.kps.ready, colour: '#2e7d32', label: t('dash.kps.ready') },
            { key: 'inwork', value: o.kps.inWork, colour: '#1e88e5', label: t('dash.kps.inwork') },
          ]}
        />
      </Box>
      <Stack direction="row" sx={{ gap: 4, mt: 3, flexWrap: 'wrap' }}>
        <Figure value={o.marksLately} label={t('dash.marks')} testId="dash-marks" />
        <Figure value={o.devicesSending} label={t('dash.devices')} testId="dash-devices" />
      </Stack>
    </Paper>
  );
}

function SetupPanel({ o, eventId }: { o: EventOverview; eventId: string }) {
  const { t } = useTranslation();
  const done = o.steps.filter((s) => s.done).length;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} data-testid="dash-setup">
      <Stack direction="row" sx={{ alignItems: 'baseline', gap: 2, mb: 1 }}>
        <Typography variant="h6" component="h2">
          {t('dash.setup')}
        </Typography>
        <Typography color="text.secondary" data-testid="dash-setup-count">
          {t('dash.setup.done', { done, total: o.steps.length })}
        </Typography>
      </Stack>
      <Stack component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {o.steps.map((step) => (
          <Stack
            component="li"
            key={step.key}
            direction="row"
            sx={{ alignItems: 'center', gap: 1.5, py: 1, borderTop: 1, borderColor: 'divider' }}
            data-testid={`dash-step-${step.key}`}
            data-done={step.done}
          >
            {step.done ? (
              <CheckCircleIcon color="success" aria-label={t('dash.step.donearia')} />
            ) : (
              <RadioButtonUncheckedIcon color="disabled" aria-label={t('dash.step.todoaria')} />
            )}
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography sx={{ fontWeight: step.done ? 400 : 600 }}>
                {t(`dash.step.${step.key}`)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {step.left > 0 && (step.key === 'kps' || step.key === 'startlist')
                  ? t(`dash.step.${step.key}.left`, { count: step.left })
                  : t(`dash.step.${step.key}.help`)}
              </Typography>
              {step.key === 'kps' && o.kps.attention.total > 0 && (
                <KpAttentionList eventId={eventId} attention={o.kps.attention} />
              )}
            </Box>
            <Tooltip title={t(`dash.step.${step.key}.help`)}>
              <Button
                component={Link}
                to={`/${eventId}/${STEP_LINKS[step.key]}`}
                size="small"
                variant={step.done ? 'text' : 'outlined'}
                data-testid={`dash-step-${step.key}-open`}
              >
                {t('dash.step.open')}
              </Button>
            </Tooltip>
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}

/** What the server noticed about the event ('GPS for unknown device'); nothing when all is well. */
function IssuesPanel({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const issues = useQuery({
    queryKey: ['issues', eventId],
    queryFn: () => api.eventIssues(eventId),
    refetchInterval: REFRESH_MS,
  });
  if (!issues.data || issues.data.length === 0) return null;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} data-testid="dash-issues">
      <Typography variant="h6" component="h2">
        {t('dash.issues', { count: issues.data.length })}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('dash.issues.help')}
      </Typography>
      <Box sx={{ overflowX: 'auto' }}>
        <IssuesTable rows={issues.data} withEvent={false} />
      </Box>
    </Paper>
  );
}

/**
 * The organiser's dashboard at the top of the event's overview: teams and KPs by state, what is
 * happening now, and the setup steps with links to where each is done. Live: it refreshes on the
 * event's changes, and every 30 s for the counts that move with time alone.
 */
export function OverviewDashboard({ eventId }: { eventId: string }) {
  const overview = useQuery({
    queryKey: queryKeys.overview(eventId),
    queryFn: () => api.overview(eventId),
    refetchInterval: REFRESH_MS,
  });
  // Here, not in the archive's panel: the dialog stays open (with its log) as the event comes back.
  const restore = useDialogState();
  if (overview.isPending) return <LoadingState />;
  if (overview.isError) {
    return <ErrorState error={overview.error} onRetry={() => void overview.refetch()} />;
  }
  const { archive } = overview.data;
  return (
    <Stack spacing={2} data-testid="dash">
      {archive ? (
        // Nothing happens and nothing is set up in an archived event: what it holds instead.
        <ArchivedOverview archive={archive} onRestore={restore.show} />
      ) : (
        <>
          <NowPanel o={overview.data} />
          <SetupPanel o={overview.data} eventId={eventId} />
        </>
      )}
      <IssuesPanel eventId={eventId} />
      {restore.open && (
        <ArchiveJobDialog
          key={restore.key}
          eventId={eventId}
          kind="unarchive"
          onClose={restore.hide}
        />
      )}
    </Stack>
  );
}
