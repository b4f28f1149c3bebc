import { Suspense, lazy } from 'react';
import {
  AppBar,
  Box,
  Button,
  CircularProgress,
  Container,
  Toolbar,
  Typography,
} from '@mui/material';
import LoginIcon from '@mui/icons-material/Login';
import { Link, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMe } from '../auth/useMe.ts';
import { SignInProvider, useOpenSignIn } from '../auth/SignInProvider.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { LoadingState } from '../../components/States.tsx';

// The signed-in user's menu loads only for a signed-in user.
const UserMenu = lazy(() => import('../auth/UserMenu.tsx').then((m) => ({ default: m.UserMenu })));

function AccountArea() {
  const { t } = useTranslation();
  const me = useMe();
  const openSignIn = useOpenSignIn();
  if (me.isPending) return <CircularProgress size={20} color="inherit" />;
  if (me.data) {
    return (
      <Suspense fallback={<CircularProgress size={20} color="inherit" />}>
        <UserMenu me={me.data} />
      </Suspense>
    );
  }
  return (
    <Button
      color="inherit"
      variant="outlined"
      startIcon={<LoginIcon />}
      onClick={openSignIn}
      data-testid="signin-open"
    >
      {t('auth.signin')}
    </Button>
  );
}

/** The frame of every page: app bar (home link, language, account) and the routed page. */
export function AppShell() {
  const { t } = useTranslation();
  return (
    <SignInProvider>
      <AppBar position="sticky" sx={{ '@media print': { display: 'none' } }}>
        <Toolbar sx={{ gap: 1 }}>
          <Typography
            variant="h6"
            component={Link}
            to="/"
            data-testid="app-home"
            sx={{ color: 'inherit', textDecoration: 'none', fontWeight: 700, letterSpacing: 1 }}
          >
            {t('app.name')}
          </Typography>
          <Box sx={{ flex: 1 }} />
          <LanguageSwitch />
          <AccountArea />
        </Toolbar>
      </AppBar>
      <Container
        maxWidth="lg"
        component="main"
        sx={{ py: 3, '@media print': { py: 0, maxWidth: 'none' } }}
      >
        {/* A page's chunk loads on its first visit; later navigations keep the page until then. */}
        <Suspense fallback={<LoadingState testId="page-loading" />}>
          <Outlet />
        </Suspense>
      </Container>
    </SignInProvider>
  );
}
