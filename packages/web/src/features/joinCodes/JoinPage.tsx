import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { Alert, Box, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import GroupAddIcon from '@mui/icons-material/GroupAdd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { joinPath } from '@rada/core';
import type { JoinCodeInfo, JoinResult } from '@rada/core';
import { api, queryKeys } from '../../api/client.ts';
import { SignInPrompt } from '../../components/SignInPrompt.tsx';
import { ErrorState, LoadingState } from '../../components/States.tsx';
import { errorKey, errorText } from '../../i18n/errorText.ts';
import { useOpenSignIn } from '../auth/SignInProvider.tsx';
import { RegClassField } from '../registration/RegClassField.tsx';
import { useMe } from '../auth/useMe.ts';
import { GuestSignInButton } from '../participant/SignInChoices.tsx';
import { formatEventDates } from '../events/formatEventDates.ts';
import { useEvent } from '../events/useEvent.ts';
import { CodeEntryForm } from './CodeEntryForm.tsx';
import { normalizeCodeInput } from './joinCodeText.ts';

/**
 * `/:evid/join/:code` and `/:evid/join` (spec 01 §3 Join code): what the code is for, why it
 * cannot be used when it cannot, and joining with it once signed in. Without a code, a field to
 * type one.
 */
export function JoinPage() {
  const { evid = '', code: rawCode } = useParams();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const code = rawCode === undefined ? undefined : normalizeCodeInput(rawCode);
  // Without a code the page names the event when the visitor may see it.
  const event = useEvent(code === undefined ? evid : undefined);

  return (
    <Box data-testid="join-page" sx={{ maxWidth: 560, mx: 'auto', p: { xs: 0, sm: 2 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
          {t('joinc.page.title')}
        </Typography>
        {code === undefined ? (
          <Stack sx={{ gap: 2 }}>
            {event.data && (
              <Typography variant="h6" component="h2" data-testid="join-eventname">
                {event.data.name}
              </Typography>
            )}
            <Typography>{t('joinc.page.typecode')}</Typography>
            <CodeEntryForm testId="join-code" onSubmit={(c) => void navigate(joinPath(evid, c))} />
          </Stack>
        ) : (
          <JoinWithCode key={code} code={code} evid={evid} />
        )}
      </Paper>
    </Box>
  );
}

function JoinWithCode({ code, evid }: { code: string; evid: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const info = useQuery({
    queryKey: queryKeys.joinCodeInfo(code),
    queryFn: () => api.joinCodeInfo(code),
  });

  if (info.isPending) return <LoadingState />;
  if (info.isError) {
    const key = errorKey(info.error);
    return (
      <Stack sx={{ gap: 2 }}>
        {key === 'joinc.error.notfound' ? (
          <Alert severity="error" data-testid="join-problem" data-problem="notfound">
            {t('joinc.page.notfound', { code })}
          </Alert>
        ) : (
          <ErrorState error={info.error} onRetry={() => void info.refetch()} />
        )}
        <Typography>{t('joinc.page.tryother')}</Typography>
        <CodeEntryForm testId="join-code" onSubmit={(c) => void navigate(joinPath(evid, c))} />
      </Stack>
    );
  }
  return <CodeDetails info={info.data} />;
}

function CodeDetails({ info }: { info: JoinCodeInfo }) {
  const { t } = useTranslation();
  // Kept here: after the use the code's status may read 'used', yet the success stays shown.
  const [result, setResult] = useState<JoinResult | null>(null);
  return (
    <Stack sx={{ gap: 2 }}>
      <Box>
        <Typography variant="h6" component="h2" data-testid="join-eventname">
          {info.eventName}
        </Typography>
        {info.starttime !== null && (
          <Typography color="text.secondary" data-testid="join-eventdate">
            {t('joinc.page.starts', { date: formatEventDates(info.starttime, null) })}
          </Typography>
        )}
      </Box>
      <Box>
        <Typography variant="caption" color="text.secondary">
          {t('joinc.code')}
        </Typography>
        <Typography
          data-testid="join-code-shown"
          sx={{
            fontFamily: 'monospace',
            fontSize: '1.75rem',
            fontWeight: 700,
            letterSpacing: '0.12em',
          }}
        >
          {info.code}
        </Typography>
        {info.singleteam && info.teamName && (
          <Typography>{t('joinc.page.forteam', { team: info.teamName })}</Typography>
        )}
      </Box>
      {result ? (
        <JoinSuccess result={result} />
      ) : info.status === 'ok' ? (
        <JoinForm info={info} onJoined={setResult} />
      ) : (
        <Alert severity="warning" data-testid="join-problem" data-problem={info.status}>
          {t(`joinc.page.${info.status}`)}
        </Alert>
      )}
    </Stack>
  );
}

function JoinForm({
  info,
  onJoined,
}: {
  info: JoinCodeInfo;
  onJoined: (result: JoinResult) => void;
}) {
  const { t } = useTranslation();
  const me = useMe();
  const openSignIn = useOpenSignIn();
  const queryClient = useQueryClient();
  // A single-team code of an existing team attaches the user to it; any other code may create one,
  // in a class of the event's when it has classes (as registration).
  const namesTeam = !(info.singleteam && info.teamName);
  const [teamName, setTeamName] = useState<string | null>(null);
  const [klass, setKlass] = useState('');
  const [tried, setTried] = useState(false);
  const classMissing = namesTeam && info.classRequired && klass === '';
  const join = useMutation({
    mutationFn: (name: string) =>
      api.useJoinCode({
        code: info.code,
        ...(namesTeam && name ? { teamName: name } : {}),
        ...(namesTeam && klass !== '' ? { klassid: klass } : {}),
      }),
    onSuccess: (result) => {
      onJoined(result);
      void queryClient.invalidateQueries({ queryKey: queryKeys.events });
      void queryClient.invalidateQueries({ queryKey: queryKeys.joinCodeInfo(info.code) });
    },
  });

  if (me.isPending) return <LoadingState />;
  if (!me.data) {
    // A participant may also join as this phone's guest, as on /play.
    return (
      <Stack sx={{ gap: 2 }}>
        <SignInPrompt
          text={t('joinc.page.signin')}
          onSignIn={openSignIn}
          testId="join-signinprompt"
          buttonTestId="join-signin"
        />
        <GuestSignInButton testId="join-guest" />
      </Stack>
    );
  }
  const name = teamName ?? me.data.displayName;
  return (
    <Stack
      component="form"
      sx={{ gap: 2 }}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setTried(true);
        if (!classMissing) join.mutate(name.trim());
      }}
    >
      {namesTeam && (
        <TextField
          label={t('joinc.page.teamname')}
          helperText={t('joinc.page.teamnamehelp')}
          value={name}
          onChange={(e) => setTeamName(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'join-teamname' } }}
        />
      )}
      {namesTeam && (
        <RegClassField
          view={info}
          value={klass}
          onChange={setKlass}
          error={tried && classMissing}
          disabled={join.isPending}
        />
      )}
      {join.isError && (
        <Alert severity="error" data-testid="join-error">
          {errorText(t, join.error)}
        </Alert>
      )}
      <Button
        type="submit"
        variant="contained"
        size="large"
        startIcon={<GroupAddIcon />}
        loading={join.isPending}
        disabled={namesTeam && name.trim() === ''}
        data-testid="join-submit"
      >
        {t('joinc.page.join')}
      </Button>
    </Stack>
  );
}

function JoinSuccess({ result }: { result: JoinResult }) {
  const { t } = useTranslation();
  return (
    <Stack sx={{ gap: 2 }} data-testid="join-success" data-allowed={String(result.allowed)}>
      <Alert severity="success">
        {t(result.created ? 'joinc.page.created' : 'joinc.page.joined', { team: result.teamName })}
      </Alert>
      {!result.allowed && (
        <Alert severity="info" data-testid="join-needsconfirm">
          {t('joinc.page.needsconfirm')}
        </Alert>
      )}
      <Button
        component={RouterLink}
        to={`/${encodeURIComponent(result.eventId)}/play?team=${encodeURIComponent(result.teamId)}`}
        variant="contained"
        data-testid="join-playlink"
      >
        {t('joinc.page.toplay')}
      </Button>
      <Button
        component={RouterLink}
        to={`/${encodeURIComponent(result.eventId)}`}
        variant="outlined"
        data-testid="join-eventlink"
      >
        {t('joinc.page.toevent')}
      </Button>
    </Stack>
  );
}
