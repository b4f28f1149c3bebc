import { Fragment } from 'react';
import { Link, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { KP_ATTENTION_REASONS } from '@rada/core';
import type { EventOverview } from '@rada/core';

/**
 * The KPs that keep the checkpoints step from being done, by reason ("No location: KP 3, KP 7"),
 * each a link that opens the KP in the grid (`/{evid}/kp?kp={id}`); those past the overview's
 * first ones are counted.
 */
export function KpAttentionList({
  eventId,
  attention,
}: {
  eventId: string;
  attention: EventOverview['kps']['attention'];
}) {
  const { t } = useTranslation();
  const groups = KP_ATTENTION_REASONS.map(
    (reason) => [reason, attention.first.filter((k) => k.reasons.includes(reason))] as const,
  ).filter(([, kps]) => kps.length > 0);
  const more = attention.total - attention.first.length;
  return (
    <Stack
      component="ul"
      sx={{ listStyle: 'none', p: 0, m: 0, mt: 0.5 }}
      data-testid="dash-attention"
    >
      {groups.map(([reason, kps]) => (
        <Typography
          component="li"
          variant="body2"
          key={reason}
          data-testid={`dash-attention-${reason}`}
        >
          {t(`dash.kps.reason.${reason}`)}:{' '}
          {kps.map((k, i) => (
            <Fragment key={k.id}>
              {i > 0 && ', '}
              <Link
                component={RouterLink}
                to={`/${eventId}/kp?kp=${encodeURIComponent(k.id)}`}
                data-testid={`dash-attention-kp-${String(k.nr)}`}
                sx={{ whiteSpace: 'nowrap' }}
              >
                {t('dash.kps.nr', { nr: k.nr })}
              </Link>
            </Fragment>
          ))}
        </Typography>
      ))}
      {more > 0 && (
        <Typography
          component="li"
          variant="body2"
          color="text.secondary"
          data-testid="dash-attention-more"
        >
          {t('dash.kps.more', { count: more })}
        </Typography>
      )}
    </Stack>
  );
}
