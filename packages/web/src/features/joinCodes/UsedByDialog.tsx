import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { shownEmail } from '@rada/core';
import type { JoinCodeView } from '@rada/core';
import { EmptyState } from '../../components/States.tsx';
import { formatValidUntil, userLabel } from './joinCodeText.ts';

/** Who used a code: each user's name and email, the team the use gave them, and when. */
export function UsedByDialog({ code, onClose }: { code: JoinCodeView; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth data-testid="joincode-usedby-dialog">
      <DialogTitle>{t('joinc.usedby.title', { code: code.code })}</DialogTitle>
      <DialogContent>
        {code.uses.length === 0 ? (
          <EmptyState text={t('joinc.usedby.none')} />
        ) : (
          <List dense>
            {code.uses.map((use) => (
              <ListItem
                key={`${use.uid}-${use.at}`}
                divider
                data-testid={`joincode-use-${use.uid}`}
              >
                <ListItemText
                  primary={
                    shownEmail(use.email) && use.displayName
                      ? `${use.displayName} <${use.email}>`
                      : userLabel(use)
                  }
                  secondary={t('joinc.usedby.detail', {
                    team: use.teamName ?? t('joinc.usedby.noteam'),
                    time: formatValidUntil(use.at),
                  })}
                />
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
