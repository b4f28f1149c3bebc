import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Box, Paper, Stack } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type L from 'leaflet';
import type { EventSummary } from '@rada/core';
import { api, queryKeys } from '../../api/client.ts';
import { useMe } from '../auth/useMe.ts';
import { isEventAdmin } from '../eventPage/eventTabs.ts';
import { LiveMap } from './LiveMap.tsx';
import { LiveToolbar } from './LiveToolbar.tsx';
import type { LiveMode } from './LiveToolbar.tsx';
import { ReplayBar } from './ReplayBar.tsx';
import { TeamList } from './TeamList.tsx';
import { DEFAULT_REPLAY_SPEED, advanceReplay } from './replay.ts';
import type { ReplaySpeed } from './replay.ts';
import type { TeamLayer } from './teamLayer.ts';
import { DEFAULT_TAIL, timeSpan } from './trackMath.ts';
import type { TailMinutes } from './trackMath.ts';
import { useLiveTracks } from './useLiveTracks.ts';
import { fitView, webZoom } from '../map/crs.ts';

/** Replay frames are drawn at most this often (ms); the controls follow at UI_MS. */
const FRAME_MS = 40;
const UI_MS = 250;
/** The time shown live: now, or the newest point when a device's clock runs ahead. */
const liveTime = (store: { maxT: number }) => Math.max(Date.now(), store.maxT);
/** Zoom limit when fitting the view to the teams or KPs. */
const FIT_MAX_ZOOM = 15;

/**
 * The event's live map and replay (`/{evid}/map`): the teams as markers in their colours with
 * 'nr name' labels and tails, the KPs, a team list with last-seen age and battery, and a replay
 * of the whole event with a time slider, play/pause and speed. Markers are drawn imperatively by
 * TeamLayer; React renders only the controls and the list.
 */
export function LiveMapTab({ event }: { event: EventSummary }) {
  const { t } = useTranslation();
  const me = useMe();
  const admin = isEventAdmin(event, me.data);
  const { store, status, version } = useLiveTracks(event.id);
  const kps = useQuery({
    queryKey: queryKeys.checkpoints(event.id),
    queryFn: () => api.checkpoints(event.id),
    enabled: admin || event.kpsinweb,
    retry: false,
  });

  const [mode, setMode] = useState<LiveMode>('live');
  const [tail, setTail] = useState<TailMinutes>(DEFAULT_TAIL);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [layer, setLayer] = useState<TeamLayer | null>(null);
  const mapRef = useRef<L.Map | null>(null);
  const following = useRef(false);

  // Replay: the clock lives in a ref (drawn every frame); `uiT` follows it for the controls.
  const [speed, setSpeed] = useState<ReplaySpeed>(DEFAULT_REPLAY_SPEED);
  const [playing, setPlaying] = useState(false);
  const replayT = useRef(0);
  const [uiT, setUiT] = useState(0);
  const [now, setNow] = useState(() => Date.now());

  const teams = useMemo(() => {
    void version; // the store changes in place; the version says when
    return [...store.teams.values()];
  }, [store, version]);
  const span = useMemo(() => timeSpan(teams.map((tm) => tm.points)), [teams]);

  const handleReady = useCallback((l: TeamLayer | null, map: L.Map | null) => {
    setLayer(l);
    mapRef.current = map;
    map?.on('dragstart', () => {
      following.current = false;
    });
  }, []);
  const handleSelect = useCallback((teamId: string) => {
    setSelectedId(teamId);
    following.current = true;
  }, []);

  const draw = useCallback(() => {
    if (!layer) return;
    const t = mode === 'replay' ? replayT.current : liveTime(store);
    layer.draw({ teams: store.teams, t, tail, selectedId });
    const map = mapRef.current;
    const pos = selectedId ? layer.positionOf(selectedId) : null;
    if (map && pos && following.current) {
      const inner = map.getBounds().pad(-0.2);
      if (!inner.contains([pos.y, pos.x])) map.panTo([pos.y, pos.x], { animate: false });
    }
  }, [layer, store, mode, tail, selectedId]);

  // Live: draw on new points (at most once per animation frame) and every second, as tails
  // age; the list's last-seen counts up every second.
  useEffect(() => {
    if (mode !== 'live') return;
    let pending = 0;
    const request = () => {
      if (!pending) {
        pending = requestAnimationFrame(() => {
          pending = 0;
          draw();
        });
      }
    };
    draw();
    const unsubscribe = store.subscribe(request);
    const timer = setInterval(draw, 1000);
    return () => {
      unsubscribe();
      clearInterval(timer);
      cancelAnimationFrame(pending);
    };
  }, [mode, draw, store]);
  useEffect(() => {
    if (mode !== 'live') return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [mode]);

  // Replay: a frame loop while playing; a redraw on every seek or change while paused.
  useEffect(() => {
    if (mode !== 'replay') return;
    // Tracks that arrived after replay began move the span: keep the clock inside it.
    if (span && (replayT.current < span[0] || replayT.current > span[1])) {
      replayT.current = Math.min(Math.max(replayT.current, span[0]), span[1]);
    }
    draw();
    if (!playing || !span) return;
    let frame = 0;
    let lastFrame = performance.now();
    let lastUi = lastFrame;
    const tick = (at: number) => {
      frame = requestAnimationFrame(tick);
      if (at - lastFrame < FRAME_MS) return;
      const next = advanceReplay(replayT.current, at - lastFrame, speed, span[1]);
      lastFrame = at;
      replayT.current = next.t;
      draw();
      if (next.done) setPlaying(false);
      if (next.done || at - lastUi >= UI_MS) {
        lastUi = at;
        setUiT(next.t);
      }
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [mode, playing, speed, span, draw]);

  // Fit the view: to the KPs while no team has a position, then once to the teams.
  const fitted = useRef<'none' | 'kps' | 'teams'>('none');
  const kpList = kps.data?.checkpoints;
  useEffect(() => {
    const map = mapRef.current;
    if (fitted.current === 'teams' || !layer || !map) return;
    // Points that just came are not drawn yet (drawing waits for the next frame): draw now, so
    // the teams' positions are known and the view fits them at once, not at the next point.
    draw();
    const teamPoints = layer.allPositions().map((p) => [p.y, p.x] as L.LatLngTuple);
    const kpPoints = (kpList ?? []).flatMap((c) =>
      c.data.loc ? [[c.data.loc.lat, c.data.loc.lng] as L.LatLngTuple] : [],
    );
    const [points, what] =
      teamPoints.length > 0 ? [teamPoints, 'teams' as const] : [kpPoints, 'kps' as const];
    if (points.length === 0 || fitted.current === what) return;
    fitted.current = what;
    fitView(map, points, {
      padding: [40, 40],
      maxZoom: webZoom(map, FIT_MAX_ZOOM),
      animate: false,
    });
  }, [layer, kpList, version, mode, draw]);

  const handleShowAll = () => {
    const map = mapRef.current;
    if (!map || !layer) return;
    following.current = false;
    const points = layer.allPositions().map((p) => [p.y, p.x] as L.LatLngTuple);
    if (points.length > 0) {
      map.fitBounds(points, {
        padding: [40, 40],
        maxZoom: webZoom(map, FIT_MAX_ZOOM),
        animate: false,
      });
    }
  };

  const handleListSelect = (teamId: string) => {
    handleSelect(teamId);
    const pos = layer?.positionOf(teamId);
    const map = mapRef.current;
    if (pos && map)
      map.setView([pos.y, pos.x], Math.max(map.getZoom(), webZoom(map, 13)), { animate: false });
  };

  const handleMode = (next: LiveMode) => {
    setPlaying(false);
    if (next === 'replay' && span) {
      replayT.current = Math.min(Math.max(replayT.current, span[0]), span[1]);
      setUiT(replayT.current);
    }
    setMode(next);
  };

  const handleSeek = (at: number) => {
    replayT.current = at;
    setUiT(at);
    if (!playing) draw();
  };

  const handlePlayPause = () => {
    if (!span) return;
    if (!playing && replayT.current >= span[1]) {
      replayT.current = span[0];
      setUiT(span[0]);
    }
    setPlaying(!playing);
  };

  // Live positions are at the newest point when a device's clock runs ahead of this one.
  const replayAt = span ? Math.min(Math.max(uiT, span[0]), span[1]) : uiT;
  const listT = mode === 'replay' ? replayAt : Math.max(now, store.maxT);
  const ageNow = mode === 'replay' ? replayAt : now;

  return (
    <Stack sx={{ gap: 1 }} data-testid="live-tab" data-mode={mode}>
      <LiveToolbar
        mode={mode}
        onMode={handleMode}
        status={status}
        tail={tail}
        onTail={setTail}
        onShowAll={handleShowAll}
      />
      {mode === 'replay' && !span && (
        <Alert severity="info" data-testid="live-replay-empty">
          {t('live.replay.notracks')}
        </Alert>
      )}
      <Paper
        variant="outlined"
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', md: 'row' },
          height: { xs: 'auto', md: '70vh' },
          minHeight: 480,
          overflow: 'hidden',
        }}
      >
        {/* On a phone the map has its own height above the list (a flex basis of 0 gave it
            what the list left of the paper's minimum: nothing, for Leaflet's 100%). */}
        <Box
          sx={{
            flex: { xs: 'none', md: 1 },
            minWidth: 0,
            height: { xs: '70vh', md: '100%' },
          }}
        >
          <LiveMap
            checkpoints={kpList ?? []}
            eventId={event.id}
            onSelect={handleSelect}
            onReady={handleReady}
          />
        </Box>
        <Box
          sx={(theme) => ({
            width: '100%',
            height: 320,
            borderTop: `1px solid ${theme.palette.divider}`,
            [theme.breakpoints.up('md')]: {
              width: 300,
              height: '100%',
              borderTop: 0,
              borderLeft: `1px solid ${theme.palette.divider}`,
            },
          })}
        >
          <TeamList
            teams={teams}
            t={listT}
            ageNow={ageNow}
            selectedId={selectedId}
            onSelect={handleListSelect}
            showBattery={mode === 'live'}
          />
        </Box>
      </Paper>
      {mode === 'replay' && span && (
        <ReplayBar
          span={span}
          t={replayAt}
          playing={playing}
          speed={speed}
          onPlayPause={handlePlayPause}
          onSeek={handleSeek}
          onSpeed={setSpeed}
        />
      )}
    </Stack>
  );
}
