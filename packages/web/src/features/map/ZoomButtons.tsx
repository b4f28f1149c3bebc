import { ZoomControl } from 'react-leaflet';
import { useTranslation } from 'react-i18next';

/**
 * Leaflet's zoom buttons with their titles in the reader's language (Leaflet's own are English);
 * the map sets `zoomControl={false}`. Leaflet reads the titles once, so a language switch makes
 * new buttons.
 */
export function ZoomButtons() {
  const { t, i18n } = useTranslation();
  return (
    <ZoomControl
      key={i18n.language}
      position="topleft"
      zoomInTitle={t('map.zoomin')}
      zoomOutTitle={t('map.zoomout')}
    />
  );
}
