import { Suspense, lazy } from 'react';
import { withAllTexts } from '../../i18n/index.ts';
import type { TrackingAppsDialogProps } from './TrackingAppsDialog.tsx';

// The dialog, its QR library and its texts (in the organiser's part of the texts) load when it
// first opens: the participant app and the Teams tab pay nothing for it until then.
const TrackingAppsDialog = lazy(() =>
  withAllTexts(import('./TrackingAppsDialog.tsx')).then((m) => ({ default: m.TrackingAppsDialog })),
);

/** The Tracking apps dialog, loaded on first use; renders nothing while `open` is false. */
export function LazyTrackingAppsDialog({
  open,
  ...props
}: TrackingAppsDialogProps & { open: boolean }) {
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <TrackingAppsDialog {...props} />
    </Suspense>
  );
}
