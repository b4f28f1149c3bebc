import { useEffect, useState } from 'react';
import {
  IconButton,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { useTranslation } from 'react-i18next';
import type { LatLng } from '@rada/core';
import type { Located } from '../map/KpMap.tsx';
import { formatLatLng, parseLatLngText } from './latLngText.ts';
import type { DraftPoint } from './placementDraft.ts';

/**
 * The placement's points: each one's pixel on the image, its place on the earth (typed, or taken
 * from a KP), and how far the fit puts it from there in metres; a point can be removed.
 */
export function PointsTable({
  points,
  kps,
  residuals,
  waitingId,
  onCoordinates,
  onKp,
  onRemove,
}: {
  points: DraftPoint[];
  kps: Located[];
  /** Metres per point id (the complete points of a fit). */
  residuals: ReadonlyMap<number, number>;
  waitingId: number | null;
  onCoordinates: (id: number, at: LatLng) => void;
  onKp: (id: number, kpId: string) => void;
  onRemove: (id: number) => void;
}) {
  const { t } = useTranslation();
  if (points.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary" data-testid="mapplace-nopoints">
        {t('mapplace.nopoints')}
      </Typography>
    );
  }
  return (
    <Table size="small" data-testid="mapplace-points">
      <TableHead>
        <TableRow>
          <TableCell>#</TableCell>
          <TableCell>{t('mapplace.col.pixel')}</TableCell>
          <TableCell sx={{ minWidth: 240 }}>{t('mapplace.col.coordinates')}</TableCell>
          {kps.length > 0 && <TableCell>{t('mapplace.col.kp')}</TableCell>}
          <TableCell align="right">{t('mapplace.col.error')}</TableCell>
          <TableCell />
        </TableRow>
      </TableHead>
      <TableBody>
        {points.map((p, i) => {
          const residual = residuals.get(p.id);
          return (
            <TableRow
              key={p.id}
              data-testid={`mapplace-point-${i + 1}`}
              selected={p.id === waitingId}
            >
              <TableCell>{i + 1}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {Math.round(p.u)}, {Math.round(p.v)}
              </TableCell>
              <TableCell>
                <CoordinatesField
                  value={p.lat === null || p.lng === null ? null : { lat: p.lat, lng: p.lng }}
                  waiting={p.id === waitingId}
                  onCommit={(at) => onCoordinates(p.id, at)}
                  testId={`mapplace-coords-${i + 1}`}
                />
              </TableCell>
              {kps.length > 0 && (
                <TableCell>
                  <TextField
                    select
                    size="small"
                    value={p.kpId && kps.some((k) => k.id === p.kpId) ? p.kpId : ''}
                    onChange={(e) => onKp(p.id, e.target.value)}
                    sx={{ minWidth: 96 }}
                    slotProps={{
                      htmlInput: { 'aria-label': t('mapplace.col.kp') },
                      select: { displayEmpty: true },
                    }}
                  >
                    <MenuItem value="" disabled>
                      {t('mapplace.kp.none')}
                    </MenuItem>
                    {kps.map((k) => (
                      <MenuItem key={k.id} value={k.id}>
                        {t('mapplace.kp', { nr: String(k.kp.nr) })}
                      </MenuItem>
                    ))}
                  </TextField>
                </TableCell>
              )}
              <TableCell
                align="right"
                data-testid={`mapplace-error-${i + 1}`}
                sx={{ whiteSpace: 'nowrap' }}
              >
                {residual === undefined ? '—' : t('mapplace.metres', { m: residual.toFixed(1) })}
              </TableCell>
              <TableCell padding="none">
                <IconButton
                  size="small"
                  aria-label={t('mapplace.remove', { n: i + 1 })}
                  onClick={() => onRemove(p.id)}
                  data-testid={`mapplace-remove-${i + 1}`}
                >
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

/** "lat, lng" typed or pasted; taken on Enter or when the field is left, refused when unreadable. */
function CoordinatesField({
  value,
  waiting,
  onCommit,
  testId,
}: {
  value: LatLng | null;
  waiting: boolean;
  onCommit: (at: LatLng) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const shown = value ? formatLatLng(value) : '';
  const [text, setText] = useState(shown);
  const [bad, setBad] = useState(false);
  // A place given on the map (a click, a drag, a KP) replaces what the field shows.
  useEffect(() => {
    setText(shown);
    setBad(false);
  }, [shown]);
  const commit = () => {
    if (text.trim() === '' || text === shown) {
      setBad(false);
      return;
    }
    const at = parseLatLngText(text);
    setBad(at === null);
    if (at) onCommit(at);
  };
  return (
    <TextField
      size="small"
      fullWidth
      value={text}
      placeholder={waiting ? t('mapplace.coords.waiting') : t('mapplace.coords.placeholder')}
      onChange={(e) => setText(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          commit();
        }
      }}
      error={bad}
      helperText={bad ? t('mapplace.coords.bad') : undefined}
      slotProps={{
        htmlInput: { 'data-testid': testId, 'aria-label': t('mapplace.col.coordinates') },
      }}
    />
  );
}
