import { Suspense, lazy, useState } from 'react';
import { Button, List, Paper, Stack, Typography } from '@mui/material';
import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
import CollectionsIcon from '@mui/icons-material/Collections';
import { useTranslation } from 'react-i18next';
import { MAP_IMAGES_PER_EVENT } from '@rada/core';
import type { EventMapImageView, EventSummary } from '@rada/core';
import { ErrorState, LoadingState } from '../../components/States.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { useNotify } from '../../components/NotifyProvider.tsx';
import { errorText } from '../../i18n/errorText.ts';
import { MapImageRow } from './MapImageRow.tsx';
import { useDeleteMapImage, useMapImages } from './useMapImages.ts';

// The dialogs bring proj4 and Leaflet: loaded when opened.
const AddMapImageDialog = lazy(() => import('./AddMapImageDialog.tsx'));
const LibraryDialog = lazy(() => import('./LibraryDialog.tsx'));
const PlacementDialog = lazy(() => import('./PlacementDialog.tsx'));

/**
 * The event's own map images (issue 37) in the settings' map group: each map with its thumbnail,
 * size, state (needs placing, cutting with its progress, ready, failed), published switch,
 * "hidden until" time, kept-in-library switch, hand placement and delete; "Add map image" and
 * "Add from my library". Loaded lazily with the settings' map group.
 */
export default function MapImagesPanel({ event }: { event: EventSummary }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const maps = useMapImages(event.id);
  const remove = useDeleteMapImage(event.id);
  const [adding, setAdding] = useState(false);
  const [library, setLibrary] = useState(false);
  const [placing, setPlacing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<EventMapImageView | null>(null);

  const list = [...(maps.data ?? [])].sort((a, b) => a.position - b.position);
  const full = list.length >= MAP_IMAGES_PER_EVENT;
  const placingMap = placing === null ? undefined : list.find((m) => m.id === placing);

  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 } }}
      component="section"
      data-testid="map-images"
      id="settings-mapimages"
    >
      <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
        {t('mapimages.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('mapimages.help')}
      </Typography>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Button
          variant="contained"
          startIcon={<AddPhotoAlternateIcon />}
          onClick={() => setAdding(true)}
          disabled={full || !maps.isSuccess}
          data-testid="mapimages-add"
        >
          {t('mapimages.add')}
        </Button>
        <Button
          startIcon={<CollectionsIcon />}
          onClick={() => setLibrary(true)}
          disabled={full || !maps.isSuccess}
          data-testid="mapimages-library"
        >
          {t('mapimages.fromlibrary')}
        </Button>
        {full && (
          <Typography variant="body2" color="text.secondary" sx={{ alignSelf: 'center' }}>
            {t('mapimages.full', { count: MAP_IMAGES_PER_EVENT })}
          </Typography>
        )}
      </Stack>
      {maps.isPending ? (
        <LoadingState />
      ) : maps.isError ? (
        <ErrorState message={errorText(t, maps.error)} onRetry={() => void maps.refetch()} />
      ) : list.length === 0 ? (
        <Typography variant="body2" color="text.secondary" data-testid="mapimages-empty">
          {t('mapimages.empty')}
        </Typography>
      ) : (
        <List disablePadding data-testid="mapimages-list">
          {list.map((m, i) => (
            <MapImageRow
              key={m.id}
              event={event}
              map={m}
              index={i}
              count={list.length}
              onPlace={() => setPlacing(m.id)}
              onDelete={() => setDeleting(m)}
            />
          ))}
        </List>
      )}
      <Suspense fallback={null}>
        {adding && (
          <AddMapImageDialog
            event={event}
            onClose={() => setAdding(false)}
            onAdded={(view, placeByHand) => {
              setAdding(false);
              notify(t('mapimages.added', { name: view.name }), 'success');
              if (placeByHand) setPlacing(view.id);
            }}
          />
        )}
        {library && (
          <LibraryDialog
            event={event}
            inEvent={list.map((m) => m.id)}
            onClose={() => setLibrary(false)}
          />
        )}
        {placingMap && (
          <PlacementDialog event={event} map={placingMap} onClose={() => setPlacing(null)} />
        )}
      </Suspense>
      {deleting && (
        <ConfirmDialog
          title={t('mapimages.delete.title')}
          message={t(deleting.inLibrary ? 'mapimages.delete.textkept' : 'mapimages.delete.text', {
            name: deleting.name,
          })}
          confirmLabel={t('mapimages.delete')}
          busy={remove.isPending}
          testId="mapimages-delete-dialog"
          onCancel={() => setDeleting(null)}
          onConfirm={() =>
            remove.mutate(deleting.id, {
              onSuccess: () => {
                notify(t('mapimages.deleted', { name: deleting.name }), 'success');
                setDeleting(null);
              },
              onError: (e) => notify(errorText(t, e), 'error'),
            })
          }
        />
      )}
    </Paper>
  );
}
