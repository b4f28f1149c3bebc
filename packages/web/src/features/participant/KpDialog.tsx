import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import PlaceIcon from '@mui/icons-material/Place';
import { useTranslation } from 'react-i18next';
import { kpNeedsCloseness } from '@rada/core';
import type { PlayKp } from '@rada/core';
import { formatDistance } from './geo.ts';
import type { LatLng } from './geo.ts';
import { canConfirmLocation, canOpenKp, isLocationKp, responseChoices } from './playRules.ts';
import type { KpStatus, ResponseChoice } from './playRules.ts';
import { RichText, useReaderText } from '../../components/RichText.tsx';

export interface KpDialogProps {
  kp: PlayKp | null;
  here: LatLng | null;
  valiktahed: boolean;
  status: KpStatus;
  /** The answer the team gave (a response id), or null. */
  given: string | null;
  /** Marks are possible only while the team runs. */
  running: boolean;
  onClose: () => void;
  /** Marks the KP: with a response id, or null when confirming the location. */
  onMark: (kp: PlayKp, answer: string | null) => void;
}

/**
 * One KP: its description, and its question or "I am here" while the team runs. A KP that
 * opens only when close asks to come closer; every answer is confirmed first, as it is final.
 */
export function KpDialog({
  kp,
  here,
  valiktahed,
  status,
  given,
  running,
  onClose,
  onMark,
}: KpDialogProps) {
  const { t } = useTranslation();
  const readerText = useReaderText();
  const longdesc = kp ? readerText(kp, 'longdesc') : '';
  const [choice, setChoice] = useState<ResponseChoice | 'here' | null>(null);
  if (!kp) return null;
  const open = canOpenKp(kp, here);
  const choices = responseChoices(kp, valiktahed);
  const locationKp = isLocationKp(kp);
  const confirm = canConfirmLocation(kp, here);
  const givenChoice = choices.find((c) => c.id === given);
  const close = () => {
    setChoice(null);
    onClose();
  };

  let body: React.ReactNode;
  if (status !== 'none') {
    body = (
      <Alert severity={status === 'sent' ? 'success' : 'warning'} data-testid="play-kp-done">
        {status === 'sent' ? t('play.kp.sent') : t('play.kp.waiting')}
        {givenChoice && (
          <Box component="span" sx={{ display: 'block', fontWeight: 700 }}>
            {t('play.kp.youranswer', { answer: givenChoice.label })}
          </Box>
        )}
      </Alert>
    );
  } else if (kp.cancelled) {
    body = null;
  } else if (!running) {
    body = <Alert severity="info">{t('play.kp.notrunning')}</Alert>;
  } else if (kp.auto) {
    body = <Alert severity="info">{t('play.kp.auto')}</Alert>;
  } else if (!open.ok) {
    body = (
      <Alert severity="info" data-testid="play-kp-closer">
        {open.distance === null
          ? t('play.kp.noposition')
          : t('play.kp.closer', { distance: formatDistance(open.distance) })}
      </Alert>
    );
  } else if (locationKp) {
    body = (
      <Stack sx={{ gap: 1 }}>
        <Button
          variant="contained"
          size="large"
          startIcon={<PlaceIcon />}
          disabled={!confirm.ok}
          onClick={() => setChoice('here')}
          data-testid="play-kp-here"
        >
          {t('play.kp.here')}
        </Button>
        {!confirm.ok && (
          <Typography color="text.secondary" data-testid="play-kp-toofar">
            {confirm.distance === null
              ? t('play.kp.noposition')
              : t('play.kp.closer', { distance: formatDistance(confirm.distance) })}
          </Typography>
        )}
      </Stack>
    );
  } else {
    body = (
      <Stack sx={{ gap: 1 }} data-testid="play-kp-responses">
        {choices.map((c) => (
          <Button
            key={c.id}
            variant="outlined"
            size="large"
            onClick={() => setChoice(c)}
            data-testid={`play-kp-response-${c.id}`}
            sx={{ justifyContent: 'flex-start', textTransform: 'none', py: 1.5 }}
          >
            <Box component="span" sx={{ fontWeight: 700, fontSize: '1.2rem', minWidth: 32 }}>
              {c.label}
            </Box>
            {valiktahed && c.text !== c.label && (
              <Box component="span" sx={{ ml: 1 }}>
                {c.text}
              </Box>
            )}
          </Button>
        ))}
      </Stack>
    );
  }

  return (
    <Dialog open onClose={close} fullWidth maxWidth="xs" data-testid="play-kp-dialog">
      <DialogTitle>
        {t('play.kp.title', { nr: kp.nr ?? '?' })}
        {kp.mandatory && (
          <Typography component="span" color="error" sx={{ ml: 1, fontSize: '0.9rem' }}>
            {t('play.kp.mandatory')}
          </Typography>
        )}
      </DialogTitle>
      <DialogContent>
        <Stack sx={{ gap: 2 }}>
          {kp.desc && <Typography sx={{ whiteSpace: 'pre-wrap' }}>{kp.desc}</Typography>}
          {longdesc && <RichText text={longdesc} sx={{ color: 'text.secondary' }} />}
          {kp.cancelled && <Alert severity="warning">{t('play.kp.cancelled')}</Alert>}
          {open.distance !== null && (
            <Typography variant="body2" color="text.secondary" data-testid="play-kp-distance">
              {t('play.kp.distance', { distance: formatDistance(open.distance) })}
            </Typography>
          )}
          {!kp.cancelled && !kp.auto && (
            <Typography variant="body2" color="text.secondary" data-testid="play-kp-rule">
              {kpNeedsCloseness(kp) && kp.maxDistance !== null
                ? t('play.kp.rule.near', { distance: formatDistance(kp.maxDistance) })
                : t('play.kp.rule.anywhere')}
            </Typography>
          )}
          {body}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} data-testid="play-kp-close">
          {t('common.close')}
        </Button>
      </DialogActions>
      <Dialog open={choice !== null} onClose={() => setChoice(null)} data-testid="play-kp-confirm">
        <DialogTitle>
          {choice === 'here'
            ? t('play.kp.presencetitle', { nr: kp.nr ?? '?' })
            : t('play.kp.confirmtitle')}
        </DialogTitle>
        <DialogContent>
          <Typography>
            {choice === 'here'
              ? t('play.kp.confirmhere', { nr: kp.nr ?? '?' })
              : t('play.kp.confirmanswer', { nr: kp.nr ?? '?', answer: choice?.label ?? '' })}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {t(choice === 'here' ? 'play.kp.presencefinal' : 'play.kp.final')}
          </Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setChoice(null)}>{t('common.cancel')}</Button>
          <Button
            variant="contained"
            data-testid="play-kp-confirm-send"
            onClick={() => {
              if (choice === null) return;
              onMark(kp, choice === 'here' ? null : choice.id);
              close();
            }}
          >
            {t(choice === 'here' ? 'play.kp.here' : 'play.kp.send')}
          </Button>
        </DialogActions>
      </Dialog>
    </Dialog>
  );
}
