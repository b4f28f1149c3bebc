import { useCallback, useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import FullscreenIcon from '@mui/icons-material/Fullscreen';
import FullscreenExitIcon from '@mui/icons-material/FullscreenExit';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { EventSummary, WheelDrawResult } from '@rada/core';
import { api, queryKeys } from '../../api/client.ts';
import { ErrorState, LoadingState } from '../../components/States.tsx';
import { useNotify } from '../../components/NotifyProvider.tsx';
import { useElementWidth } from '../../hooks/useElementWidth.ts';
import { errorText } from '../../i18n/errorText.ts';
import { useFullscreen } from '../startOrder/useFullscreen.ts';
import { launchConfetti } from './confetti.ts';
import { WheelCanvas } from './WheelCanvas.tsx';
import { WheelDrawList } from './WheelDrawList.tsx';
import { SPIN_MS, easeOut, spinTarget } from './wheelGeometry.ts';
import { useWheel } from './useWheel.ts';

/** How long the winner's segment pulses (animateWinner), and how fast. */
const PULSE_MS = 4000;
const PULSE_STEP_MS = 350;

/** The window's inner height, followed as it resizes. */
function useWindowHeight(): number {
  const [height, setHeight] = useState(() => window.innerHeight);
  useEffect(() => {
    const handleResize = () => setHeight(window.innerHeight);
    window.addEventListener('resize', handleResize);
    return () => window.removeEventListener('resize', handleResize);
  }, []);
  return height;
}

const reducedMotion = () =>
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * The wheel page (full screen): the wheel with the current entries; Spin asks the server for a
 * draw (its crypto random winner is recorded there) and turns the wheel to that winner, then
 * shows the winner per the wheel's options (dialog, pulse, confetti).
 */
export function WheelScreen({ event }: { event: EventSummary }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const wheel = useWheel(event.id);
  const fullscreen = useFullscreen();
  const [area, setArea] = useState<HTMLElement | null>(null);
  const areaWidth = useElementWidth(area);
  const windowHeight = useWindowHeight();
  const size = Math.max(240, Math.min(areaWidth, windowHeight - 150, 900));

  const [rotation, setRotation] = useState(0);
  const [spinning, setSpinning] = useState(false);
  // The names of the last draw stay on the wheel until its winner has been shown.
  const [drawn, setDrawn] = useState<WheelDrawResult | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [pulse, setPulse] = useState(false);
  const confetti = useRef<HTMLCanvasElement>(null);
  const frame = useRef(0);
  const stopConfetti = useRef<() => void>(() => undefined);

  useEffect(
    () => () => {
      cancelAnimationFrame(frame.current);
      stopConfetti.current();
    },
    [],
  );

  const options = wheel.data?.options;
  const names = drawn?.names ?? wheel.data?.entries ?? [];

  /** The wheel has stopped: record list, confetti, pulse and dialog as the options say. */
  const finish = useCallback(() => {
    setSpinning(false);
    void queryClient.invalidateQueries({ queryKey: queryKeys.wheelDraws(event.id) });
    if (!options) return;
    if (options.launchConfetti && confetti.current && !reducedMotion()) {
      stopConfetti.current();
      stopConfetti.current = launchConfetti(confetti.current);
    }
    if (options.animateWinner) setPulse(true);
    if (options.displayWinnerDialog) setDialogOpen(true);
    if (!options.displayWinnerDialog) {
      // Without the dialog the wheel keeps the drawn names until the next spin.
      void queryClient.invalidateQueries({ queryKey: queryKeys.wheel(event.id) });
    }
  }, [event.id, options, queryClient]);

  const draw = useMutation({
    mutationFn: () => api.wheelDraw(event.id),
    onSuccess: (result) => {
      setDrawn(result);
      setPulse(false);
      const from = rotation;
      const to = spinTarget(
        from,
        result.index,
        result.names.length,
        undefined,
        Math.random() - 0.5,
      );
      if (reducedMotion()) {
        setRotation(to);
        finish();
        return;
      }
      const started = performance.now();
      const step = (now: number) => {
        const progress = Math.min(1, (now - started) / SPIN_MS);
        setRotation(from + (to - from) * easeOut(progress));
        if (progress < 1) frame.current = requestAnimationFrame(step);
        else finish();
      };
      frame.current = requestAnimationFrame(step);
    },
    onError: (e) => {
      setSpinning(false);
      notify(errorText(t, e), 'error');
    },
  });

  const spin = () => {
    if (spinning || names.length === 0) return;
    setSpinning(true);
    setDialogOpen(false);
    draw.mutate();
  };

  // The winner's segment pulses for a while after the wheel stops (animateWinner).
  const [pulseOn, setPulseOn] = useState(false);
  useEffect(() => {
    if (!pulse) return;
    const started = Date.now();
    const timer = setInterval(() => {
      if (Date.now() - started > PULSE_MS) {
        setPulse(false);
        setPulseOn(false);
      } else setPulseOn((on) => !on);
    }, PULSE_STEP_MS);
    return () => clearInterval(timer);
  }, [pulse]);

  const closeWinner = () => {
    setDialogOpen(false);
    setPulse(false);
    setDrawn(null);
    void queryClient.invalidateQueries({ queryKey: queryKeys.wheel(event.id) });
  };

  const title = options?.title || event.name;
  let main: React.ReactNode;
  if (wheel.isPending) main = <LoadingState />;
  else if (wheel.isError)
    main = <ErrorState error={wheel.error} onRetry={() => void wheel.refetch()} />;
  else
    main = (
      <Stack sx={{ alignItems: 'center', gap: 2 }}>
        <WheelCanvas
          names={names}
          rotation={rotation}
          size={size}
          highlight={pulse && pulseOn && drawn ? drawn.index : null}
          onSpin={spin}
          label={t('wheel.entries', { count: names.length })}
        />
        <Button
          variant="contained"
          size="large"
          onClick={spin}
          disabled={spinning || names.length === 0}
          data-testid="wheel-spin"
          sx={{ minWidth: 200, fontSize: '1.25rem' }}
        >
          {spinning ? t('wheel.spinning') : t('wheel.spin')}
        </Button>
        {names.length === 0 && (
          <Typography color="text.secondary" data-testid="wheel-empty">
            {t('wheel.empty')}
          </Typography>
        )}
        {!spinning && drawn && !dialogOpen && (
          <Typography variant="h5" data-testid="wheel-last-winner">
            {t('wheel.lastwinner', { name: drawn.winner })}
          </Typography>
        )}
      </Stack>
    );

  return (
    <Box
      data-testid="wheel-screen"
      sx={{
        position: 'fixed',
        inset: 0,
        zIndex: (theme) => theme.zIndex.appBar + 1,
        overflow: 'auto',
        bgcolor: 'background.default',
        p: { xs: 1.5, sm: 3 },
      }}
    >
      <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 1, mb: 2 }}>
        <IconButton
          component={RouterLink}
          to={`/${event.id}`}
          aria-label={t('wheel.back')}
          data-testid="wheel-back"
        >
          <ArrowBackIcon />
        </IconButton>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          {(options?.showTitle ?? true) && (
            <>
              <Typography variant="h4" component="h1" data-testid="wheel-title">
                {title}
              </Typography>
              {options?.description && (
                <Typography color="text.secondary" sx={{ whiteSpace: 'pre-line' }}>
                  {options.description}
                </Typography>
              )}
            </>
          )}
        </Box>
        {fullscreen.supported && (
          <IconButton onClick={fullscreen.toggle} aria-label={t('wheel.fullscreen')}>
            {fullscreen.active ? <FullscreenExitIcon /> : <FullscreenIcon />}
          </IconButton>
        )}
      </Stack>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 320px' },
          alignItems: 'start',
        }}
      >
        <Box ref={setArea}>{main}</Box>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="h6">{t('wheel.draws')}</Typography>
          <WheelDrawList eventId={event.id} dense />
        </Paper>
      </Box>
      <Box
        component="canvas"
        ref={confetti}
        data-testid="wheel-confetti"
        sx={{
          position: 'fixed',
          inset: 0,
          width: '100vw',
          height: '100vh',
          pointerEvents: 'none',
          zIndex: (theme) => theme.zIndex.modal + 1,
        }}
      />
      {drawn && (
        <Dialog
          open={dialogOpen}
          onClose={closeWinner}
          maxWidth="sm"
          fullWidth
          data-testid="wheel-winner"
        >
          <DialogTitle>{t('wheel.winner.title')}</DialogTitle>
          <DialogContent>
            <Typography
              variant="h3"
              component="p"
              data-testid="wheel-winner-name"
              sx={{ textAlign: 'center', my: 2, wordBreak: 'break-word' }}
            >
              {drawn.winner}
            </Typography>
            {options?.winnerMessage && (
              <Typography
                sx={{ textAlign: 'center', whiteSpace: 'pre-line' }}
                data-testid="wheel-winner-message"
              >
                {options.winnerMessage}
              </Typography>
            )}
            {drawn.removed && (
              <Box sx={{ textAlign: 'center', mt: 2 }}>
                <Chip label={t('wheel.winner.removed')} />
              </Box>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={closeWinner} autoFocus data-testid="wheel-winner-close">
              {t('wheel.close')}
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </Box>
  );
}
