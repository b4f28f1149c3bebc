import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { EventSummary, LibraryMapView } from '@rada/core';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { ErrorState, LoadingState } from '../../components/States.tsx';
import { useNotify } from '../../components/NotifyProvider.tsx';
import { DATE_TIME_INPUT_FORMAT } from '../../components/DateTimeField.tsx';
import { errorText } from '../../i18n/errorText.ts';
import { sizeText } from './format.ts';
import { useAddLibraryMap, useMapLibrary, useRemoveLibraryMap } from './useMapImages.ts';

/**
 * "Add from my library": the signed-in organiser's kept maps (name, size, when added, how many
 * events use it); one click adds a map to this event with its placement and tiles as they are.
 * A map can also be let go from the library here (its files go when no event uses it).
 */
export default function LibraryDialog({
  event,
  inEvent,
  onClose,
}: {
  event: EventSummary;
  /** Maps already in this event (not offered again). */
  inEvent: string[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const library = useMapLibrary(true);
  const add = useAddLibraryMap(event.id);
  const remove = useRemoveLibraryMap();
  const [removing, setRemoving] = useState<LibraryMapView | null>(null);
  const maps = [...(library.data ?? [])].sort((a, b) => b.createdAt - a.createdAt);

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth data-testid="mapimages-library-dialog">
      <DialogTitle>{t('mapimages.library.title')}</DialogTitle>
      <DialogContent>
        {library.isPending ? (
          <LoadingState />
        ) : library.isError ? (
          <ErrorState
            message={errorText(t, library.error)}
            onRetry={() => void library.refetch()}
          />
        ) : maps.length === 0 ? (
          <Typography variant="body2" color="text.secondary" data-testid="mapimages-library-empty">
            {t('mapimages.library.empty')}
          </Typography>
        ) : (
          <List disablePadding>
            {maps.map((m) => {
              const here = inEvent.includes(m.id);
              return (
                <ListItem
                  key={m.id}
                  divider
                  disableGutters
                  data-testid={`mapimages-library-${m.id}`}
                >
                  <ListItemText
                    primary={m.name}
                    secondary={
                      <>
                        {sizeText(m)}
                        {' · '}
                        {dayjs(m.createdAt).format(DATE_TIME_INPUT_FORMAT)}
                        {' · '}
                        {t('mapimages.library.events', { count: m.events })}
                        {m.corners === null && ` · ${t('mapimages.state.unplaced')}`}
                      </>
                    }
                  />
                  <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flex: 'none' }}>
                    {here ? (
                      <Typography variant="body2" color="text.secondary">
                        {t('mapimages.library.here')}
                      </Typography>
                    ) : (
                      <Button
                        variant="outlined"
                        size="small"
                        disabled={add.isPending}
                        onClick={() =>
                          add.mutate(m.id, {
                            onSuccess: (view) => {
                              notify(t('mapimages.added', { name: view.name }), 'success');
                              onClose();
                            },
                            onError: (e) => notify(errorText(t, e), 'error'),
                          })
                        }
                        data-testid="mapimages-library-add"
                      >
                        {t('mapimages.library.add')}
                      </Button>
                    )}
                    <Tooltip title={t('mapimages.library.remove')}>
                      <Box component="span">
                        <IconButton
                          size="small"
                          aria-label={t('mapimages.library.remove')}
                          disabled={remove.isPending}
                          onClick={() => setRemoving(m)}
                          data-testid="mapimages-library-remove"
                        >
                          <DeleteIcon fontSize="small" />
                        </IconButton>
                      </Box>
                    </Tooltip>
                  </Stack>
                </ListItem>
              );
            })}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
      {removing && (
        <ConfirmDialog
          title={t('mapimages.library.remove')}
          message={t(
            removing.events > 0 ? 'mapimages.library.removeused' : 'mapimages.library.removelast',
            { name: removing.name, count: removing.events },
          )}
          confirmLabel={t('mapimages.library.removeconfirm')}
          busy={remove.isPending}
          onCancel={() => setRemoving(null)}
          onConfirm={() =>
            remove.mutate(removing.id, {
              onSuccess: () => {
                notify(t('mapimages.library.removed', { name: removing.name }), 'success');
                setRemoving(null);
              },
              onError: (e) => notify(errorText(t, e), 'error'),
            })
          }
        />
      )}
    </Dialog>
  );
}
