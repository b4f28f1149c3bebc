import { Chip, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '../../components/States.tsx';
import { useWheelDraws } from './useWheel.ts';

/** The event's past draws, newest first: number, winner, when, by whom, among how many. */
export function WheelDrawList({ eventId, dense = false }: { eventId: string; dense?: boolean }) {
  const { t, i18n } = useTranslation();
  const draws = useWheelDraws(eventId);
  if (draws.isPending) return <LoadingState testId="wheel-draws-loading" />;
  if (draws.isError) return <ErrorState error={draws.error} onRetry={() => void draws.refetch()} />;
  if (draws.data.length === 0) {
    return (
      <Typography color="text.secondary" data-testid="wheel-draws-empty">
        {t('wheel.draws.none')}
      </Typography>
    );
  }
  return (
    <List dense={dense} disablePadding data-testid="wheel-draws">
      {draws.data.map((d) => (
        <ListItem
          key={d.id}
          disableGutters
          data-testid={`wheel-draw-${d.seq}`}
          secondaryAction={
            d.removed ? <Chip size="small" label={t('wheel.draws.removed')} /> : undefined
          }
        >
          <ListItemText
            primary={
              <span>
                {`${d.seq}. `}
                <strong data-testid="wheel-draw-winner">{d.winner}</strong>
              </span>
            }
            secondary={[
              new Date(d.at).toLocaleString(i18n.language),
              t('wheel.draws.among', { count: d.entries }),
              d.byName ? t('wheel.draws.by', { name: d.byName }) : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          />
        </ListItem>
      ))}
    </List>
  );
}
