import { memo } from 'react';
import AppShortcutIcon from '@mui/icons-material/AppShortcut';
import SatelliteAltIcon from '@mui/icons-material/SatelliteAlt';
import SmartphoneIcon from '@mui/icons-material/Smartphone';
import { useTranslation } from 'react-i18next';
import type { TrackSource } from '@rada/core';

/** The i18n key of a source's short name ('Traccar Client', 'Tracker'). */
export const trackSourceKey = (src: TrackSource): `live.src.${TrackSource}` => `live.src.${src}`;

const ICON_STYLE = { fontSize: 13 } as const;

/**
 * A source's icon: Rada's own app a phone, a background app a phone with an app's arrow, a GPS
 * tracker a satellite.
 */
export function TrackSourceIcon({ src }: { src: TrackSource }) {
  switch (src) {
    case 'app':
      return <SmartphoneIcon style={ICON_STYLE} aria-hidden />;
    case 'traccar':
    case 'osmand':
    case 'owntracks':
    case 'gpslogger':
      return <AppShortcutIcon style={ICON_STYLE} aria-hidden />;
    case 'tracker':
      return <SatelliteAltIcon style={ICON_STYLE} aria-hidden />;
  }
}

/**
 * Where a team's points come from, as a small icon and short name (the team list's row).
 * Memoised and styled without `sx`: hundreds of rows re-render as the replay clock runs.
 */
export const TrackSourceLabel = memo(function TrackSourceLabel({
  src,
  testId,
}: {
  src: TrackSource;
  testId?: string;
}) {
  const { t } = useTranslation();
  const name = t(trackSourceKey(src));
  return (
    <span
      data-testid={testId}
      data-src={src}
      title={t('live.src.title', { src: name })}
      style={LABEL_STYLE}
    >
      <TrackSourceIcon src={src} />
      {name}
    </span>
  );
});

const LABEL_STYLE = {
  display: 'inline-flex',
  alignItems: 'center',
  gap: 2,
  whiteSpace: 'nowrap',
} as const;
