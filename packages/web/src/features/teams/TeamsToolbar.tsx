import { useState } from 'react';
import {
  Button,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Stack,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
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

/** One tool: a dialog to open, or (the start screen) a page in a new tab. */
interface Tool {
  label: string;
  icon: React.ReactNode;
  testId: string;
  disabled?: boolean;
  dialog?: ToolbarDialog;
  href?: string;
}

/**
 * The Teams tab's tools for all teams at once. Below the md breakpoint (tablets and phones) they
 * sit in a "Tools" menu beside "Add team"; on a phone the buttons are small (and the downloads
 * an icon, TeamsDownloadMenu), so the toolbar is one row in either language.
 */
export function TeamsToolbar({ eventId, readOnly, onOpen, children }: TeamsToolbarProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const compact = useMediaQuery(theme.breakpoints.down('md'));
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const size = phone ? 'small' : 'medium';
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const tools: Tool[] = [
    {
      label: t('teams.registrations'),
      icon: <HowToRegIcon />,
      testId: 'teams-open-registrations',
      dialog: 'registrations',
    },
    {
      label: t('teams.joincodes'),
      icon: <VpnKeyIcon />,
      testId: 'teams-open-joincodes',
      dialog: 'joincodes',
    },
    {
      label: t('teams.starttimes'),
      icon: <ScheduleIcon />,
      testId: 'teams-starttimes',
      disabled: readOnly,
      dialog: 'starttimes',
    },
    {
      label: t('teams.startscreen'),
      icon: <OpenInNewIcon />,
      testId: 'teams-open-start',
      href: `/${encodeURIComponent(eventId)}/start`,
    },
    {
      label: t('teams.sendmessage'),
      icon: <MailIcon />,
      testId: 'teams-send-message',
      disabled: readOnly,
      dialog: 'message',
    },
    {
      label: t('teams.deleted.title'),
      icon: <RestoreFromTrashIcon />,
      testId: 'teams-deleted',
      dialog: 'deleted',
    },
  ];
  const linkProps = (tool: Tool) =>
    tool.href
      ? { component: Link, to: tool.href, target: '_blank', rel: 'noopener' }
      : { onClick: () => onOpen(tool.dialog!) };
  return (
    <Stack
      direction="row"
      sx={{ gap: phone ? 0.5 : 1, p: phone ? 1 : 1.5, flexWrap: 'wrap', alignItems: 'center' }}
    >
      <Button
        variant="contained"
        size={size}
        startIcon={<AddIcon />}
        disabled={readOnly}
        onClick={() => onOpen('add')}
        data-testid="teams-add"
      >
        {t('teams.add')}
      </Button>
      {compact ? (
        <>
          <Button
            size={size}
            endIcon={<ArrowDropDownIcon />}
            aria-haspopup="true"
            onClick={(e) => setAnchor(e.currentTarget)}
            data-testid="teams-tools"
          >
            {t('teams.tools')}
          </Button>
          <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
            {tools.map((tool) => (
              <MenuItem
                key={tool.testId}
                disabled={tool.disabled}
                {...linkProps(tool)}
                onClickCapture={() => setAnchor(null)}
                data-testid={tool.testId}
              >
                <ListItemIcon>{tool.icon}</ListItemIcon>
                <ListItemText>{tool.label}</ListItemText>
              </MenuItem>
            ))}
          </Menu>
        </>
      ) : (
        tools.map((tool) => (
          <Button
            key={tool.testId}
            startIcon={tool.icon}
            disabled={tool.disabled}
            {...linkProps(tool)}
            data-testid={tool.testId}
          >
            {tool.label}
          </Button>
        ))
      )}
      {children}
    </Stack>
  );
}
