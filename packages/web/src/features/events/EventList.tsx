import { Chip, List, ListItemButton, ListItemText, Stack } from '@mui/material';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { EventSummary } from '@rada/core';
import { formatEventDates } from './formatEventDates.ts';

/** A list of events, each linking to its page, with dates, type and the caller's role. */
export function EventList({ events, testId }: { events: EventSummary[]; testId: string }) {
  const { t, i18n } = useTranslation();
  return (
    <List data-testid={testId} disablePadding>
      {events.map((ev) => (
        <ListItemButton
          key={ev.id}
          component={Link}
          to={`/${ev.id}`}
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
