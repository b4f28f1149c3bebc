import { useState } from 'react';
import {
  Box,
  Button,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { useTranslation } from 'react-i18next';
import { TrackerId } from '@rada/core';
import type { EventTrackingView, TrackingLinkView } from '@rada/core';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { LinkStatusChip } from './AppLinkCard.tsx';
import { CopyField } from './CopyField.tsx';

/** What the tracker tab asks to confirm: a new forwarding address, forwarding off, a removal. */
type Asking = { kind: 'renew' } | { kind: 'disable' } | { kind: 'remove'; link: TrackingLinkView };

/**
 * The GPS tracker tab (event admins): the event's Traccar forwarding address (on, new, off,
 * with where it goes in traccar.xml), and this team's trackers by their unique id in Traccar,
 * each with its newest point's age.
 */
export function TrackerPanel({
  tracking,
  trackers,
  now,
  busy,
  onEnableFeed,
  onDisableFeed,
  onAdd,
  onRemove,
}: {
  tracking: EventTrackingView | undefined;
  trackers: TrackingLinkView[];
  now: number;
  busy: boolean;
  onEnableFeed: () => void;
  onDisableFeed: () => void;
  /** Adds the tracker; resolves true once stored (the field is then cleared). */
  onAdd: (trackerId: string) => Promise<boolean>;
  onRemove: (link: TrackingLinkView) => void;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [asking, setAsking] = useState<Asking | null>(null);
  const parsed = TrackerId.safeParse(typed);
  const invalid = typed.trim() !== '' && !parsed.success;
  const feedPath = tracking?.feedPath ?? null;
  const handleAdd = async () => {
    if (!parsed.success) return;
    if (await onAdd(parsed.data)) setTyped('');
  };
  return (
    <Stack sx={{ gap: 3 }} data-testid="tracking-panel-tracker">
      <Stack sx={{ gap: 1 }}>
        <Typography variant="subtitle2">{t('tracking.feed.title')}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t('tracking.feed.text')}
        </Typography>
        {feedPath === null ? (
          <>
            <Typography variant="body2" data-testid="tracking-feed-off">
              {t('tracking.feed.off')}
            </Typography>
            <Box>
              <Button
                variant="contained"
                loading={busy}
                disabled={tracking === undefined}
                onClick={onEnableFeed}
                data-testid="tracking-feed-enable"
              >
                {t('tracking.feed.enable')}
              </Button>
            </Box>
          </>
        ) : (
          <>
            <CopyField
              label={t('tracking.feed.url')}
              value={`${window.location.origin}${feedPath}`}
              testId="tracking-feed-url"
            />
            <Typography variant="body2" color="text.secondary">
              {t('tracking.feed.where')}
            </Typography>
            <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
              <Button
                size="small"
                onClick={() => setAsking({ kind: 'renew' })}
                data-testid="tracking-feed-renew"
              >
                {t('tracking.feed.renew')}
              </Button>
              <Button
                size="small"
                color="error"
                onClick={() => setAsking({ kind: 'disable' })}
                data-testid="tracking-feed-disable"
              >
                {t('tracking.feed.disable')}
              </Button>
            </Stack>
          </>
        )}
      </Stack>
      <Stack sx={{ gap: 1 }}>
        <Typography variant="subtitle2">{t('tracking.trackers.title')}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t('tracking.trackers.text')}
        </Typography>
        {trackers.length === 0 ? (
          <Typography variant="body2" data-testid="tracking-trackers-none">
            {t('tracking.trackers.none')}
          </Typography>
        ) : (
          <List dense disablePadding data-testid="tracking-trackers">
            {trackers.map((link) => (
              <ListItem
                key={link.id}
                disableGutters
                data-testid={`tracking-tracker-${link.trackerId ?? ''}`}
                secondaryAction={
                  <Tooltip title={t('tracking.trackers.remove', { id: link.trackerId })}>
                    <IconButton
                      edge="end"
                      aria-label={t('tracking.trackers.remove', { id: link.trackerId })}
                      onClick={() => setAsking({ kind: 'remove', link })}
                      data-testid="tracking-tracker-remove"
                    >
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                }
              >
                <ListItemText
                  primary={link.trackerId}
                  secondary={<LinkStatusChip link={link} now={now} />}
                  slotProps={{
                    primary: { sx: { fontFamily: 'monospace' } },
                    secondary: { component: 'div' },
                  }}
                />
              </ListItem>
            ))}
          </List>
        )}
        <Stack
          component="form"
          direction="row"
          sx={{ gap: 1, alignItems: 'flex-start' }}
          onSubmit={(e) => {
            e.preventDefault();
            void handleAdd();
          }}
        >
          <TextField
            size="small"
            label={t('tracking.trackers.id')}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            error={invalid}
            helperText={invalid ? t('tracking.trackers.invalid') : ' '}
            slotProps={{ htmlInput: { 'data-testid': 'tracking-tracker-id', maxLength: 64 } }}
            sx={{ flex: 1, maxWidth: 320 }}
          />
          <Button
            type="submit"
            variant="outlined"
            disabled={!parsed.success}
            loading={busy}
            data-testid="tracking-tracker-add"
            sx={{ mt: 0.25 }}
          >
            {t('tracking.trackers.add')}
          </Button>
        </Stack>
      </Stack>
      {asking && (
        <ConfirmDialog
          title={
            asking.kind === 'renew'
              ? t('tracking.feed.renew')
              : asking.kind === 'disable'
                ? t('tracking.feed.disable')
                : t('tracking.trackers.remove', { id: asking.link.trackerId })
          }
          message={
            asking.kind === 'renew'
              ? t('tracking.feed.renew.text')
              : asking.kind === 'disable'
                ? t('tracking.feed.disable.text')
                : t('tracking.trackers.remove.text', { id: asking.link.trackerId })
          }
          confirmLabel={
            asking.kind === 'renew'
              ? t('tracking.feed.renew')
              : asking.kind === 'disable'
                ? t('tracking.feed.disable')
                : t('tracking.trackers.removebutton')
          }
          onCancel={() => setAsking(null)}
          onConfirm={() => {
            setAsking(null);
            if (asking.kind === 'renew') onEnableFeed();
            else if (asking.kind === 'disable') onDisableFeed();
            else onRemove(asking.link);
          }}
          testId="tracking-confirm"
          confirmTestId="tracking-confirm-ok"
        />
      )}
    </Stack>
  );
}
