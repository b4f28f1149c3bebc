import { keyframes } from '@mui/material/styles';

const appear = keyframes`from { opacity: 0; } to { opacity: 1; }`;

/**
 * A tooltip drawn by CSS from the element's `data-tip`, below it, on hover (after a short pause)
 * and at once on focus (a tap on a phone focuses a cell with tabIndex): the series page keeps MUI's
 * Tooltip and its Popper out of a visitor's JavaScript (bench/pageWeight.ts). The element must be
 * positioned (a sticky header cell is; `positioned` adds `position: relative` for others).
 * `side` is the edge the tip is aligned with.
 */
export function cssTip(side: 'left' | 'right', positioned = false) {
  const shown = {
    content: 'attr(data-tip)',
    position: 'absolute',
    top: '100%',
    [side]: 0,
    zIndex: 4,
    width: 'max-content',
    maxWidth: 260,
    px: 1,
    py: 0.5,
    borderRadius: 1,
    bgcolor: 'grey.800',
    color: 'common.white',
    typography: 'caption',
    fontWeight: 400,
    textAlign: 'left',
    whiteSpace: 'normal',
    pointerEvents: 'none',
    boxShadow: 2,
  } as const;
  return {
    ...(positioned && { position: 'relative' }),
    '&[data-tip]:hover::after': { ...shown, animation: `${appear} 150ms 500ms both` },
    // After the hover rule: a tap (hover and focus at once) shows the tip without the pause.
    '&[data-tip]:focus-within::after': { ...shown, animation: 'none' },
    '@media print': { '&::after': { display: 'none' } },
  } as const;
}
