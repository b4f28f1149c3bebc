import { Chip, List, ListItemButton, ListItemText, Stack } from '@mui/material';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { EventSummary, MyEventSummary } from '@rada/core';
import { formatEventDates } from './formatEventDates.ts';

/**
 * A list of events, each linking to its page, with dates, type and the caller's role; an event
 * the caller only takes part in links to the participant app as their team.
 */
export function EventList({
  events,
  testId,
}: {
  events: (EventSummary & Partial<Pick<MyEventSummary, 'team'>>)[];
  testId: string;
}) {
  const { t, i18n } = useTranslation();
  return (
    <List data-testid={testId} disablePadding>
      {events.map((ev) => (
        <ListItemButton
          key={ev.id}
          component={Link}
          to={
            ev.team && !ev.role
              ? `/${ev.id}/play?team=${encodeURIComponent(ev.team.id)}`
              : `/${ev.id}`
          }
          divider
          data-testid={`event-link-${ev.id}`}
        >
          <ListItemText
            primary={ev.name}
            secondary={`${formatEventDates(ev.starttime, ev.endtime, i18n.language) ?? t('event.nodate')} · ${t(`settings.type.${ev.type}`)}`}
          />
          <Stack direction="row" sx={{ gap: 0.5, ml: 1 }}>
            {ev.hidden && <Chip size="small" label={t('event.hidden')} />}
            {ev.arch && <Chip size="small" label={t('event.archived')} />}
            {ev.team && (
              <Chip
                size="small"
                color="secondary"
                variant="outlined"
                label={t('event.myteam', { team: ev.team.name })}
                data-testid={`event-myteam-${ev.id}`}
              />
            )}
            {ev.role && (
              <Chip
                size="small"
                color="primary"
                variant="outlined"
                label={t(`event.role.${ev.role}`)}
              />
            )}
          </Stack>
        </ListItemButton>
      ))}
    </List>
  );
}
