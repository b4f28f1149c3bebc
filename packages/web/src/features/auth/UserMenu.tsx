import { Suspense, lazy, useState } from 'react';
import { Button, Divider, ListItemIcon, Menu, MenuItem } from '@mui/material';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import LogoutIcon from '@mui/icons-material/Logout';
import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import GroupAddIcon from '@mui/icons-material/GroupAdd';
import EventNoteIcon from '@mui/icons-material/EventNote';
import BugReportIcon from '@mui/icons-material/BugReport';
import TranslateIcon from '@mui/icons-material/Translate';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import InventoryIcon from '@mui/icons-material/Inventory';
import SaveIcon from '@mui/icons-material/Save';
import HistoryIcon from '@mui/icons-material/History';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { withAllTexts } from '../../i18n/index.ts';
import type { Me } from '@rada/core';
import { useNotify } from '../../components/NotifyProvider.tsx';
import { useSignOut } from './useSignOut.ts';
import { useConfig } from './useMe.ts';

const CreatorsDialog = lazy(() =>
  withAllTexts(
    import('../creators/CreatorsDialog.tsx').then((m) => ({ default: m.CreatorsDialog })),
  ),
);
const EventsManagerDialog = lazy(() =>
  withAllTexts(
    import('../adminEvents/EventsManagerDialog.tsx').then((m) => ({
      default: m.EventsManagerDialog,
    })),
  ),
);
const DebugToolsDialog = lazy(() =>
  withAllTexts(
    import('../adminEvents/DebugToolsDialog.tsx').then((m) => ({ default: m.DebugToolsDialog })),
  ),
);
const AccountingDialog = lazy(() =>
  withAllTexts(
    import('../accounting/AccountingDialog.tsx').then((m) => ({ default: m.AccountingDialog })),
  ),
);
const TranslationEditorDialog = lazy(() =>
  withAllTexts(
    import('../translations/TranslationEditorDialog.tsx').then((m) => ({
      default: m.TranslationEditorDialog,
    })),
  ),
);
const CupManagerDialog = lazy(() =>
  withAllTexts(
    import('../cups/CupManagerDialog.tsx').then((m) => ({ default: m.CupManagerDialog })),
  ),
);

/**
 * The signed-in user's menu in the app bar: event creators, the events manager, debug tools and
 * the changes log (super admins), translations, the stock tool (the platform owner, when the
 * server is connected to the books), series, account, delete account, sign out.
 */
export function UserMenu({ me }: { me: Me }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const signOut = useSignOut();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [creatorsOpen, setCreatorsOpen] = useState(false);
  const [cupsOpen, setCupsOpen] = useState(false);
  const [eventsOpen, setEventsOpen] = useState(false);
  const [debugOpen, setDebugOpen] = useState(false);
  const [translatorOpen, setTranslatorOpen] = useState(false);
  const translator = me.platformOwner || me.superAdmin;
  const [accountingOpen, setAccountingOpen] = useState(false);
  const config = useConfig();
  // Shown only where the server has the accounting API's key: without it the tool cannot work.
  const accounting = me.platformOwner && config.data?.tools.accounting === true;
  const close = () => setAnchor(null);

  return (
    <>
      <Button
        color="inherit"
        startIcon={<AccountCircleIcon />}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-label={t('usermenu.open')}
        aria-haspopup="menu"
        data-testid="usermenu-button"
        sx={{ textTransform: 'none', maxWidth: 240 }}
      >
        <span
          data-testid="usermenu-name"
          style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
        >
          {me.displayName}
        </span>
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={close}>
        {me.guest && (
          <MenuItem
            data-testid="usermenu-saveaccount"
            onClick={() => {
              close();
              void navigate('/account');
            }}
          >
            <ListItemIcon>
              <SaveIcon fontSize="small" color="primary" />
            </ListItemIcon>
            {t('usermenu.saveaccount')}
          </MenuItem>
        )}
        {me.guest && <Divider />}
        {me.superAdmin && (
          <MenuItem
            data-testid="usermenu-creators"
            onClick={() => {
              close();
              setCreatorsOpen(true);
            }}
          >
            <ListItemIcon>
              <GroupAddIcon fontSize="small" />
            </ListItemIcon>
            {t('usermenu.creators')}
          </MenuItem>
        )}
        {me.superAdmin && (
          <MenuItem
            data-testid="usermenu-events"
            onClick={() => {
              close();
              setEventsOpen(true);
            }}
          >
            <ListItemIcon>
              <EventNoteIcon fontSize="small" />
            </ListItemIcon>
            {t('usermenu.events')}
          </MenuItem>
        )}
        {me.superAdmin && (
          <MenuItem
            data-testid="usermenu-debug"
            onClick={() => {
              close();
              setDebugOpen(true);
            }}
          >
            <ListItemIcon>
              <BugReportIcon fontSize="small" />
            </ListItemIcon>
            {t('usermenu.debug')}
          </MenuItem>
        )}
        {me.superAdmin && (
          <MenuItem
            data-testid="usermenu-log"
            onClick={() => {
              close();
              void navigate('/admin/log');
            }}
          >
            <ListItemIcon>
              <HistoryIcon fontSize="small" />
            </ListItemIcon>
            {t('usermenu.log')}
          </MenuItem>
        )}
        {translator && (
          <MenuItem
            data-testid="usermenu-translations"
            onClick={() => {
              close();
              setTranslatorOpen(true);
            }}
          >
            <ListItemIcon>
              <TranslateIcon fontSize="small" />
            </ListItemIcon>
            {t('usermenu.translations')}
          </MenuItem>
        )}
        {accounting && (
          <MenuItem
            data-testid="usermenu-accounting"
            onClick={() => {
              close();
              setAccountingOpen(true);
            }}
          >
            <ListItemIcon>
              <InventoryIcon fontSize="small" />
            </ListItemIcon>
            {t('usermenu.accounting')}
          </MenuItem>
        )}
        {me.superAdmin && <Divider />}
        <MenuItem
          data-testid="usermenu-cups"
          onClick={() => {
            close();
            setCupsOpen(true);
          }}
        >
          <ListItemIcon>
            <EmojiEventsIcon fontSize="small" />
          </ListItemIcon>
          {t('cup.manage.menu')}
        </MenuItem>
        <MenuItem
          data-testid="usermenu-account"
          onClick={() => {
            close();
            void navigate('/account');
          }}
        >
          <ListItemIcon>
            <ManageAccountsIcon fontSize="small" />
          </ListItemIcon>
          {t('usermenu.account')}
        </MenuItem>
        <MenuItem
          data-testid="usermenu-deleteaccount"
          onClick={() => {
            close();
            void navigate('/accountdelete');
          }}
        >
          <ListItemIcon>
            <DeleteForeverIcon fontSize="small" />
          </ListItemIcon>
          {t('usermenu.deleteaccount')}
        </MenuItem>
        <MenuItem
          data-testid="usermenu-signout"
          disabled={signOut.isPending}
          onClick={() => {
            close();
            signOut.mutate(undefined, { onSuccess: () => notify(t('auth.signedout'), 'info') });
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          {t('auth.signout')}
        </MenuItem>
      </Menu>
      {cupsOpen && (
        <Suspense fallback={null}>
          <CupManagerDialog onClose={() => setCupsOpen(false)} />
        </Suspense>
      )}
      {me.superAdmin && eventsOpen && (
        <Suspense fallback={null}>
          <EventsManagerDialog onClose={() => setEventsOpen(false)} />
        </Suspense>
      )}
      {me.superAdmin && debugOpen && (
        <Suspense fallback={null}>
          <DebugToolsDialog onClose={() => setDebugOpen(false)} />
        </Suspense>
      )}
      {translator && translatorOpen && (
        <Suspense fallback={null}>
          <TranslationEditorDialog onClose={() => setTranslatorOpen(false)} />
        </Suspense>
      )}
      {accounting && accountingOpen && (
        <Suspense fallback={null}>
          <AccountingDialog onClose={() => setAccountingOpen(false)} />
        </Suspense>
      )}
      {me.superAdmin && creatorsOpen && (
        <Suspense fallback={null}>
          <CreatorsDialog open onClose={() => setCreatorsOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
