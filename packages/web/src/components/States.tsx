import { useEffect, useState } from 'react';
import { Alert, Box, Button, CircularProgress, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { PROGRESS_SHOW_DELAY_MS } from '@rada/core';
import { errorText } from '../i18n/errorText.ts';

/**
 * A centred spinner for a part of the page that is loading; it appears only after
 * PROGRESS_SHOW_DELAY_MS so quick loads do not flash.
 */
export function LoadingState({ testId = 'loading' }: { testId?: string }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), PROGRESS_SHOW_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!shown) return <Box data-testid={testId} role="status" sx={{ minHeight: 72 }} />;
  return (
    <Box
      data-testid={testId}
      role="status"
      sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 4, justifyContent: 'center' }}
    >
      <CircularProgress size={24} />
      <Typography color="text.secondary">{t('common.loading')}</Typography>
    </Box>
  );
}

/** An error box with the translated message and an optional retry button. */
export function ErrorState({
  error,
  message,
  onRetry,
}: {
  error?: unknown;
  message?: string;
  onRetry?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="error"
      data-testid="error-state"
      action={
        onRetry ? (
          <Button color="inherit" size="small" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        ) : undefined
      }
    >
      {message ?? errorText(t, error)}
    </Alert>
  );
}

/** A quiet line for a list with nothing in it. */
export function EmptyState({ text, testId }: { text: string; testId?: string }) {
  return (
    <Typography color="text.secondary" sx={{ py: 2 }} data-testid={testId}>
      {text}
    </Typography>
  );
}
