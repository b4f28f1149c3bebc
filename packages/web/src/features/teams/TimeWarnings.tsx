import { useState } from 'react';
import { Alert, AlertTitle } from '@mui/material';
import type { SxProps, Theme } from '@mui/material';
import { useTranslation } from 'react-i18next';

/**
 * The confirm step of team times about to be saved (the times dialog's and the edit dialog's):
 * the first Save shows what is odd about them (teamTimeWarnings in words), the next one, "Save
 * anyway", saves. A changed time is looked at again.
 */
export function useTimeWarnings() {
  const { t } = useTranslation();
  /** The warnings of the times as they are now, once Save was pressed; null: not yet shown. */
  const [warned, setWarned] = useState<string[] | null>(null);
  return {
    warned,
    /** A time changed: the next Save looks for its warnings again. */
    reset: () => setWarned(null),
    /**
     * On Save: true when the times may be saved now (nothing odd, or the warnings were shown
     * and this is "Save anyway"); else shows `warningsFor()` and returns false.
     */
    confirm: (warningsFor: () => string[]) => {
      if (warned !== null) return true;
      const warnings = warningsFor();
      if (warnings.length === 0) return true;
      setWarned(warnings);
      return false;
    },
    saveLabel: warned ? t('teams.timewarn.saveanyway') : t('teams.save'),
  };
}

/** Brings the warnings into view as they appear (a long dialog may be scrolled away from them). */
const intoView = (el: HTMLElement | null) => el?.scrollIntoView?.({ block: 'nearest' });

/** The warnings useTimeWarnings shows, one a line; nothing before they are shown. */
export function TimeWarnings({ warnings, sx }: { warnings: string[] | null; sx?: SxProps<Theme> }) {
  const { t } = useTranslation();
  if (!warnings) return null;
  return (
    <Alert ref={intoView} severity="warning" data-testid="time-warnings" sx={sx}>
      <AlertTitle>{t('teams.timewarn.title')}</AlertTitle>
      {warnings.map((text) => (
        <div key={text}>{text}</div>
      ))}
    </Alert>
  );
}
