import { createTheme } from '@mui/material/styles';
import { TOOLTIP_NEXT_DELAY_MS } from '@rada/core';
import type { Language } from './i18n/index.ts';
import { etComponents } from './muiLocale.ts';

/** The app's small MUI theme: forest green and trail orange, in the interface language. */
export function makeTheme(lang: Language) {
  return createTheme(
    {
      palette: {
        primary: { main: '#2e6b3a' },
        secondary: { main: '#e0771b' },
        background: { default: '#f5f6f3' },
      },
      shape: { borderRadius: 8 },
      typography: {
        h4: { fontWeight: 600 },
        h5: { fontWeight: 600 },
        h6: { fontWeight: 600 },
      },
      components: {
        MuiButton: { defaultProps: { disableElevation: true } },
        MuiTooltip: { defaultProps: { enterNextDelay: TOOLTIP_NEXT_DELAY_MS } },
        MuiTextField: { defaultProps: { size: 'small' } },
        MuiFormControl: { defaultProps: { size: 'small' } },
        MuiDialogActions: { styleOverrides: { root: { padding: '8px 24px 16px' } } },
      },
    },
    // MUI's own texts are English; Estonian from muiLocale.ts.
    lang === 'et' ? etComponents : {},
  );
}
