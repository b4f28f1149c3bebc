import { useEffect, useRef, useState } from 'react';
import { IconButton, Paper, Tooltip } from '@mui/material';
import MyLocationIcon from '@mui/icons-material/MyLocation';
import L from 'leaflet';
import { CircleMarker, useMap, useMapEvents } from 'react-leaflet';
import { useTranslation } from 'react-i18next';

/** Zoom when showing where the user is. */
const LOCATE_ZOOM = 15;

/**
 * A 'show my location' button in the map's top left corner, under the zoom buttons. The
 * browser asks for permission; a refusal or failure leaves the map where it was.
 */
export function LocateControl() {
  const { t } = useTranslation();
  const map = useMap();
  const box = useRef<HTMLDivElement>(null);
  const [here, setHere] = useState<L.LatLng | null>(null);
  useMapEvents({
    locationfound: (e) => setHere(e.latlng),
    locationerror: () => setHere(null),
  });
  useEffect(() => {
    // Clicks on the button must not reach the map below it.
    if (box.current) L.DomEvent.disableClickPropagation(box.current);
  }, []);
  return (
    <>
      <Paper
        ref={box}
        elevation={2}
        sx={{ position: 'absolute', top: 80, left: 10, zIndex: 1000, borderRadius: 1 }}
      >
        <Tooltip title={t('map.locate')}>
          <IconButton
            size="small"
            aria-label={t('map.locate')}
            onClick={() => map.locate({ setView: true, maxZoom: LOCATE_ZOOM })}
            data-testid="kp-map-locate"
          >
            <MyLocationIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Paper>
      {here && <CircleMarker center={here} radius={8} pathOptions={{ color: '#1565c0' }} />}
    </>
  );
}
