import { useEffect, useRef } from 'react';
import { IconButton, Paper, Slider, Tooltip } from '@mui/material';
import MapIcon from '@mui/icons-material/Map';
import MapOutlinedIcon from '@mui/icons-material/MapOutlined';
import L from 'leaflet';
import { useTranslation } from 'react-i18next';

/**
 * The map image's quick switch ("map image" / "base map only") and its opacity slider, on the
 * map's left edge at `top` px; its clicks and drags never reach the map below it.
 */
export function OwnMapControl({
  top,
  shown,
  opacity,
  onToggle,
  onOpacity,
}: {
  top: number;
  /** Whether any image is on the map now. */
  shown: boolean;
  opacity: number;
  onToggle: () => void;
  onOpacity: (opacity: number) => void;
}) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!box.current) return;
    L.DomEvent.disableClickPropagation(box.current);
    L.DomEvent.disableScrollPropagation(box.current);
  }, []);
  const label = shown ? t('ownmap.baseonly') : t('ownmap.show');
  return (
    <Paper
      ref={box}
      elevation={2}
      data-testid="ownmap-control"
      sx={{
        position: 'absolute',
        top,
        left: 10,
        zIndex: 1000,
        borderRadius: 1,
        display: 'flex',
        alignItems: 'center',
        pr: shown ? 1.5 : 0,
      }}
    >
      <Tooltip title={label}>
        <IconButton
          size="small"
          aria-label={label}
          aria-pressed={shown}
          color={shown ? 'primary' : 'default'}
          onClick={onToggle}
          data-testid="ownmap-toggle"
        >
          {shown ? <MapIcon fontSize="small" /> : <MapOutlinedIcon fontSize="small" />}
        </IconButton>
      </Tooltip>
      {shown && (
        <Slider
          size="small"
          min={0.1}
          max={1}
          step={0.05}
          value={opacity}
          onChange={(_e, v) => onOpacity(Array.isArray(v) ? v[0]! : v)}
          aria-label={t('ownmap.opacity')}
          getAriaValueText={(v) => `${Math.round(v * 100)} %`}
          sx={{ width: 80, ml: 0.5 }}
          data-testid="ownmap-opacity"
        />
      )}
    </Paper>
  );
}
