import { useEffect, useMemo, useRef, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItemButton,
  ListItemText,
  Stack,
} from '@mui/material';
import RestoreIcon from '@mui/icons-material/RestoreFromTrash';
import { useTranslation } from 'react-i18next';
import { compareKpNr } from '@rada/core';
import type { DeletedKp } from '@rada/core';
import { EmptyState, ErrorState, LoadingState } from '../../components/States.tsx';
import { useNotify } from '../../components/NotifyProvider.tsx';
import { errorText } from '../../i18n/errorText.ts';
import { formatDateTime } from '../events/formatEventDates.ts';
import { KpMap } from '../map/KpMap.tsx';
import { deletedAsCheckpoint, useDeletedKps, useRestoreKp } from './useDeletedKps.ts';

/**
 * Restore-deleted-KP dialog (spec 01 screen 10): the deleted KPs on a map and in a list, each
 * with a Restore button. Choosing a KP in either highlights it in both.
 */
export function RestoreDeletedDialog({
  eventId,
  open,
  onClose,
}: {
  eventId: string;
  open: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const deleted = useDeletedKps(eventId, open);
  const restore = useRestoreKp(eventId);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const listRef = useRef<HTMLUListElement>(null);

  const sorted = useMemo(
    () =>
      [...(deleted.data ?? [])].sort(
        (a, b) => compareKpNr(a.kp.nr, b.kp.nr) || b.deletedAt - a.deletedAt,
      ),
    [deleted.data],
  );
  const onMap = useMemo(() => sorted.map(deletedAsCheckpoint), [sorted]);

  useEffect(() => {
    if (!open) {
      setSelectedId(null);
      setError(null);
    }
  }, [open]);
  useEffect(() => {
    // Picking on the map scrolls the list to the row.
    if (!selectedId) return;
    listRef.current
      ?.querySelector(`[data-deleted-id="${CSS.escape(selectedId)}"]`)
      ?.scrollIntoView({ block: 'nearest' });
  }, [selectedId]);

  const handleRestore = (d: DeletedKp) => {
    setError(null);
    restore.mutate(d.id, {
      onSuccess: () => notify(t('restore.done', { nr: String(d.kp.nr) })),
      onError: (e) => setError(errorText(t, e)),
    });
  };

  return (
    <Dialog open={open} onClose={onClose} maxWidth="lg" fullWidth data-testid="restore-dialog">
      <DialogTitle>{t('restore.title')}</DialogTitle>
      <DialogContent dividers>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }} data-testid="restore-error">
            {error}
          </Alert>
        )}
        {deleted.isPending ? (
          <LoadingState />
        ) : deleted.isError ? (
          <ErrorState error={deleted.error} onRetry={() => void deleted.refetch()} />
        ) : sorted.length === 0 ? (
          <EmptyState text={t('restore.empty')} testId="restore-empty" />
        ) : (
          <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 2 }}>
            <Box sx={{ flex: 3, minWidth: 0 }}>
              <KpMap
                checkpoints={onMap}
                colourMode="none"
                editable={false}
                selectedId={selectedId}
                onSelect={setSelectedId}
                height={420}
                eventId={eventId}
              />
            </Box>
            <List ref={listRef} dense sx={{ flex: 2, maxHeight: 420, overflow: 'auto', py: 0 }}>
              {sorted.map((d) => (
                <ListItemButton
                  key={d.id}
                  divider
                  selected={d.id === selectedId}
                  onClick={() => setSelectedId(d.id)}
                  data-testid={`restore-row-${String(d.kp.nr)}`}
                  data-deleted-id={d.id}
                >
                  <ListItemText
                    primary={`${String(d.kp.nr)}${d.data.desc ? ` · ${d.data.desc}` : ''}`}
                    secondary={t('restore.deletedat', {
                      time: formatDateTime(d.deletedAt, i18n.language),
                    })}
                  />
                  <Button
                    size="small"
                    startIcon={<RestoreIcon />}
                    disabled={restore.isPending}
                    onClick={(e) => {
                      e.stopPropagation();
                      handleRestore(d);
                    }}
                    data-testid={`restore-kp-${d.id}`}
                  >
                    {t('restore.restore')}
                  </Button>
                </ListItemButton>
              ))}
            </List>
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="restore-close">
          {t('common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
