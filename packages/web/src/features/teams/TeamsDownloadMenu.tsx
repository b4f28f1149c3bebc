import { useState } from 'react';
import { Button, IconButton, ListItemText, Menu, MenuItem, Tooltip } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useTranslation } from 'react-i18next';
import type { EventSummary, TeamListEntry } from '@rada/core';
import { api } from '../../api/client.ts';
import { useNotify } from '../../components/NotifyProvider.tsx';
import { errorText } from '../../i18n/errorText.ts';
import { downloadText } from '../export/download.ts';
import { entryListFile, startListFile, teamsCsvFile } from './teamsDownload.ts';
import type { TeamsFile } from './teamsDownload.ts';

/**
 * The Teams tab's downloads: the teams as CSV, an IOF start list and an IOF entry list. On a
 * phone (`iconOnly`) the button is its icon, so the toolbar stays one row.
 */
export function TeamsDownloadMenu({
  event,
  teams,
  classes,
  extras,
  massStart = null,
  iconOnly = false,
}: {
  event: EventSummary;
  /** The massstarttimems setting: every team's start in the IOF start list when set. */
  massStart?: number | null;
  teams: readonly TeamListEntry[];
  classes: ReadonlyMap<string, string>;
  extras: readonly string[];
  iconOnly?: boolean;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  const offer = (file: TeamsFile) => {
    downloadText(file.text, file.name, file.type);
    notify(t('export.downloaded', { file: file.name }));
  };
  const item = (key: string, make: () => Promise<TeamsFile> | TeamsFile) => (
    <MenuItem
      data-testid={`teams-download-${key}`}
      onClick={() => {
        close();
        Promise.resolve()
          .then(make)
          .then(offer, (e: unknown) => notify(errorText(t, e), 'error'));
      }}
    >
      <ListItemText
        primary={t(`teams.download.${key}`)}
        secondary={t(`teams.download.${key}.hint`)}
      />
    </MenuItem>
  );
  return (
    <>
      {iconOnly ? (
        <Tooltip title={t('teams.download')}>
          <span>
            <IconButton
              color="primary"
              aria-label={t('teams.download')}
              onClick={(e) => setAnchor(e.currentTarget)}
              disabled={teams.length === 0}
              data-testid="teams-download"
            >
              <DownloadIcon />
            </IconButton>
          </span>
        </Tooltip>
      ) : (
        <Button
          startIcon={<DownloadIcon />}
          onClick={(e) => setAnchor(e.currentTarget)}
          disabled={teams.length === 0}
          data-testid="teams-download"
        >
          {t('teams.download')}
        </Button>
      )}
      <Menu anchorEl={anchor} open={anchor !== null} onClose={close}>
        {item('csv', () => teamsCsvFile(teams, classes, extras, event.id, t))}
        {item('startlist', () => startListFile(teams, classes, { ...event, massStart }))}
        {item('entrylist', async () =>
          entryListFile(teams, classes, (await api.resultsMembers(event.id)).members, event),
        )}
      </Menu>
    </>
  );
}
