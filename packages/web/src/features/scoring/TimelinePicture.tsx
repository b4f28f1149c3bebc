import { useTranslation } from 'react-i18next';
import { useTheme } from '@mui/material';
import type { TimeWindow } from '@rada/core';
import { formatMinutes, timelineSegments } from './timeline.ts';

const WIDTH = 600;
const HEIGHT = 56;
const BAR_Y = 6;
const BAR_H = 22;

/**
 * The time windows as a bar: normal time green, penalty windows amber with their rate, overtime
 * red after the last window; tick labels give the window ends as h:mm.
 */
export function TimelinePicture({ windows, testId }: { windows: TimeWindow[]; testId?: string }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const segments = timelineSegments(windows, WIDTH);
  if (segments.length === 0) return null;
  const fill = {
    normal: theme.palette.success.main,
    penalty: theme.palette.warning.main,
    overtime: theme.palette.error.main,
  };
  const label = (s: (typeof segments)[number]) =>
    s.kind === 'normal'
      ? t('scoring.timeline.normal')
      : s.kind === 'overtime'
        ? t('scoring.timeline.overtime')
        : t('scoring.timeline.penalty', { penalty: s.penalty, per: s.per });
  return (
    <svg
      data-testid={testId ?? 'scoring-timeline'}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      width="100%"
      style={{ maxWidth: WIDTH, display: 'block' }}
      role="img"
      aria-label={segments.map((s) => `${formatMinutes(s.startMin)} ${label(s)}`).join(', ')}
    >
      {segments.map((s, i) => (
        <g key={i}>
          <title>{label(s)}</title>
          <rect
            x={s.x}
            y={BAR_Y}
            width={Math.max(1, s.width - 1)}
            height={BAR_H}
            rx={3}
            fill={fill[s.kind]}
            opacity={s.kind === 'overtime' ? 0.75 : 1}
          />
          {s.width > 44 && (
            <text
              x={s.x + s.width / 2}
              y={BAR_Y + BAR_H / 2 + 4}
              textAnchor="middle"
              fontSize={11}
              fill={theme.palette.getContrastText(fill[s.kind])}
            >
              {label(s)}
            </text>
          )}
          <text
            x={Math.min(s.x + 1, WIDTH - 30)}
            y={HEIGHT - 8}
            fontSize={11}
            fill={theme.palette.text.secondary}
          >
            {formatMinutes(s.startMin)}
          </text>
        </g>
      ))}
    </svg>
  );
}
