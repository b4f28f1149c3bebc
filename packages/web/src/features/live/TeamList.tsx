import { useEffect, useMemo, useRef, useState } from 'react';
import { Box, List, ListItemButton, TextField, Typography, useTheme } from '@mui/material';
import BatteryStdIcon from '@mui/icons-material/BatteryStd';
import { useTranslation } from 'react-i18next';
import { lastSeenText } from './replay.ts';
import { TrackSourceLabel } from './TrackSourceLabel.tsx';
import { lastIndexAtOrBefore, positionAt } from './trackMath.ts';
import { teamLabel } from './trackStore.ts';
import type { TeamTrack } from './trackStore.ts';

/** The caption line: the age and the source, wrapping under each other when narrow. */
const CAPTION_STYLE = { display: 'flex', flexWrap: 'wrap', columnGap: 8 } as const;
/** In a windowed list every row is one height: the caption stays on one line. */
const CAPTION_ONE_LINE = { ...CAPTION_STYLE, flexWrap: 'nowrap', overflow: 'hidden' } as const;

/** The filter box shows from this many teams on. */
const FILTER_FROM = 10;
/**
 * From this many rows on only those in view are drawn (rows of a fixed height): the list is
 * drawn again every second for the ages, and 2,000 rows kept a slow phone busy for seconds, the
 * map (and its map image) waiting behind them.
 */
export const WINDOW_FROM = 100;
/** A row's height when windowed (px), and the rows drawn beyond the view on each side. */
const ROW_HEIGHT = 52;
const OVERSCAN = 8;

/** The rows [first, last) of `count` that a list scrolled to `top` and `height` px tall shows. */
export function windowRows(count: number, top: number, height: number): [number, number] {
  const first = Math.max(0, Math.floor(top / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(count, Math.ceil((top + height) / ROW_HEIGHT) + OVERSCAN);
  return [Math.min(first, last), last];
}

/**
 * The scroll position and height of a list element, for windowing: read on scroll (once a
 * frame) and on resize.
 */
function useViewport() {
  const ref = useRef<HTMLUListElement>(null);
  const [view, setView] = useState({ top: 0, height: 800 });
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    let frame = 0;
    const read = () => {
      frame = 0;
      setView((v) =>
        v.top === el.scrollTop && v.height === (el.clientHeight || v.height)
          ? v
          : { top: el.scrollTop, height: el.clientHeight || v.height },
      );
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(read);
    };
    read();
    el.addEventListener('scroll', onScroll, { passive: true });
    const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(onScroll);
    resize?.observe(el);
    return () => {
      el.removeEventListener('scroll', onScroll);
      resize?.disconnect();
      cancelAnimationFrame(frame);
    };
  }, []);
  return { ref, view };
}

/** Orders teams by number (numerically where it is one), then by name. */
export function compareTeams(a: TeamTrack, b: TeamTrack): number {
  const na = Number(a.nr);
  const nb = Number(b.nr);
  if (a.nr !== null && b.nr !== null && Number.isFinite(na) && Number.isFinite(nb) && na !== nb)
    return na - nb;
  if ((a.nr ?? '') !== (b.nr ?? '')) {
    if (a.nr === null) return 1;
    if (b.nr === null) return -1;
    return a.nr.localeCompare(b.nr);
  }
  return a.name.localeCompare(b.name);
}

/**
 * The teams beside the map: colour dot, 'nr name', how long ago each was last seen at time `t`
 * (now when live, the slider's time in replay; past the gap threshold 'no position for …', in
 * the warning colour), where its points come from (the app, a background app, a tracker) and
 * battery when known; a click selects the team. Each row carries its shown position and
 * last-seen time as data attributes. A long list (WINDOW_FROM) draws only the rows in view.
 */
export function TeamList({
  teams,
  t,
  ageNow,
  selectedId,
  onSelect,
  showBattery,
}: {
  teams: TeamTrack[];
  /** The time last-seen ages count to (now live; the replay time in replay). */
  ageNow: number;
  /** Battery is the latest known level: shown live, not in replay. */
  showBattery: boolean;
  t: number;
  selectedId: string | null;
  onSelect: (teamId: string) => void;
}) {
  const { t: tr } = useTranslation();
  const theme = useTheme();
  const [filter, setFilter] = useState('');
  const sorted = useMemo(() => [...teams].sort(compareTeams), [teams]);
  const needle = filter.trim().toLowerCase();
  const shown = needle
    ? sorted.filter((team) => teamLabel(team).toLowerCase().includes(needle))
    : sorted;
  const { ref, view } = useViewport();
  const windowed = shown.length >= WINDOW_FROM;
  const [first, last] = windowed
    ? windowRows(shown.length, view.top, view.height)
    : [0, shown.length];
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, height: '100%' }}>
      <Typography variant="subtitle2" sx={{ px: 1.5, pt: 1 }}>
        {tr('live.teams')} ({teams.length})
      </Typography>
      {teams.length >= FILTER_FROM && (
        <TextField
          size="small"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          placeholder={tr('live.teams.filter')}
          sx={{ mx: 1.5, my: 1 }}
          slotProps={{ htmlInput: { 'data-testid': 'live-team-filter' } }}
        />
      )}
      {teams.length === 0 && (
        <Typography color="text.secondary" sx={{ p: 1.5 }} data-testid="live-teams-empty">
          {tr('live.teams.empty')}
        </Typography>
      )}
      <List
        ref={ref}
        dense
        disablePadding
        sx={{ overflowY: 'auto', flex: 1 }}
        data-testid="live-teams"
        data-windowed={windowed ? 'true' : 'false'}
      >
        {first > 0 && <Box component="li" sx={{ height: first * ROW_HEIGHT }} />}
        {shown.slice(first, last).map((team) => {
          const i = lastIndexAtOrBefore(team.points, t);
          const lastT = i >= 0 ? team.points[i]!.t : null;
          const pos = positionAt(team.points, t);
          const age = lastSeenText(lastT, ageNow);
          return (
            <ListItemButton
              key={team.teamId}
              selected={team.teamId === selectedId}
              onClick={() => onSelect(team.teamId)}
              data-testid={`live-team-${team.teamId}`}
              data-lat={pos ? pos.y.toFixed(6) : ''}
              data-lng={pos ? pos.x.toFixed(6) : ''}
              data-lastt={lastT ?? ''}
              sx={{
                gap: 1,
                alignItems: 'center',
                ...(windowed ? { height: ROW_HEIGHT, overflow: 'hidden' } : {}),
              }}
            >
              <Box
                sx={{
                  width: 12,
                  height: 12,
                  borderRadius: '50%',
                  bgcolor: team.colour,
                  flexShrink: 0,
                  border: '1px solid rgba(0,0,0,.3)',
                }}
              />
              <Box sx={{ minWidth: 0, flex: 1 }}>
                <Typography variant="body2" noWrap sx={{ fontWeight: 500 }}>
                  {teamLabel(team)}
                </Typography>
                <Typography
                  variant="caption"
                  color="text.secondary"
                  component="div"
                  style={windowed ? CAPTION_ONE_LINE : CAPTION_STYLE}
                >
                  <span
                    data-testid={`live-team-age-${team.teamId}`}
                    data-gap={age.gap ? 'true' : 'false'}
                    style={age.gap ? { color: theme.palette.warning.dark } : undefined}
                  >
                    {tr(age.key, { count: age.count })}
                  </span>
                  {team.src !== null && lastT !== null && (
                    <TrackSourceLabel src={team.src} testId={`live-team-source-${team.teamId}`} />
                  )}
                </Typography>
              </Box>
              {showBattery && team.battery !== null && (
                <Typography
                  variant="caption"
                  color={team.battery < 0.2 ? 'error' : 'text.secondary'}
                  sx={{ display: 'flex', alignItems: 'center', flexShrink: 0 }}
                  title={tr('live.battery', { pct: Math.round(team.battery * 100) })}
                  data-testid={`live-team-battery-${team.teamId}`}
                >
                  <BatteryStdIcon sx={{ fontSize: 14 }} />
                  {Math.round(team.battery * 100)}%
                </Typography>
              )}
            </ListItemButton>
          );
        })}
        {last < shown.length && (
          <Box component="li" sx={{ height: (shown.length - last) * ROW_HEIGHT }} />
        )}
      </List>
    </Box>
  );
}
