import {
  Button,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, apiUrl, queryKeys } from '../../api/client.ts';
import { ErrorState, LoadingState } from '../../components/States.tsx';
import { formatTime } from '../teams/teamAnswers.ts';

/** A file size as people read it. */
export function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} kB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * What the teams' devices sent back for commands (sendLog, sendGPX, sendDB), newest first, each
 * downloadable by the organiser. Live through the `uploads` change.
 */
export function DeviceUploadsList({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const list = useQuery({
    queryKey: queryKeys.uploads(eventId),
    queryFn: () => api.uploads(eventId),
  });
  if (list.isPending) return <LoadingState />;
  if (list.isError) return <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  if (list.data.length === 0)
    return (
      <Typography color="text.secondary" variant="body2" data-testid="msg-uploads-empty">
        {t('msg.uploads.empty')}
      </Typography>
    );
  return (
    <TableContainer sx={{ maxHeight: 240 }}>
      <Table size="small" stickyHeader data-testid="msg-uploads">
        <TableHead>
          <TableRow>
            <TableCell>{t('msg.sent.time')}</TableCell>
            <TableCell>{t('msg.sent.team')}</TableCell>
            <TableCell>{t('msg.uploads.kind')}</TableCell>
            <TableCell align="right">{t('msg.uploads.size')}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {list.data.map((u) => (
            <TableRow key={u.id} data-testid={`msg-upload-${u.id}`}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatTime(u.createdAt)}</TableCell>
              <TableCell>{u.teamName}</TableCell>
              <TableCell>{t(`msg.uploads.kind.${u.kind}`)}</TableCell>
              <TableCell align="right">{sizeText(u.size)}</TableCell>
              <TableCell>
                <Button
                  size="small"
                  startIcon={<DownloadIcon />}
                  href={apiUrl('downloadUpload', { params: { id: eventId, uploadId: u.id } })}
                  download
                >
                  {t('msg.uploads.download')}
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
