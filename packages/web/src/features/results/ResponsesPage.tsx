import { useEffect, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import {
  Alert,
  Box,
  Button,
  Stack,
  Table,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { responseCell } from '@rada/core';
import type { ResponseCell, ResponsesView } from '@rada/core';
import { ApiError } from '../../api/client.ts';
import { ErrorState, LoadingState } from '../../components/States.tsx';
import { WindowedBody } from '../../components/WindowedBody.tsx';
import { useEvent } from '../events/useEvent.ts';
import { useResponses } from './useResults.ts';

const CELL_COLOURS: Record<ResponseCell['state'], { bg: string; fg: string } | null> = {
  ok: { bg: 'success.light', fg: 'success.contrastText' },
  wrong: { bg: 'error.light', fg: 'error.contrastText' },
  none: null,
};

/**
 * The rules of the matrix's plain body cells: a small MUI table cell's looks and the state
 * colours. 2,000 teams × 60 KPs drew a styled MUI cell each, a style computation per cell in
 * every rendered row (bench pageWeight's responses page).
 */
const MATRIX_STYLES = {
  '& tbody td, & tbody th': {
    typography: 'body2',
    py: '6px',
    px: 2,
    borderBottom: 1,
    borderColor: 'divider',
  },
  '& tbody th': {
    position: 'sticky',
    left: 0,
    bgcolor: 'background.paper',
    zIndex: 1,
    textAlign: 'left',
    fontWeight: 'inherit',
    whiteSpace: 'nowrap',
  },
  '& tbody td': { textAlign: 'center' },
  ...Object.fromEntries(
    Object.entries(CELL_COLOURS)
      .filter(([, colour]) => colour !== null)
      .map(([state, colour]) => [`& td.m-${state}`, { bgcolor: colour!.bg, color: colour!.fg }]),
  ),
};

/** `/{evid}/responses`: every team's marks of every checkpoint, correct green, wrong red. */
export function ResponsesPage() {
  const { evid } = useParams();
  const { t } = useTranslation();
  const event = useEvent(evid);
  const responses = useResponses(evid);
  const hidden =
    responses.error instanceof ApiError && responses.error.key === 'results.error.hidden';
  return (
    <Box data-testid="responses-page" sx={{ p: { xs: 0, sm: 3 } }}>
      <Stack direction="row" sx={{ mb: 1, alignItems: 'center', gap: 1 }}>
        <Typography
          variant="h5"
          component="h1"
          sx={{ flex: 1, fontSize: { xs: '1.25rem', sm: '1.5rem' }, lineHeight: 1.25 }}
        >
          {event.data?.name ?? evid} — {t('responses.title')}
        </Typography>
        <Button
          component={RouterLink}
          to={`/${evid ?? ''}/result`}
          size="small"
          sx={{ '@media print': { display: 'none' } }}
        >
          {t('responses.results')}
        </Button>
      </Stack>
      {hidden ? (
        <Alert severity="info" data-testid="results-hidden">
          {t('results.hidden')}
        </Alert>
      ) : responses.isPending ? (
        <LoadingState />
      ) : responses.isError ? (
        <ErrorState error={responses.error} onRetry={() => void responses.refetch()} />
      ) : (
        <Matrix view={responses.data} />
      )}
    </Box>
  );
}

/** Whether an element is wider than its box (a sideways scroll), followed as it resizes. */
function useOverflows(element: HTMLElement | null): boolean {
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    if (!element) return;
    const check = () => setOverflows(element.scrollWidth > element.clientWidth + 1);
    check();
    const observer = new ResizeObserver(check);
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return overflows;
}

/**
 * The matrix: correct marks green and wrong ones red as they come (unless the event hides wrong
 * marks); which answer each team chose, and the correct ones, once the event has ended (admins
 * always). A hint tells phone users that more KPs are sideways.
 */
function Matrix({ view }: { view: ResponsesView }) {
  const { t } = useTranslation();
  const [box, setBox] = useState<HTMLDivElement | null>(null);
  const overflows = useOverflows(box);
  return (
    <>
      {!view.answersShown && (
        <Alert severity="info" sx={{ mb: 1 }} data-testid="responses-answershidden">
          {t('responses.answershidden')}
        </Alert>
      )}
      {!view.wrongShown && (
        <Alert severity="info" sx={{ mb: 1 }}>
          {t('responses.wronghidden')}
        </Alert>
      )}
      {overflows && (
        <Typography
          variant="caption"
          color="text.secondary"
          sx={{ display: 'block', textAlign: 'right' }}
          data-testid="responses-scrollhint"
        >
          {t('responses.scrollhint')}
        </Typography>
      )}
      <TableContainer ref={setBox} sx={{ maxHeight: '80vh' }}>
        <Table size="small" stickyHeader data-testid="responses-matrix" sx={MATRIX_STYLES}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ position: 'sticky', left: 0, zIndex: 3 }}>
                {t('results.col.team')}
              </TableCell>
              {view.kps.map((kp) => (
                <TableCell key={kp.id} align="center" title={view.correct[kp.id] ?? ''}>
                  {kp.nr ?? kp.id}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <WindowedBody
            count={view.teams.length}
            estimate={37}
            scroller={box}
            row={(index) => {
              const team = view.teams[index]!;
              return (
                <tr key={team.id} data-index={index} data-testid={`responses-row-${team.id}`}>
                  <th scope="row">{team.name}</th>
                  {view.kps.map((kp, kpIndex) => {
                    const cell = responseCell(team, kpIndex);
                    const text =
                      cell.answer === null ? '' : (kp.responses[cell.answer] ?? cell.answer);
                    return (
                      <td
                        key={kp.id}
                        className={`m-${cell.state}`}
                        data-testid={`responses-cell-${team.id}-${kp.id}`}
                        data-state={cell.state}
                      >
                        {text || (cell.state === 'none' ? '' : '•')}
                      </td>
                    );
                  })}
                </tr>
              );
            }}
          />
        </Table>
      </TableContainer>
      <Typography variant="caption" color="text.secondary">
        <Box component="span" sx={{ color: 'success.main' }}>
          ■
        </Box>{' '}
        {t('responses.legend.ok')}{' '}
        {view.wrongShown && (
          <>
            <Box component="span" sx={{ color: 'error.main' }}>
              ■
            </Box>{' '}
            {t('responses.legend.wrong')}{' '}
          </>
        )}
        {!view.answersShown && `• ${t('responses.legend.marked')}`}
      </Typography>
    </>
  );
}
