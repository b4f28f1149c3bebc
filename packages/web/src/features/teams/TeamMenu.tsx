import { Divider, ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import AccessTimeIcon from '@mui/icons-material/AccessTime';
import AddCircleOutlineIcon from '@mui/icons-material/AddCircleOutlineOutlined';
import AssignmentIcon from '@mui/icons-material/Assignment';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import MailIcon from '@mui/icons-material/Mail';
import PhonelinkRingIcon from '@mui/icons-material/PhonelinkRing';
import RouteIcon from '@mui/icons-material/Route';
import VpnKeyIcon from '@mui/icons-material/VpnKey';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TeamListEntry } from '@rada/core';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import type { MenuPlace, TeamAction } from './TeamRow.tsx';

interface TeamMenuProps {
  team: TeamListEntry;
  place: MenuPlace;
  readOnly: boolean;
  onClose: () => void;
  onAction: (action: TeamAction) => void;
}

/** The team context menu: every tool for one team. */
export function TeamMenu({ team, place, readOnly, onClose, onAction }: TeamMenuProps) {
  const { t } = useTranslation();
  const item = (action: TeamAction, icon: ReactNode, label: string, writes = true) => (
    <MenuItem
      key={action}
      disabled={writes && readOnly}
      onClick={() => {
        onClose();
        onAction(action);
      }}
      data-testid={`team-menu-${action}`}
    >
      <ListItemIcon>{icon}</ListItemIcon>
      <ListItemText>{label}</ListItemText>
    </MenuItem>
  );
  const anchor =
    'el' in place
      ? { anchorEl: place.el }
      : { anchorReference: 'anchorPosition' as const, anchorPosition: place };
  return (
    <Menu open onClose={onClose} {...anchor} data-testid="team-menu" aria-label={team.name}>
      {item('edit', <EditIcon fontSize="small" />, t('teams.edit'))}
      {item('answers', <AssignmentIcon fontSize="small" />, t('teams.answers'), false)}
      {item('times', <AccessTimeIcon fontSize="small" />, t('teams.edittimes'))}
      {item('extras', <AddCircleOutlineIcon fontSize="small" />, t('teams.editextras'))}
      {item('track', <RouteIcon fontSize="small" />, t('teams.track'), false)}
      {item('tracking', <PhonelinkRingIcon fontSize="small" />, t('tracking.apps'))}
      <Divider />
      {item('registration', <HowToRegIcon fontSize="small" />, t('teams.registration'), false)}
      {item('joincode', <VpnKeyIcon fontSize="small" />, t('teams.joincode'))}
      {item('message', <MailIcon fontSize="small" />, t('teams.sendmessage'))}
      <Divider />
      {item('delete', <DeleteIcon fontSize="small" color="error" />, t('teams.delete'))}
    </Menu>
  );
}

interface DeleteTeamDialogProps {
  team: TeamListEntry;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Asks before a team is deleted (its backup can be restored later). */
export function DeleteTeamDialog({ team, busy, onCancel, onConfirm }: DeleteTeamDialogProps) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      title={t('teams.delete')}
      message={t('teams.deleteteamconfirm', { name: team.name, count: team.answers })}
      confirmLabel={t('teams.delete')}
      busy={busy}
      onCancel={onCancel}
      onConfirm={onConfirm}
      testId="team-delete-dialog"
      confirmTestId="team-delete-confirm"
    />
  );
}
