import { useState } from 'react';
import {
  Box,
  Button,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ArchiveColoursResult } from '@rada/core';
import { api } from '../../api/client.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { ErrorState, LoadingState } from '../../components/States.tsx';

/** A colour as a swatch and its text; a stored value that is no colour shows as text only. */
function Swatch({ colour }: { colour: string | null }) {
  const { t } = useTranslation();
  const drawable = colour !== null && /^#[0-9a-f]{6}$/i.test(colour);
  return (
    <Stack direction="row" sx={{ gap: 1, alignItems: 'center' }}>
      <Box
        sx={{
          width: 16,
          height: 16,
          borderRadius: '50%',
          flex: 'none',
          bgcolor: drawable ? colour : 'transparent',
          border: drawable ? 'none' : '1px dashed',
          borderColor: 'text.disabled',
        }}
      />
      <Box component="span" sx={{ fontFamily: 'monospace' }}>
        {colour === null ? t('debug.colours.none') : colour === '' ? '""' : colour}
      </Box>
    </Stack>
  );
}

function Result({ result }: { result: ArchiveColoursResult }) {
  const { t } = useTranslation();
  const counts = { count: result.fixes.length, total: result.teams };
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="debug-colours-result">
      <Typography sx={{ fontWeight: 600, mb: 1 }}>
        {result.fixes.length === 0
          ? t('debug.colours.nothing', { total: result.teams })
          : t(result.dryRun ? 'debug.colours.wouldfix' : 'debug.colours.fixed', counts)}
      </Typography>
      {result.fixes.length > 0 && (
        <TableContainer>
          <Table size="small" data-testid="debug-colours-table">
            <TableHead>
              <TableRow>
                <TableCell>{t('debug.colours.col.nr')}</TableCell>
                <TableCell>{t('debug.col.team')}</TableCell>
                <TableCell>{t('debug.colours.col.old')}</TableCell>
                <TableCell>{t('debug.colours.col.new')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {result.fixes.map((fix) => (
                <TableRow key={fix.teamId} data-testid={`debug-colours-row-${fix.teamId}`}>
                  <TableCell>{fix.nr ?? ''}</TableCell>
                  <TableCell>{fix.name}</TableCell>
                  <TableCell>
                    <Swatch colour={fix.old} />
                  </TableCell>
                  <TableCell>
                    <Swatch colour={fix.col} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {result.written.length > 0 && (
        <Box sx={{ mt: 1.5 }}>
          <Typography variant="body2" color="text.secondary">
            {t('debug.colours.written')}
          </Typography>
          {result.written.map((file) => (
            <Typography
              key={file}
              variant="body2"
              sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}
            >
              {file}
            </Typography>
          ))}
        </Box>
      )}
    </Paper>
  );
}

/**
 * "Fix colours in archive" (spec 02 §2): an archived event's teams whose stored colour a map
 * cannot draw get the colour their track shows, in the archive's evdata.json. The dry run lists
 * them first; the fix asks before it writes.
 */
export function ArchiveColoursTool() {
  const { t } = useTranslation();
  const [eventId, setEventId] = useState('');
  const [asking, setAsking] = useState(false);
  const fix = useMutation({ mutationFn: api.debugArchiveColours });
  const id = eventId.trim();
  return (
    <Stack sx={{ gap: 2, maxWidth: 720 }}>
      <Box sx={{ color: 'text.secondary' }}>{t('debug.colours.help')}</Box>
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <TextField
          label={t('debug.eventid')}
          value={eventId}
          onChange={(e) => {
            setEventId(e.target.value);
            fix.reset();
          }}
          slotProps={{ htmlInput: { 'data-testid': 'debug-colours-event' } }}
        />
        <Button
          variant="outlined"
          disabled={id === '' || fix.isPending}
          onClick={() => fix.mutate({ event: id, dryRun: true })}
          data-testid="debug-colours-dry"
        >
          {t('debug.recode.dry')}
        </Button>
        <Button
          variant="contained"
          disabled={id === '' || fix.isPending}
          onClick={() => setAsking(true)}
          data-testid="debug-colours-run"
        >
          {t('debug.colours.run')}
        </Button>
      </Stack>
      {fix.isPending && <LoadingState />}
      {fix.isError && <ErrorState error={fix.error} />}
      {fix.data && <Result result={fix.data} />}
      {asking && (
        <ConfirmDialog
          title={t('debug.colours.confirmtitle')}
          message={t('debug.colours.confirm', { id })}
          confirmLabel={t('debug.colours.run')}
          onConfirm={() => {
            setAsking(false);
            fix.mutate({ event: id, dryRun: false });
          }}
          onCancel={() => setAsking(false)}
          confirmTestId="debug-colours-confirm"
        />
      )}
    </Stack>
  );
}
