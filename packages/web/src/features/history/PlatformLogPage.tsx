import { useState } from 'react';
import { Alert, Box, Paper, TextField, Typography } from '@mui/material';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AUDIT_KINDS, AUDIT_SEARCH_MAX_LENGTH } from '@rada/core';
import type { AuditKind, UserRecord } from '@rada/core';
import { api, queryKeys } from '../../api/client.ts';
import { SignInPrompt } from '../../components/SignInPrompt.tsx';
import { LoadingState } from '../../components/States.tsx';
import { useDebouncedValue } from '../../hooks/useDebouncedValue.ts';
import { useMe } from '../auth/useMe.ts';
import { useOpenSignIn } from '../auth/SignInProvider.tsx';
import { UserSearchField } from '../users/UserSearchField.tsx';
import { LogEntries, LogKindAndTimes, useLogFilter } from './logParts.tsx';

/** The search asks the server once typing pauses this long. */
const SEARCH_DELAY_MS = 500;

/**
 * The whole platform's changes log for the super admin (`/admin/log`, spec 02 §2): news,
 * translations, creator records and every event's changes, newest first; searched by a text
 * (action, event, path, name, email, value), filtered by who, what kind and when, a page of
 * AUDIT_PAGE_SIZE at a time with older ones below.
 */
function PlatformLog() {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim(), SEARCH_DELAY_MS);
  const [who, setWho] = useState<UserRecord | null>(null);
  const filter = useLogFilter();
  const query = { ...(q ? { q } : {}), ...(who ? { who: who.uid } : {}), ...filter.query };
  const log = useInfiniteQuery({
    queryKey: [...queryKeys.platformLog, query],
    queryFn: ({ pageParam }) =>
      api.platformLog({ ...query, ...(pageParam ? { before: pageParam } : {}) }),
    initialPageParam: '',
    getNextPageParam: (page) => page.next ?? undefined,
    placeholderData: keepPreviousData,
  });

  return (
    <>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          mb: 2,
          gridTemplateColumns: { xs: '1fr 1fr', lg: '2fr 2fr 1.5fr 1.5fr 1.5fr' },
          // Search, who and what take a row each on a phone; the two times share one.
          '& > :nth-of-type(-n+3)': { gridColumn: { xs: 'span 2', sm: 'auto' } },
        }}
      >
        <TextField
          label={t('log.filter.search')}
          placeholder={t('log.filter.searchhelp')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          slotProps={{
            htmlInput: { 'data-testid': 'platformlog-search', maxLength: AUDIT_SEARCH_MAX_LENGTH },
            inputLabel: { shrink: true },
          }}
        />
        <UserSearchField
          label={t('log.filter.who')}
          value={who}
          onChange={setWho}
          testId="platformlog-who"
        />
        <LogKindAndTimes
          filter={filter}
          kinds={Object.keys(AUDIT_KINDS) as AuditKind[]}
          testId="platformlog-what"
        />
      </Box>
      <LogEntries log={log} emptyText={t('log.platform.empty')} prefix="platformlog" withEvent />
    </>
  );
}

/** `/admin/log`: the platform's changes log, for super admins (the server refuses others). */
export function PlatformLogPage() {
  const { t } = useTranslation();
  const me = useMe();
  const openSignIn = useOpenSignIn();

  let body: React.ReactNode;
  if (me.isPending) {
    body = <LoadingState />;
  } else if (!me.data) {
    body = (
      <SignInPrompt
        text={t('log.platform.signedout')}
        onSignIn={openSignIn}
        testId="platformlog-signedout"
      />
    );
  } else if (!me.data.superAdmin) {
    body = (
      <Alert severity="info" data-testid="platformlog-notallowed">
        {t('log.platform.notallowed')}
      </Alert>
    );
  } else {
    body = <PlatformLog />;
  }

  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 1.5, sm: 3 }, maxWidth: 1600, mx: 'auto' }}
      data-testid="platformlog"
    >
      <Typography variant="h5" component="h1" gutterBottom>
        {t('log.platform.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('log.platform.intro')}
      </Typography>
      {body}
    </Paper>
  );
}
