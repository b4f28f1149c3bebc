import {
  Box,
  FormControl,
  IconButton,
  InputLabel,
  MenuItem,
  Select,
  Slider,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { eventDateFormat } from '../events/formatEventDates.ts';
import { REPLAY_SPEEDS } from './replay.ts';
import type { ReplaySpeed } from './replay.ts';

/** The replay time as shown (the language's date format, HH:mm:ss) in the interface language. */
export function replayTimeText(t: number, locale: string): string {
  return dayjs(t)
    .locale(locale)
    .format(`${eventDateFormat(locale)} HH:mm:ss`);
}

/** Play/pause, the time slider over the event's tracks, the speed and the shown time. */
export function ReplayBar({
  span,
  t,
  playing,
  speed,
  onPlayPause,
  onSeek,
  onSpeed,
}: {
  span: [number, number];
  t: number;
  playing: boolean;
  speed: ReplaySpeed;
  onPlayPause: () => void;
  onSeek: (t: number) => void;
  onSpeed: (speed: ReplaySpeed) => void;
}) {
  const { t: tr, i18n } = useTranslation();
  const label = playing ? tr('live.replay.pause') : tr('live.replay.play');
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      sx={{ gap: { xs: 0.5, sm: 2 }, alignItems: { sm: 'center' }, px: 1 }}
      data-testid="live-replay"
    >
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flex: 1, minWidth: 0 }}>
        <Tooltip title={label}>
          <IconButton
            onClick={onPlayPause}
            aria-label={label}
            color="primary"
            data-testid="live-replay-play"
            data-playing={playing}
          >
            {playing ? <PauseIcon /> : <PlayArrowIcon />}
          </IconButton>
        </Tooltip>
        <Box sx={{ flex: 1, minWidth: 0, px: 1 }}>
          <Slider
            value={Math.min(Math.max(t, span[0]), span[1])}
            min={span[0]}
            max={span[1]}
            step={1000}
            onChange={(_, v) => onSeek(v as number)}
            aria-label={tr('live.replay.time')}
            slotProps={{ input: { 'data-testid': 'live-replay-slider' } as object }}
          />
        </Box>
      </Stack>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 2 }}>
        <Typography
          variant="body2"
          sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
          data-testid="live-replay-time"
          data-t={Math.round(t)}
        >
          {replayTimeText(t, i18n.language)}
        </Typography>
        <FormControl size="small" sx={{ minWidth: 90 }}>
          <InputLabel id="live-speed-label">{tr('live.replay.speed')}</InputLabel>
          <Select
            labelId="live-speed-label"
            label={tr('live.replay.speed')}
            value={speed}
            onChange={(e) => onSpeed(Number(e.target.value) as ReplaySpeed)}
            data-testid="live-replay-speed"
          >
            {REPLAY_SPEEDS.map((s) => (
              <MenuItem key={s} value={s} data-testid={`live-speed-${s}`}>
                {s}×
              </MenuItem>
            ))}
          </Select>
        </FormControl>
      </Stack>
    </Stack>
  );
}
