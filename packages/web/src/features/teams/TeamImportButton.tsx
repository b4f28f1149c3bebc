import { Suspense, lazy, useState } from 'react';
import { Button, IconButton, Tooltip } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useTranslation } from 'react-i18next';
import type { TeamListEntry } from '@rada/core';

// The dialog and the IOF reader load when it first opens.
const TeamImportDialog = lazy(() =>
  import('./TeamImportDialog.tsx').then((m) => ({ default: m.TeamImportDialog })),
);

/** The Teams toolbar's "Import" (IOF entry and start lists), beside the downloads. */
export function TeamImportButton({
  eventId,
  teams,
  classes,
  eventStart,
  disabled,
  iconOnly,
}: {
  eventId: string;
  /** The event's start (epoch ms): its date dates a start list's clock times without a date. */
  eventStart: number | null;
  teams: readonly TeamListEntry[];
  classes: ReadonlyMap<string, string>;
  disabled: boolean;
  iconOnly: boolean;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      {iconOnly ? (
        <Tooltip title={t('teamimport.title')}>
          <span>
            <IconButton
              size="small"
              disabled={disabled}
              onClick={() => setOpen(true)}
              aria-label={t('teamimport.title')}
              data-testid="teams-import"
            >
              <UploadFileIcon />
            </IconButton>
          </span>
        </Tooltip>
      ) : (
        <Button
          startIcon={<UploadFileIcon />}
          disabled={disabled}
          onClick={() => setOpen(true)}
          data-testid="teams-import"
        >
          {t('teamimport.open')}
        </Button>
      )}
      {open && (
        <Suspense fallback={null}>
          <TeamImportDialog
            eventId={eventId}
            teams={teams}
            classes={classes}
            eventStart={eventStart}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
