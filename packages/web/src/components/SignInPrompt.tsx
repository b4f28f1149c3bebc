import { Alert, Button } from '@mui/material';
import LoginIcon from '@mui/icons-material/Login';
import { useTranslation } from 'react-i18next';

/** An info box saying why to sign in, with the sign-in button at its end. */
export function SignInPrompt({
  text,
  onSignIn,
  testId,
  buttonTestId,
}: {
  text: string;
  onSignIn: () => void;
  testId: string;
  buttonTestId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="info"
      data-testid={testId}
      action={
        <Button
          color="inherit"
          startIcon={<LoginIcon />}
          onClick={onSignIn}
          sx={{ whiteSpace: 'nowrap' }}
          data-testid={buttonTestId}
        >
          {t('auth.signin')}
        </Button>
      }
    >
      {text}
    </Alert>
  );
}
