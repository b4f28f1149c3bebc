import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { Alert, Box, Button, Stack, Tab, Tabs, Typography } from '@mui/material';
import PrintIcon from '@mui/icons-material/Print';
import DownloadIcon from '@mui/icons-material/Download';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { ApiError } from '../../api/client.ts';
import { EmptyState, ErrorState, LoadingState } from '../../components/States.tsx';
import { useEvent } from '../events/useEvent.ts';
import { useResults } from './useResults.ts';
import { NO_CLASS, OVERALL, resultsTabs, tabRows } from './resultsTable.ts';
import { ResultsTable } from './ResultsTable.tsx';
import { resultsCsvFile, resultsIofFile } from './resultsDownload.ts';
import type { ResultsFile } from './resultsDownload.ts';
import { downloadText } from '../export/download.ts';

const offer = (file: ResultsFile) => downloadText(file.text, file.name, file.type);

/**
 * `/{evid}/result` and `/{evid}/tulemus`: the event's ranking, overall and per class. It follows
 * the event's realtime topic, so a change to an answer shows without reload.
 */
export function ResultsPage() {
  const { evid } = useParams();
  const { t } = useTranslation();
  const event = useEvent(evid);
  const results = useResults(evid);
  const [tab, setTab] = useState(OVERALL);

  const hidden = results.error instanceof ApiError && results.error.key === 'results.error.hidden';
  const view = results.data;
  const tabs = view ? resultsTabs(view.results, view.settings.klassid) : [];
  const current = tabs.some((x) => x.key === tab) ? tab : OVERALL;

  return (
    <Box data-testid="results-page" sx={{ maxWidth: 1100, mx: 'auto', p: { xs: 1, sm: 3 } }}>
      <Stack direction="row" spacing={1} sx={{ mb: 1, alignItems: 'center' }}>
        <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
          {event.data?.name ?? evid} — {t('results.title')}
        </Typography>
        <Box sx={{ '@media print': { display: 'none' } }}>
          <Button component={RouterLink} to={`/${evid ?? ''}/responses`} size="small">
            {t('results.responses')}
          </Button>
          {view && view.results.length > 0 && (
            <>
              <Button
                size="small"
                startIcon={<DownloadIcon />}
                data-testid="results-download-csv"
                title={t('results.download.csv.hint')}
                onClick={() => offer(resultsCsvFile(view, evid ?? 'event', t))}
              >
                {t('results.download.csv')}
              </Button>
              <Button
                size="small"
                startIcon={<DownloadIcon />}
                data-testid="results-download-iof"
                title={t('results.download.iof.hint')}
                onClick={() =>
                  offer(resultsIofFile(view, evid ?? 'event', event.data?.name ?? evid ?? ''))
                }
              >
                {t('results.download.iof')}
              </Button>
              <Button
                size="small"
                startIcon={<DownloadIcon />}
                data-testid="results-download-iofteam"
                title={t('results.download.iofteam.hint')}
                onClick={() =>
                  offer(
                    resultsIofFile(view, evid ?? 'event', event.data?.name ?? evid ?? '', 'team'),
                  )
                }
              >
                {t('results.download.iofteam')}
              </Button>
            </>
          )}
          <Button size="small" startIcon={<PrintIcon />} onClick={() => window.print()}>
            {t('results.print')}
          </Button>
        </Box>
      </Stack>
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
          {tabs.length > 0 && (
            <Tabs
              value={current}
              onChange={(_e, value: string) => setTab(value)}
              variant="scrollable"
              allowScrollButtonsMobile
              sx={{ '@media print': { display: 'none' } }}
            >
              {tabs.map((x) => (
                <Tab
                  key={x.key}
                  value={x.key}
                  data-testid={`results-tab-${x.key}`}
                  label={
                    x.key === OVERALL
                      ? t('results.tab.overall')
                      : x.key === NO_CLASS
                        ? t('results.tab.noclass')
                        : x.label
                  }
                />
              ))}
            </Tabs>
          )}
          {view.results.length === 0 ? (
            <EmptyState text={t('results.empty')} />
          ) : (
            <ResultsTable rows={tabRows(view.results, current)} settings={view.settings} />
          )}
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
            {t('results.computedat', {
              time: dayjs(view.computedAt).format('YYYY-MM-DD HH:mm:ss'),
            })}
          </Typography>
        </>
      )}
    </Box>
  );
}
