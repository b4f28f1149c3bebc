import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Paper,
  Stack,
  Tab,
  Tabs,
  Typography,
} from '@mui/material';
import FlagIcon from '@mui/icons-material/Flag';
import { useTranslation } from 'react-i18next';
import type { PlayKp, PlayView } from '@rada/core';
import type { LatLng } from './geo.ts';
import { KpDialog } from './KpDialog.tsx';
import { KpList } from './KpList.tsx';
import { PlayMap } from './PlayMap.tsx';
import { countStatuses, formatDuration, timeLeft } from './playRules.ts';
import { useTeamResult } from './useTeamResult.ts';
import { shownPoints } from '@rada/core';
import type { KpStatus } from './playRules.ts';
import type { Here } from './useGeolocation.ts';
import { RichText, useReaderText } from '../../components/RichText.tsx';

/** One figure of the running header: a small label over a big number. */
function Stat({
  label,
  testId,
  colour,
  overtime,
  children,
}: {
  label: string;
  testId: string;
  colour?: 'error';
  overtime?: boolean;
  children: React.ReactNode;
}) {
  return (
    <Box data-testid={testId} data-overtime={overtime === undefined ? undefined : String(overtime)}>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      <Typography
        sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums', fontSize: '1.15rem' }}
        color={colour ?? 'text.primary'}
      >
        {children}
      </Typography>
    </Box>
  );
}

/**
 * While the team runs: time since the start, time left against the time rules and the team's
 * points (when the results are public), Map and KPs tabs (nearest KPs first), the KP dialog and
 * the finish.
 */
export function RunningView({
  view,
  here,
  now,
  start,
  statuses,
  givenAnswers,
  onMark,
  onFinish,
  online,
  pocket,
}: {
  online: boolean;
  /** Tracking with the phone in a pocket, in one slim row: background apps, screen kept on. */
  pocket?: React.ReactNode;
  view: PlayView;
  here: Here | null;
  now: number;
  start: number | null;
  statuses: Map<string, KpStatus>;
  givenAnswers: Map<string, string | null>;
  onMark: (kp: PlayKp, answer: string | null) => void;
  onFinish: () => void;
}) {
  const { t } = useTranslation();
  const appmessage = useReaderText()(view.settings, 'appmessage');
  const [tab, setTab] = useState<'map' | 'kps'>('map');
  const [selected, setSelected] = useState<string | null>(null);
  const [finishing, setFinishing] = useState(false);
  const left = timeLeft(view, start, now);
  // Re-read on the team's sent marks, at most every 10 minutes (no polling on a phone).
  const sentMarks = countStatuses(statuses).sent;
  const result = useTeamResult(view.eventId, view.team.id, online, sentMarks);
  const kp = view.kps.find((k) => k.id === selected) ?? null;
  const latLng: LatLng | null = here ? { lat: here.lat, lng: here.lng } : null;
  return (
    <Stack sx={{ gap: 1 }} data-testid="play-running">
      {appmessage && (
        <Alert severity="info" sx={{ py: 0 }} data-testid="play-appmessage">
          <RichText text={appmessage} />
        </Alert>
      )}
      <Paper
        variant="outlined"
        sx={{ px: 1.5, py: 0.75, display: 'flex', gap: 2, justifyContent: 'space-between' }}
        data-testid="play-clock"
      >
        {start !== null && (
          <Stat label={t('play.elapsed')} testId="play-elapsed">
            {formatDuration(Math.max(0, now - start))}
          </Stat>
        )}
        {left !== null && (
          <Stat
            label={t('play.timeleft')}
            testId="play-timeleft"
            colour={left < 0 ? 'error' : undefined}
            overtime={left < 0}
          >
            {formatDuration(left)}
          </Stat>
        )}
        {result && (
          <Stat label={t('play.points')} testId="play-points">
            {shownPoints(result.sum)}
          </Stat>
        )}
      </Paper>
      {pocket}
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <Tabs value={tab} onChange={(_e, v: 'map' | 'kps') => setTab(v)} variant="fullWidth">
          <Tab value="map" label={t('play.tab.map')} data-testid="play-tab-map" />
          <Tab value="kps" label={t('play.tab.kps')} data-testid="play-tab-kps" />
        </Tabs>
        {tab === 'map' ? (
          <Box sx={{ height: 'calc(100dvh - 414px)', minHeight: 280 }}>
            <PlayMap
              eventId={view.eventId}
              kps={view.kps}
              statuses={statuses}
              here={here}
              onSelect={setSelected}
              hideOwnPosition={view.settings.hideownposition === true}
            />
          </Box>
        ) : (
          <KpList
            kps={view.kps}
            statuses={statuses}
            here={latLng}
            given={givenAnswers}
            onSelect={setSelected}
          />
        )}
      </Paper>
      <Button
        variant="outlined"
        color="error"
        size="large"
        startIcon={<FlagIcon />}
        onClick={() => setFinishing(true)}
        data-testid="play-finish"
      >
        {t('play.finish.button')}
      </Button>
      <KpDialog
        key={selected ?? ''}
        kp={kp}
        here={here}
        valiktahed={view.settings.valiktahed}
        status={kp ? (statuses.get(kp.id) ?? 'none') : 'none'}
        given={kp ? (givenAnswers.get(kp.id) ?? null) : null}
        running
        onClose={() => setSelected(null)}
        onMark={onMark}
      />
      <Dialog
        open={finishing}
        onClose={() => setFinishing(false)}
        data-testid="play-finish-confirm"
      >
        <DialogTitle>{t('play.finish.title')}</DialogTitle>
        <DialogContent>
          <Typography>{t('play.finish.text')}</Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setFinishing(false)}>{t('common.cancel')}</Button>
          <Button
            variant="contained"
            color="error"
            onClick={() => {
              setFinishing(false);
              onFinish();
            }}
            data-testid="play-finish-send"
          >
            {t('play.finish.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
