import { Suspense, lazy, useState } from 'react';
import {
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  GlobalStyles,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import PrintIcon from '@mui/icons-material/Print';
import DownloadIcon from '@mui/icons-material/Download';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { EventSummary } from '@rada/core';
import { api, queryKeys } from '../../api/client.ts';
import { EmptyState, ErrorState, LoadingState } from '../../components/States.tsx';
import { formatEventDates } from '../events/formatEventDates.ts';
import { descriptionLines } from './controlDescription.ts';
import { useDownloadPrintItems } from './useDownloadPrintItems.ts';

/** The sheet's map: Leaflet loads only when the map is printed. */
const PrintMap = lazy(() => import('./PrintMap.tsx').then((m) => ({ default: m.PrintMap })));

/** Print rules: an A4 page with only the sheet on it (no app bar, no buttons). */
const printStyles = (
  <GlobalStyles
    styles={{
      '@page': { size: 'A4 portrait', margin: '12mm' },
      '@media print': {
        'header.MuiAppBar-root, .MuiSnackbar-root, .rada-noprint': { display: 'none !important' },
        'body, main.MuiContainer-root': { background: '#fff !important' },
        'main.MuiContainer-root': { padding: '0 !important', maxWidth: 'none !important' },
        '.rada-print-sheet': { fontSize: '10pt' },
        '.rada-print-sheet td, .rada-print-sheet th': {
          padding: '3px 6px !important',
          fontSize: '10pt !important',
          color: '#000 !important',
        },
        '.rada-print-sheet tr': { breakInside: 'avoid' },
      },
    }}
  />
);

/**
 * The printable control-description sheet (`/{event}/kpprint`): the event's name and date, then
 * one line per KP (number, value, description, coordinates, responses) for the browser's print
 * on A4, and on a page of its own the map with the KPs: the event's own map image when it has
 * one (then printed unless unticked; without one, only when ticked). Correct answers are never
 * shown, since the sheet goes to participants.
 */
export function ControlDescriptionSheet({ event }: { event: EventSummary }) {
  const { t, i18n } = useTranslation();
  const checkpoints = useQuery({
    queryKey: queryKeys.checkpoints(event.id),
    queryFn: () => api.checkpoints(event.id),
  });
  const printItems = useDownloadPrintItems(event.id);
  const date = formatEventDates(event.starttime, event.endtime, i18n.language);
  const lines = checkpoints.data ? descriptionLines(checkpoints.data.checkpoints) : [];
  // Whether the event has a map image to print (read without loading the map's code).
  const eventMap = useQuery({
    queryKey: queryKeys.eventMap(event.id),
    queryFn: () => api.eventMap(event.id),
    staleTime: 60_000,
  });
  const hasImage = (eventMap.data?.images ?? []).some(
    (i) => i.state === 'ready' && i.tiles !== null && i.corners !== null,
  );
  const [mapChoice, setMapChoice] = useState<boolean | null>(null);
  const withMap = mapChoice ?? hasImage;
  const located = lines.some((l) => l.coords !== '');

  return (
    <Box data-testid="kp-print-sheet" className="rada-print-sheet">
      {printStyles}
      <Stack
        direction="row"
        className="rada-noprint"
        sx={{ gap: 1, mb: 2, flexWrap: 'wrap', alignItems: 'center' }}
      >
        <Button component={Link} to={`/${event.id}/kp`} startIcon={<ArrowBackIcon />}>
          {t('common.backevent')}
        </Button>
        <Box sx={{ flex: 1 }} />
        {(located || hasImage) && (
          <FormControlLabel
            control={
              <Checkbox
                checked={withMap}
                onChange={(e) => setMapChoice(e.target.checked)}
                data-testid="kpprint-withmap"
              />
            }
            label={t('ownmap.print.include')}
          />
        )}
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          disabled={printItems.isPending}
          onClick={() => printItems.mutate()}
          data-testid="kpprint-printitems"
        >
          {t('export.printitems', { event: event.id })}
        </Button>
        <Button
          variant="contained"
          startIcon={<PrintIcon />}
          onClick={() => window.print()}
          disabled={lines.length === 0}
          data-testid="kpprint-print"
        >
          {t('kpprint.print')}
        </Button>
      </Stack>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {event.name}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }} data-testid="kpprint-date">
        {[t('kpprint.title'), date].filter(Boolean).join(' · ')}
      </Typography>
      {checkpoints.isPending ? (
        <LoadingState />
      ) : checkpoints.isError ? (
        <ErrorState error={checkpoints.error} onRetry={() => void checkpoints.refetch()} />
      ) : lines.length === 0 ? (
        <EmptyState text={t('kpprint.empty')} testId="kpprint-empty" />
      ) : (
        <Table size="small" sx={{ '& td, & th': { verticalAlign: 'top' } }}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: '3em' }}>{t('kpprint.nr')}</TableCell>
              <TableCell sx={{ width: '3em' }}>{t('kpprint.value')}</TableCell>
              <TableCell>{t('kpprint.desc')}</TableCell>
              <TableCell sx={{ width: '13em' }}>{t('kpprint.coords')}</TableCell>
              <TableCell>{t('kpprint.responses')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {lines.map((l) => (
              <TableRow key={l.id} data-testid={`kpprint-row-${String(l.nr)}`}>
                <TableCell sx={{ fontWeight: 700 }}>{String(l.nr)}</TableCell>
                <TableCell>{l.value}</TableCell>
                <TableCell>{l.desc}</TableCell>
                <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
                  {l.coords}
                </TableCell>
                <TableCell>{l.responses.join(' · ')}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {withMap && checkpoints.data && (
        <Box sx={{ mt: 3, '@media print': { breakBefore: 'page', mt: 0 } }}>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            {event.name} · {t('ownmap.print.title')}
          </Typography>
          <Suspense fallback={<LoadingState />}>
            <PrintMap eventId={event.id} checkpoints={checkpoints.data.checkpoints} />
          </Suspense>
        </Box>
      )}
    </Box>
  );
}
