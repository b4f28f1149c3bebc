import { Suspense, lazy, useMemo, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { PRINT_ONLY, SCREEN_ONLY, usePrinting } from '../../hooks/usePrinting.ts';
import { Alert, Box, Button, Paper, Stack, Tab, Tabs, Typography } from '@mui/material';
import PrintIcon from '@mui/icons-material/Print';
import InfoIcon from '@mui/icons-material/InfoOutlined';
import DownloadIcon from '@mui/icons-material/Download';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { ResultsView, TeamResult } from '@rada/core';
import { ApiError } from '../../api/client.ts';
import { EmptyState, ErrorState, LoadingState } from '../../components/States.tsx';
import { useEvent } from '../events/useEvent.ts';
import { useResults } from './useResults.ts';
import { NO_CLASS, OVERALL, resultsTabs, tabRows } from './resultsTable.ts';
import type { ResultsTab } from './resultsTable.ts';
import { ResultsTable } from './ResultsTable.tsx';
import { RichText, useReaderText } from '../../components/RichText.tsx';

const ResultsDownloadMenu = lazy(() =>
  import('./ResultsDownloadMenu.tsx').then((m) => ({ default: m.ResultsDownloadMenu })),
);
const SplitsDialog = lazy(() =>
  import('./SplitsTable.tsx').then((m) => ({ default: m.SplitsDialog })),
);

/** The Download button; its menu loads with the first click. */
function DownloadMenu({
  view,
  eventId,
  eventName,
}: {
  view: ResultsView;
  eventId: string;
  eventName: string;
}) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        size="small"
        startIcon={<DownloadIcon />}
        onClick={(e) => {
          setAnchor(e.currentTarget);
          setOpened(true);
        }}
        data-testid="results-download"
      >
        {t('results.download')}
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <ResultsDownloadMenu
            view={view}
            eventId={eventId}
            eventName={eventName}
            anchor={anchor}
            onClose={() => setAnchor(null)}
          />
        </Suspense>
      )}
    </>
  );
}

/**
 * `/{evid}/result` and `/{evid}/tulemus`: the event's ranking, overall and per class. It follows
 * the event's realtime topic, so a change to an answer shows without reload. A team's name opens
 * its splits; printing prints every class, each on a page of its own, without the app bar.
 */
export function ResultsPage() {
  const { evid } = useParams();
  const { t } = useTranslation();
  const event = useEvent(evid);
  const results = useResults(evid);
  const [tab, setTab] = useState(OVERALL);
  const [open, setOpen] = useState<TeamResult | null>(null);
  const printing = usePrinting();
  const readerText = useReaderText();
  const description = event.data ? readerText(event.data, 'description') : '';
  const [aboutOpen, setAboutOpen] = useState(false);

  const hidden = results.error instanceof ApiError && results.error.key === 'results.error.hidden';
  const view = results.data;
  const tabs = view ? resultsTabs(view.results, view.settings.klassid) : [];
  const current = tabs.some((x) => x.key === tab) ? tab : OVERALL;
  const shownRows = useMemo(() => (view ? tabRows(view.results, current) : []), [view, current]);
  const eventName = event.data?.name ?? evid ?? '';
  const tabLabel = (x: ResultsTab) =>
    x.key === OVERALL
      ? t('results.tab.overall')
      : x.key === NO_CLASS
        ? t('results.tab.noclass')
        : (x.label ?? '');
  // On paper: every class on its own page (or the one overall list when there are no classes).
  const printed = tabs.length > 1 ? tabs.filter((x) => x.key !== OVERALL) : tabs;

  return (
    <Box data-testid="results-page" sx={{ maxWidth: 1100, mx: 'auto', p: { xs: 0, sm: 3 } }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={{ xs: 0.5, sm: 1 }}
        sx={{ mb: 1, alignItems: { sm: 'center' }, ...SCREEN_ONLY }}
      >
        <Typography
          variant="h5"
          component="h1"
          sx={{ flex: 1, fontSize: { xs: '1.25rem', sm: '1.5rem' }, lineHeight: 1.25 }}
          data-testid="results-title"
        >
          {eventName} — {t('results.title')}
        </Typography>
        <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap' }}>
          {description && (
            <Button
              size="small"
              startIcon={<InfoIcon />}
              aria-expanded={aboutOpen}
              onClick={() => setAboutOpen((o) => !o)}
              data-testid="results-about"
            >
              {t('results.about')}
            </Button>
          )}
          <Button component={RouterLink} to={`/${evid ?? ''}/responses`} size="small">
            {t('results.responses')}
          </Button>
          {view && view.results.length > 0 && (
            <DownloadMenu view={view} eventId={evid ?? 'event'} eventName={eventName} />
          )}
          <Button
            size="small"
            startIcon={<PrintIcon />}
            title={t('results.print.all')}
            onClick={() => window.print()}
          >
            {t('results.print')}
          </Button>
        </Stack>
      </Stack>
      {description && aboutOpen && (
        <Paper variant="outlined" sx={{ px: 2, py: 1, mb: 1, ...SCREEN_ONLY }}>
          <RichText text={description} data-testid="results-description" />
        </Paper>
      )}
      {hidden ? (
        <Alert severity="info" data-testid="results-hidden">
          {t('results.hidden')}
        </Alert>
      ) : results.isPending ? (
        <LoadingState />
      ) : results.isError || !view ? (
        <ErrorState error={results.error} onRetry={() => void results.refetch()} />
      ) : (
        <>
          <Box sx={SCREEN_ONLY}>
            {tabs.length > 1 && (
              <Tabs
                value={current}
                onChange={(_e, value: string) => setTab(value)}
                variant="scrollable"
                allowScrollButtonsMobile
              >
                {tabs.map((x) => (
                  <Tab
                    key={x.key}
                    value={x.key}
                    data-testid={`results-tab-${x.key}`}
                    label={tabLabel(x)}
                  />
                ))}
              </Tabs>
            )}
            {view.results.length === 0 ? (
              <EmptyState text={t('results.empty')} />
            ) : (
              <ResultsTable
                rows={shownRows}
                settings={view.settings}
                onOpen={setOpen}
                computedAt={view.computedAt}
              />
            )}
          </Box>
          {printing && (
            <Box sx={PRINT_ONLY} data-testid="results-print">
              {printed.map((x, i) => (
                <Box
                  key={x.key}
                  sx={{
                    breakBefore: i === 0 ? 'auto' : 'page',
                    pageBreakBefore: i === 0 ? 'auto' : 'always',
                  }}
                  data-testid={`results-print-${x.key}`}
                >
                  <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
                    {eventName} — {t('results.title')}
                    {printed.length > 1 && ` — ${tabLabel(x)}`}
                  </Typography>
                  <ResultsTable
                    rows={tabRows(view.results, x.key)}
                    settings={view.settings}
                    idPrefix="print"
                    printAll
                    computedAt={view.computedAt}
                  />
                </Box>
              ))}
            </Box>
          )}
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
            {t('results.computedat', {
              time: dayjs(view.computedAt).format('YYYY-MM-DD HH:mm:ss'),
            })}
          </Typography>
          {open && evid && (
            <Suspense fallback={null}>
              <SplitsDialog
                eventId={evid}
                team={{ id: open.teamId, name: open.name }}
                pointssuffix={view.settings.pointssuffix}
                onClose={() => setOpen(null)}
              />
            </Suspense>
          )}
        </>
      )}
    </Box>
  );
}
