import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import { accountLabel } from '@rada/core';
import type { EventSummary } from '@rada/core';
import { SignInPrompt } from '../../components/SignInPrompt.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../components/States.tsx';
import { useDialogState } from '../../hooks/useDialogState.ts';
import { useMe } from '../auth/useMe.ts';
import { useOpenSignIn } from '../auth/SignInProvider.tsx';
import { CreateEventDialog } from '../createEvent/CreateEventDialog.tsx';
import { EventList } from '../events/EventList.tsx';
import { useEventLists } from '../events/useEvent.ts';
import { HomeJoinCodeBox } from '../joinCodes/HomeJoinCodeBox.tsx';
import { NewsList } from '../news/NewsList.tsx';

function Section({
  title,
  events,
  empty,
  testId,
  action,
}: {
  title: string;
  events: EventSummary[];
  empty: string;
  testId: string;
  action?: React.ReactNode;
}) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1, gap: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          {title}
        </Typography>
        {action}
      </Stack>
      {events.length === 0 ? (
        <EmptyState text={empty} testId={`${testId}-empty`} />
      ) : (
        <EventList events={events} testId={testId} />
      )}
    </Paper>
  );
}

/**
 * The start page: the caller's events, upcoming public events, creating an event, looking up
 * a join code, and the news.
 */
export function HomePage() {
  const { t } = useTranslation();
  const me = useMe();
  const lists = useEventLists();
  const openSignIn = useOpenSignIn();
  const dialog = useDialogState();

  // Only creators may create events; anyone else signed in is told whom to ask, and for which
  // account, instead of a button that leads to a refusal.
  const createButton = me.data?.creator ? (
    <Button
      variant="contained"
      startIcon={<AddIcon />}
      onClick={dialog.show}
      data-testid="home-createevent"
    >
      {t('home.createevent')}
    </Button>
  ) : me.data ? (
    <Typography
      variant="body2"
      color="text.secondary"
      sx={{ maxWidth: 360, textAlign: 'right' }}
      data-testid="home-askcreator"
    >
      {t('home.askcreator', { email: accountLabel(me.data) })}
    </Typography>
  ) : null;

  return (
    <Stack sx={{ gap: 3 }}>
      {me.data === null && (
        <SignInPrompt
          text={t('home.signinprompt')}
          onSignIn={openSignIn}
          testId="home-signinprompt"
          buttonTestId="home-signin"
        />
      )}
      {lists.isPending ? (
        <LoadingState />
      ) : lists.isError ? (
        <ErrorState message={t('home.loaderror')} onRetry={() => void lists.refetch()} />
      ) : (
        <>
          {me.data && (
            <Section
              title={t('home.myevents')}
              events={lists.data.mine}
              empty={t('home.nomine')}
              testId="home-myevents"
              action={createButton}
            />
          )}
          <Section
            title={t('home.upcoming')}
            events={lists.data.upcoming}
            empty={t('home.noupcoming')}
            testId="home-upcoming"
          />
        </>
      )}
      {lists.isPending && me.data && <Box>{createButton}</Box>}
      <NewsList />
      <HomeJoinCodeBox />
      <CreateEventDialog key={dialog.key} open={dialog.open} onClose={dialog.hide} />
    </Stack>
  );
}
