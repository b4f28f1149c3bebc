import { useMemo } from 'react';
import {
  Box,
  Button,
  FormHelperText,
  IconButton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { useTranslation } from 'react-i18next';
import { SpeedLegend } from '../live/SpeedLegend.tsx';
import type { DraftEditorProps } from '../settings/SettingInputs.tsx';

interface Range {
  s: number;
  c: string;
}

const rangesOf = (text: string): Range[] => {
  try {
    const v = text.trim() === '' ? [] : (JSON.parse(text) as unknown);
    return Array.isArray(v) ? (v as Range[]) : [];
  } catch {
    return [];
  }
};

/** Default colours for new ranges: green, yellow, orange, red, purple. */
const COLOURS = ['#2e7d32', '#f9a825', '#ef6c00', '#c62828', '#6a1b9a'];

/**
 * `speedranges` (spec 01 §3): from which speed (km/h) a track is drawn in which colour on the
 * live map and in replay; shown with the legend the maps show.
 */
export function SpeedRangesEditor({
  label,
  testId,
  error,
  value,
  onChange,
  onBlur,
}: DraftEditorProps) {
  const { t } = useTranslation();
  const ranges = useMemo(() => rangesOf(value), [value]);
  const commit = (next: Range[], immediate: boolean) =>
    onChange(next.length === 0 ? '' : JSON.stringify(next), immediate);
  return (
    <Box data-testid={testId} onBlur={onBlur}>
      <Typography variant="subtitle1" sx={{ fontWeight: 500 }}>
        {label}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('map.speed.help')}
      </Typography>
      {error && <FormHelperText error>{t(error)}</FormHelperText>}
      <Stack sx={{ gap: 1, my: 1, maxWidth: 420 }}>
        {ranges.map((r, i) => (
          <Stack key={i} direction="row" sx={{ gap: 1, alignItems: 'center' }}>
            <TextField
              size="small"
              type="number"
              label={t('map.speed.from')}
              value={Number.isFinite(r.s) ? r.s : ''}
              onChange={(e) =>
                commit(
                  ranges.map((x, j) => (j === i ? { ...x, s: Number(e.target.value) } : x)),
                  false,
                )
              }
              slotProps={{ htmlInput: { min: 0, 'data-testid': `${testId}-${i}-s` } }}
              sx={{ width: 140 }}
            />
            <TextField
              size="small"
              type="color"
              label={t('map.speed.colour')}
              value={r.c}
              onChange={(e) =>
                commit(
                  ranges.map((x, j) => (j === i ? { ...x, c: e.target.value } : x)),
                  true,
                )
              }
              slotProps={{ htmlInput: { 'data-testid': `${testId}-${i}-c` } }}
              sx={{ width: 100 }}
            />
            <IconButton
              size="small"
              aria-label={t('map.remove')}
              onClick={() =>
                commit(
                  ranges.filter((_, j) => j !== i),
                  true,
                )
              }
            >
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Stack>
        ))}
        <Button
          startIcon={<AddIcon />}
          sx={{ alignSelf: 'flex-start' }}
          onClick={() =>
            commit(
              [
                ...ranges,
                {
                  s: ranges.length === 0 ? 0 : Math.max(...ranges.map((r) => r.s)) + 20,
                  c: COLOURS[ranges.length % COLOURS.length]!,
                },
              ],
              true,
            )
          }
          data-testid={`${testId}-add`}
        >
          {t('map.speed.add')}
        </Button>
      </Stack>
      {ranges.length > 0 && <SpeedLegend ranges={ranges} />}
    </Box>
  );
}
