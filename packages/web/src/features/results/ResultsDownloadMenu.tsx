import { ListItemText, Menu, MenuItem } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { ResultsView } from '@rada/core';
import { api } from '../../api/client.ts';
import { useNotify } from '../../components/NotifyProvider.tsx';
import { errorText } from '../../i18n/errorText.ts';
import { downloadText } from '../export/download.ts';
import { iofMembers, resultsCsvFile, resultsIofFile } from './resultsDownload.ts';
import type { ResultsFile } from './resultsDownload.ts';

const offer = (file: ResultsFile) => downloadText(file.text, file.name, file.type);

/**
 * The downloads of the results, each saying which program it is for; loaded with the first click
 * on Download (the CSV and IOF writers are no part of a visitor's page).
 */
export function ResultsDownloadMenu({
  view,
  eventId,
  eventName,
  anchor,
  onClose,
}: {
  view: ResultsView;
  eventId: string;
  eventName: string;
  anchor: HTMLElement | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const item = (key: string, run: () => Promise<void> | void) => (
    <MenuItem
      data-testid={`results-download-${key}`}
      onClick={() => {
        onClose();
        Promise.resolve(run()).catch((e: unknown) => notify(errorText(t, e), 'error'));
      }}
    >
      <ListItemText
        primary={t(`results.download.${key}.label`)}
        secondary={t(`results.download.${key}.hint`)}
      />
    </MenuItem>
  );
  return (
    <Menu anchorEl={anchor} open={anchor !== null} onClose={onClose}>
      {item('csv', () => offer(resultsCsvFile(view, eventId, t)))}
      {item('iof', () => offer(resultsIofFile(view, eventId, eventName)))}
      {item('iofteam', async () => {
        const { members } = await api.resultsMembers(eventId);
        offer(resultsIofFile(view, eventId, eventName, 'team', iofMembers(members)));
      })}
    </Menu>
  );
}
