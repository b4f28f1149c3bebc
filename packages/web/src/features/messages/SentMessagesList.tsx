import {
  Chip,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, queryKeys } from '../../api/client.ts';
import { ErrorState, LoadingState } from '../../components/States.tsx';
import { formatTime } from '../teams/teamAnswers.ts';
import { sentContent } from './messageForm.ts';

/** How often the log refreshes while shown, to catch deliveries. */
const REFRESH_MS = 5000;

/** The organiser's log of sent messages and commands: newest first, delivered or waiting. */
export function SentMessagesList({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const list = useQuery({
    queryKey: queryKeys.messages(eventId),
    queryFn: () => api.messages(eventId),
    refetchInterval: REFRESH_MS,
  });
  if (list.isPending) return <LoadingState />;
  if (list.isError) return <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  if (list.data.length === 0)
    return (
      <Typography color="text.secondary" variant="body2" data-testid="msg-sent-empty">
        {t('msg.sent.empty')}
      </Typography>
    );
  const rows = [...list.data].sort((a, b) => b.createdAt - a.createdAt);
  return (
    <TableContainer sx={{ maxHeight: 280 }}>
      <Table size="small" stickyHeader data-testid="msg-sent-list">
        <TableHead>
          <TableRow>
            <TableCell>{t('msg.sent.time')}</TableCell>
            <TableCell>{t('msg.sent.team')}</TableCell>
            <TableCell>{t('msg.sent.content')}</TableCell>
            <TableCell>{t('msg.sent.state')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((m) => (
            <TableRow key={m.id} data-testid={`msg-sent-row-${m.id}`}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatTime(m.createdAt)}</TableCell>
              <TableCell>{m.teamName}</TableCell>
              <TableCell sx={{ wordBreak: 'break-word' }}>{sentContent(t, m)}</TableCell>
              <TableCell>
                {m.deliveredAt === null ? (
                  <Chip size="small" label={t('msg.sent.waiting')} />
                ) : (
                  <Chip
                    size="small"
                    color="success"
                    label={t('msg.sent.delivered', { time: formatTime(m.deliveredAt) })}
                  />
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
