import { Paper, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { joinPath } from '@rada/core';
import { api } from '../../api/client.ts';
import { errorText } from '../../i18n/errorText.ts';
import { CodeEntryForm } from './CodeEntryForm.tsx';

/** "Have a join code?" on the start page: looks the code up and opens its join page. */
export function HomeJoinCodeBox() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const lookup = useMutation({
    mutationFn: (code: string) => api.joinCodeInfo(code),
    onSuccess: (info) => void navigate(joinPath(info.eventId, info.code)),
  });
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="home-joincode">
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('joinc.home.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1.5 }}>
        {t('joinc.home.text')}
      </Typography>
      <CodeEntryForm
        testId="home-joincode"
        busy={lookup.isPending}
        error={lookup.isError ? errorText(t, lookup.error) : undefined}
        onSubmit={(code) => lookup.mutate(code)}
        onEdit={() => {
          if (lookup.isError) lookup.reset();
        }}
      />
    </Paper>
  );
}
