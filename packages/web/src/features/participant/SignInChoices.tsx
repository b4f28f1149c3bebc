import { Alert, Button, Stack, Typography } from '@mui/material';
import LoginIcon from '@mui/icons-material/Login';
import PersonOutlineIcon from '@mui/icons-material/PersonOutlined';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../i18n/errorText.ts';
import { useOpenSignIn } from '../auth/SignInProvider.tsx';
import { useGuestSignIn } from './useGuestSignIn.ts';

/**
 * The ways in for a participant who is signed out: sign in or sign up, or go on without an
 * account as this device's guest. `text` says what signing in is for; the buttons are
 * `{testId}-signin` and `{testId}-guest`.
 */
export function SignInChoices({ text, testId }: { text: string; testId: string }) {
  const { t } = useTranslation();
  const openSignIn = useOpenSignIn();
  return (
    <Stack sx={{ gap: 1 }} data-testid={`${testId}-choices`}>
      <Typography sx={{ mb: 1 }}>{text}</Typography>
      <Button
        variant="contained"
        size="large"
        startIcon={<LoginIcon />}
        onClick={openSignIn}
        data-testid={`${testId}-signin`}
      >
        {t('play.home.signin')}
      </Button>
      <GuestSignInButton testId={`${testId}-guest`} />
    </Stack>
  );
}

/**
 * "Go on without an account": signs this device in as its guest (useGuestSignIn), with a word on
 * what a guest account is and any failure under it.
 */
export function GuestSignInButton({ testId }: { testId: string }) {
  const { t } = useTranslation();
  const guest = useGuestSignIn();
  return (
    <Stack sx={{ gap: 1 }}>
      <Button
        variant="outlined"
        size="large"
        startIcon={<PersonOutlineIcon />}
        loading={guest.isPending}
        onClick={() => guest.mutate()}
        data-testid={testId}
      >
        {t('play.home.guest')}
      </Button>
      <Typography variant="body2" color="text.secondary">
        {t('play.home.guesthelp')}
      </Typography>
      {guest.isError && <Alert severity="error">{errorText(t, guest.error)}</Alert>}
    </Stack>
  );
}
