import { Button, Stack } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import MailIcon from '@mui/icons-material/Mail';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import RestoreFromTrashIcon from '@mui/icons-material/RestoreFromTrash';
import ScheduleIcon from '@mui/icons-material/Schedule';
import VpnKeyIcon from '@mui/icons-material/VpnKey';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

/** The dialogs the toolbar opens. */
export type ToolbarDialog =
  'add' | 'registrations' | 'joincodes' | 'starttimes' | 'message' | 'deleted';

interface TeamsToolbarProps {
  eventId: string;
  readOnly: boolean;
  onOpen: (dialog: ToolbarDialog) => void;
  /** More tools (the downloads). */
  children?: React.ReactNode;
}

/** The Teams tab's tools for all teams at once. */
export function TeamsToolbar({ eventId, readOnly, onOpen, children }: TeamsToolbarProps) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" sx={{ gap: 1, p: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
      <Button
        variant="contained"
        startIcon={<AddIcon />}
        disabled={readOnly}
        onClick={() => onOpen('add')}
        data-testid="teams-add"
      >
        {t('teams.add')}
      </Button>
      <Button
        startIcon={<HowToRegIcon />}
        onClick={() => onOpen('registrations')}
        data-testid="teams-open-registrations"
      >
        {t('teams.registrations')}
      </Button>
      <Button
        startIcon={<VpnKeyIcon />}
        onClick={() => onOpen('joincodes')}
        data-testid="teams-open-joincodes"
      >
        {t('teams.joincodes')}
      </Button>
      <Button
        startIcon={<ScheduleIcon />}
        disabled={readOnly}
        onClick={() => onOpen('starttimes')}
        data-testid="teams-starttimes"
      >
        {t('teams.starttimes')}
      </Button>
      <Button
        component={Link}
        to={`/${encodeURIComponent(eventId)}/start`}
        target="_blank"
        rel="noopener"
        startIcon={<OpenInNewIcon />}
        data-testid="teams-open-start"
      >
        {t('teams.startscreen')}
      </Button>
      <Button
        startIcon={<MailIcon />}
        disabled={readOnly}
        onClick={() => onOpen('message')}
        data-testid="teams-send-message"
      >
        {t('teams.sendmessage')}
      </Button>
      <Button
        startIcon={<RestoreFromTrashIcon />}
        onClick={() => onOpen('deleted')}
        data-testid="teams-deleted"
      >
        {t('teams.deleted.title')}
      </Button>
      {children}
    </Stack>
  );
}
