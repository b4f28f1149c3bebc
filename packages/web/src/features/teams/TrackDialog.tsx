import { useRef } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TeamListEntry } from '@rada/core';
import { api, apiUrl, queryKeys } from '../../api/client.ts';
import { errorText } from '../../i18n/errorText.ts';
import { formatTime } from './teamAnswers.ts';

/**
 * A team's GPS track: its statistics, downloads as GPX and as the binary track file
 * (`{team}_ws.data`, docs/track-format.md), and a GPX import (event admins).
 */
export function TrackDialog({
  eventId,
  team,
  readOnly,
  onClose,
}: {
  eventId: string;
  team: TeamListEntry;
  readOnly: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const tracks = useQuery({
    queryKey: queryKeys.tracks(eventId),
    queryFn: () => api.tracks(eventId),
  });
  const stat = tracks.data?.find((x) => x.teamId === team.id)?.stat ?? null;
  const upload = useMutation({
    mutationFn: async (file: File) => api.importTeamGpx(eventId, team.id, await file.text()),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.tracks(eventId) }),
  });
  const params = { id: eventId, teamId: team.id };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" data-testid="team-track-dialog">
      <DialogTitle>{t('teams.track.title', { name: team.name })}</DialogTitle>
      <DialogContent>
        <Stack sx={{ gap: 1.5 }}>
          {stat === null || stat.points === 0 ? (
            <Typography color="text.secondary">{t('teams.track.none')}</Typography>
          ) : (
            <Typography data-testid="team-track-stat">
              {t('teams.track.stat', {
                points: stat.points,
                km: (stat.dst / 1000).toFixed(2),
                kmh: stat.avgspd === null ? '–' : (stat.avgspd * 3.6).toFixed(1),
                last: formatTime(stat.lastT),
              })}
            </Typography>
          )}
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
            <Button
              variant="outlined"
              startIcon={<DownloadIcon />}
              href={apiUrl('trackGpx', { params })}
              download
              data-testid="team-track-gpx"
            >
              GPX
            </Button>
            <Button
              variant="outlined"
              startIcon={<DownloadIcon />}
              href={apiUrl('trackData', { params })}
              download
              data-testid="team-track-data"
            >
              {t('teams.track.datafile')}
            </Button>
            <Button
              variant="outlined"
              startIcon={<UploadFileIcon />}
              disabled={readOnly || upload.isPending}
              onClick={() => input.current?.click()}
              data-testid="team-track-import"
            >
              {t('teams.track.import')}
            </Button>
            <input
              ref={input}
              type="file"
              accept=".gpx,application/gpx+xml,application/xml,text/xml"
              hidden
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                if (file) upload.mutate(file);
              }}
            />
          </Stack>
          {upload.isSuccess && (
            <Alert severity={upload.data.rejected.length > 0 ? 'warning' : 'success'}>
              {t('teams.track.imported', {
                accepted: upload.data.accepted,
                rejected: upload.data.rejected.length,
              })}
            </Alert>
          )}
          {upload.isError && <Alert severity="error">{errorText(t, upload.error)}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('teams.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
