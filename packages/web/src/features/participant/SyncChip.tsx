import { useState } from 'react';
import {
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  Typography,
} from '@mui/material';
import CloudDoneIcon from '@mui/icons-material/CloudDone';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import { useTranslation } from 'react-i18next';
import type { PlayKp } from '@rada/core';
import type { PlaySync } from './usePlaySync.ts';
import type { OutboxAction } from './outbox.ts';

/** One waiting action as a line of the list. */
function actionText(
  t: (key: string, o?: Record<string, unknown>) => string,
  a: OutboxAction,
  kps: PlayKp[],
) {
  if (a.kind !== 'mark') return t(`play.sync.${a.kind}`);
  const kp = kps.find((k) => k.id === a.body.kpId);
  return t('play.sync.mark', { nr: kp?.nr ?? a.body.kpId });
}

/**
 * The sync status in the header: "All sent" or "N waiting" (marks, start, finish), offline
 * shown with its own icon; a tap lists what waits, track points included.
 */
export function SyncChip({ sync, kps }: { sync: PlaySync; kps: PlayKp[] }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const n = sync.pending.length;
  const icon = !sync.online ? <CloudOffIcon /> : n > 0 ? <CloudUploadIcon /> : <CloudDoneIcon />;
  // Offline shows whether or not something waits: the team should know its marks wait too.
  const label = !sync.online
    ? n > 0
      ? t('play.sync.offlinewaiting', { count: n })
      : t('play.sync.offlinechip')
    : n > 0
      ? t('play.sync.waiting', { count: n })
      : t('play.sync.allsent');
  return (
    <>
      <Chip
        size="small"
        icon={icon}
        label={label}
        color={!sync.online ? 'default' : n > 0 ? 'warning' : 'success'}
        variant={!sync.online || n > 0 ? 'filled' : 'outlined'}
        onClick={() => setOpen(true)}
        data-testid="play-sync"
        data-actions={n}
        data-points={sync.points}
        data-online={String(sync.online)}
        sx={{ bgcolor: n > 0 || !sync.online ? undefined : 'background.paper' }}
      />
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="xs">
        <DialogTitle>{t('play.sync.title')}</DialogTitle>
        <DialogContent>
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            {sync.online ? t('play.sync.online') : t('play.sync.offline')}
          </Typography>
          {n === 0 && sync.points === 0 ? (
            <Typography data-testid="play-sync-empty">{t('play.sync.nothing')}</Typography>
          ) : (
            <List dense data-testid="play-sync-list">
              {sync.pending.map((a) => (
                <ListItem key={a.cid} disableGutters>
                  <ListItemText
                    primary={actionText(t, a, kps)}
                    secondary={new Date(a.createdAt).toLocaleTimeString(i18n.language)}
                  />
                </ListItem>
              ))}
              {sync.points > 0 && (
                <ListItem disableGutters>
                  <ListItemText primary={t('play.sync.points', { count: sync.points })} />
                </ListItem>
              )}
            </List>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={sync.syncNow} disabled={!sync.online}>
            {t('play.sync.now')}
          </Button>
          <Button onClick={() => setOpen(false)}>{t('common.close')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
