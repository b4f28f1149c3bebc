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
import type { TFunction } from 'i18next';
import { kpCloseness } from '@rada/core';
import type { PlayKp } from '@rada/core';
import { formatDistance } from './geo.ts';
import type { LatLng } from './geo.ts';
import { isLocationKp, responseChoices } from './playRules.ts';
import type { KpStatus, ResponseChoice } from './playRules.ts';
import { RichText, useReaderText } from '../../components/RichText.tsx';

export interface KpDialogProps {
  kp: PlayKp | null;
  /** The device's position and its GPS accuracy (± m) when known. */
  here: (LatLng & { accuracy: number | null }) | null;
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

/** "860 m from the checkpoint · GPS ±5 m": the figures the team judges its position by. */
function figures(t: TFunction, distance: number | null, accuracy: number | null): string {
  const parts: string[] = [];
  if (distance !== null)
    parts.push(t('play.kp.fig.distance', { distance: formatDistance(distance) }));
  if (distance !== null && accuracy !== null)
    parts.push(t('play.kp.fig.accuracy', { accuracy: formatDistance(accuracy) }));
  return parts.join(' · ');
}

/**
 * One KP: its description, and its question or "I am here" while the team runs, with the
 * distance to it and the GPS accuracy. Where the device stands is core's kpCloseness, the rule
 * the server judges the mark by: "you are at the checkpoint" only within the marking distance
 * by a fix at least that precise. A KP that opens only when close asks to come closer; every
 * answer is confirmed first, as it is final.
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
  const where = kpCloseness(kp, here);
  const open = !kp.openOnlyWhenClose || where.accepted;
  const choices = responseChoices(kp, valiktahed);
  const locationKp = isLocationKp(kp);
  const shownFigures = figures(t, where.distance, where.accuracy);
  const nr = kp.nr ?? '?';
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
  } else if (!open) {
    body = (
      <Alert severity="info" data-testid="play-kp-closer">
        {where.distance === null
          ? t('play.kp.noposition')
          : t('play.kp.closer', { distance: formatDistance(where.distance) })}
      </Alert>
    );
  } else if (locationKp) {
    body = (
      <Stack sx={{ gap: 1 }}>
        <Button
          variant="contained"
          size="large"
          startIcon={<PlaceIcon />}
          disabled={!where.accepted}
          onClick={() => setChoice('here')}
          data-testid="play-kp-here"
        >
          {t('play.kp.here')}
        </Button>
        <PositionNote where={where} />
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
          {shownFigures && (
            <Typography variant="body2" color="text.secondary" data-testid="play-kp-distance">
              {shownFigures}
            </Typography>
          )}
          {!kp.cancelled && !kp.auto && (
            <Typography variant="body2" color="text.secondary" data-testid="play-kp-rule">
              {where.limit !== null
                ? t('play.kp.rule.near', { distance: formatDistance(where.limit) })
                : t(locationKp ? 'play.kp.rule.anyplace' : 'play.kp.rule.anywhere')}
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
          {choice === 'here' ? t('play.kp.presencetitle', { nr }) : t('play.kp.confirmtitle')}
        </DialogTitle>
        <DialogContent>
          <Typography data-testid="play-kp-confirm-text" data-state={where.state}>
            {choice === 'here'
              ? presenceText(t, nr, where.state)
              : t('play.kp.confirmanswer', { nr, answer: choice?.label ?? '' })}
          </Typography>
          {choice === 'here' && shownFigures && (
            <Typography color="text.secondary" sx={{ mt: 1 }} data-testid="play-kp-confirm-figures">
              {shownFigures}
            </Typography>
          )}
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {t(choice === 'here' ? 'play.kp.presencefinal' : 'play.kp.final')}
          </Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setChoice(null)}>{t('common.cancel')}</Button>
          <Button
            variant="contained"
            data-testid="play-kp-confirm-send"
            // The team may walk off while the question is open: the server would refuse then.
            disabled={choice === 'here' && !where.accepted}
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

type Closeness = ReturnType<typeof kpCloseness>;

/** What the confirmation of presence says: "you are at the checkpoint" only when it is so. */
function presenceText(t: TFunction, nr: string, state: Closeness['state']): string {
  switch (state) {
    case 'at':
      return t('play.kp.confirmhere', { nr });
    case 'imprecise':
      return t('play.kp.confirmhere.imprecise', { nr });
    case 'anywhere':
      return t('play.kp.confirmhere.anywhere', { nr });
    case 'far':
      return t('play.kp.confirmhere.far', { nr });
    case 'unknown':
      return t('play.kp.noposition');
  }
}

/** Under "I am here": at the KP, too far (how far, and within what), imprecise, or waiting. */
function PositionNote({ where }: { where: Closeness }) {
  const { t } = useTranslation();
  const testId = where.accepted ? 'play-kp-position' : 'play-kp-toofar';
  switch (where.state) {
    case 'anywhere':
      return null;
    case 'at':
      return (
        <Typography color="success.main" data-testid={testId} data-state={where.state}>
          {t('play.kp.position.at')}
        </Typography>
      );
    case 'imprecise':
      return (
        <Alert severity="warning" data-testid={testId} data-state={where.state}>
          {t('play.kp.position.imprecise', { accuracy: formatDistance(where.accuracy ?? 0) })}
        </Alert>
      );
    case 'far':
      return (
        <Typography color="text.secondary" data-testid={testId} data-state={where.state}>
          {t('play.kp.position.far', {
            distance: formatDistance(where.distance ?? 0),
            limit: formatDistance(where.limit ?? 0),
          })}
        </Typography>
      );
    case 'unknown':
      return (
        <Typography color="text.secondary" data-testid={testId} data-state={where.state}>
          {t('play.kp.noposition')}
        </Typography>
      );
  }
}
