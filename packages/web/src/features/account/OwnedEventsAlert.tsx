import { Alert, Box, Link } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';

/** The events of an `account.error.ownsevents` refusal (details: {path: event id, message: name}). */
export function ownedEventsOf(error: unknown): { id: string; name: string }[] | null {
  if (!(error instanceof ApiError) || error.key !== 'account.error.ownsevents') return null;
  return error.details.map((d) => ({ id: d.path, name: d.message }));
}

/**
 * Why the account cannot be deleted yet: it owns events. Lists them with links to their Admins
 * tab, where another admin can be made the owner.
 */
export function OwnedEventsAlert({ events }: { events: { id: string; name: string }[] }) {
  const { t } = useTranslation();
  return (
    <Alert severity="warning" data-testid="accountdelete-owns">
      {t('accountdelete.owns')}
      <Box component="ul" sx={{ my: 1, pl: 3 }}>
        {events.map((e) => (
          <li key={e.id}>
            <Link
              component={RouterLink}
              to={`/${encodeURIComponent(e.id)}/admins`}
              aria-label={t('accountdelete.owns.open', { name: e.name })}
              data-testid={`accountdelete-owned-${e.id}`}
            >
              {e.name}
            </Link>
          </li>
        ))}
      </Box>
    </Alert>
  );
}
