import { useEffect, useRef, useState } from 'react';
import { IconButton, Paper, Tooltip } from '@mui/material';
import MyLocationIcon from '@mui/icons-material/MyLocation';
import L from 'leaflet';
import { CircleMarker, useMap, useMapEvents } from 'react-leaflet';
import { useTranslation } from 'react-i18next';
import { webZoom } from './crs.ts';

/** Zoom when showing where the user is. */
const LOCATE_ZOOM = 15;

/**
 * A 'show my location' button in the map's top left corner, under the zoom buttons. The
 * browser asks for permission; a refusal or failure leaves the map where it was.
 */
export function LocateControl() {
  const { t } = useTranslation();
  const map = useMap();
  const [here, setHere] = useState<L.LatLng | null>(null);
  useMapEvents({
    locationfound: (e) => setHere(e.latlng),
    locationerror: () => setHere(null),
  });
  return (
    <>
      <MapButton
        top={80}
        label={t('map.locate')}
        onClick={() => map.locate({ setView: true, maxZoom: webZoom(map, LOCATE_ZOOM) })}
        testId="kp-map-locate"
      >
        <MyLocationIcon fontSize="small" />
      </MapButton>
      {here && <CircleMarker center={here} radius={8} pathOptions={{ color: '#1565c0' }} />}
    </>
  );
}

/** A button on a map's left edge at `top` px; its clicks never reach the map below it. */
export function MapButton({
  top,
  label,
  onClick,
  disabled = false,
  testId,
  children,
}: {
  top: number;
  label: string;
  onClick: () => void;
  disabled?: boolean;
  testId: string;
  children: React.ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (box.current) L.DomEvent.disableClickPropagation(box.current);
  }, []);
  return (
    <Paper
      ref={box}
      elevation={2}
      sx={{ position: 'absolute', top, left: 10, zIndex: 1000, borderRadius: 1 }}
    >
      <Tooltip title={label}>
        <span>
          <IconButton
            size="small"
            aria-label={label}
            onClick={onClick}
            disabled={disabled}
            data-testid={testId}
          >
            {children}
          </IconButton>
        </span>
      </Tooltip>
    </Paper>
  );
}
