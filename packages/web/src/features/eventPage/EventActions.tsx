import { Suspense, lazy, useState } from 'react';
import {
  Button,
  IconButton,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Stack,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import CasinoIcon from '@mui/icons-material/Casino';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { useTranslation } from 'react-i18next';
import type { EventSummary, Me } from '@rada/core';
import { useDialogState } from '../../hooks/useDialogState.ts';

const CreateEventDialog = lazy(() =>
  import('../createEvent/CreateEventDialog.tsx').then((m) => ({ default: m.CreateEventDialog })),
);
const CupManagerDialog = lazy(() =>
  import('../cups/CupManagerDialog.tsx').then((m) => ({ default: m.CupManagerDialog })),
);
const WheelDialog = lazy(() =>
  import('../wheel/WheelDialog.tsx').then((m) => ({ default: m.WheelDialog })),
);

/** One action of the event header. */
interface Action {
  key: 'cups' | 'wheel' | 'duplicate';
  label: string;
  icon: React.ReactNode;
  open: () => void;
}

/**
 * The event header's actions: Series and the wheel of names for the event's admins, Duplicate
 * for creators. Beside the name on a wide screen; on a phone behind one ⋮ button, so they do not
 * stand as full-width rows above every tab. The dialogs load when opened.
 */
export function EventActions({ event, me }: { event: EventSummary; me: Me | null | undefined }) {
  const { t } = useTranslation();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const cups = useDialogState();
  const wheel = useDialogState();
  const duplicate = useDialogState();
  const admin = event.role !== null;
  const actions: Action[] = [
    ...(admin
      ? [
          {
            key: 'cups',
            label: t('cup.manage.title'),
            icon: <EmojiEventsIcon />,
            open: cups.show,
          } as const,
          {
            key: 'wheel',
            label: t('wheel.title'),
            icon: <CasinoIcon />,
            open: wheel.show,
          } as const,
        ]
      : []),
    ...(me?.creator
      ? [
          {
            key: 'duplicate',
            label: t('event.duplicate'),
            icon: <ContentCopyIcon />,
            open: duplicate.show,
          } as const,
        ]
      : []),
  ];
  if (actions.length === 0) return null;

  return (
    <>
      {phone ? (
        <>
          <IconButton
            aria-label={t('event.actions')}
            aria-haspopup="true"
            onClick={(e) => setAnchor(e.currentTarget)}
            data-testid="event-actions"
            sx={{ mt: 0.5 }}
          >
            <MoreVertIcon />
          </IconButton>
          <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
            {actions.map((a) => (
              <MenuItem
                key={a.key}
                onClick={() => {
                  setAnchor(null);
                  a.open();
                }}
                data-testid={`event-${a.key}`}
              >
                <ListItemIcon>{a.icon}</ListItemIcon>
                <ListItemText>{a.label}</ListItemText>
              </MenuItem>
            ))}
          </Menu>
        </>
      ) : (
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
          {actions.map((a) => (
            <Button
              key={a.key}
              variant="outlined"
              startIcon={a.icon}
              onClick={a.open}
              data-testid={`event-${a.key}`}
            >
              {a.label}
            </Button>
          ))}
        </Stack>
      )}
      {cups.open && (
        <Suspense fallback={null}>
          <CupManagerDialog key={cups.key} event={event} onClose={cups.hide} />
        </Suspense>
      )}
      {wheel.open && (
        <Suspense fallback={null}>
          <WheelDialog key={wheel.key} event={event} onClose={wheel.hide} />
        </Suspense>
      )}
      {duplicate.open && (
        <Suspense fallback={null}>
          <CreateEventDialog key={duplicate.key} open onClose={duplicate.hide} source={event} />
        </Suspense>
      )}
    </>
  );
}
