import { useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  IconButton,
  InputAdornment,
  InputLabel,
  MenuItem,
  Radio,
  RadioGroup,
  Select,
  Stack,
  Switch,
  TextField,
  Tooltip,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { DEFAULT_JOIN_VALIDITY, JOIN_VALIDITIES } from '@rada/core';
import type { JoinCodeView, JoinValidity } from '@rada/core';
import { api, queryKeys } from '../../api/client.ts';
import { useMutateOnce } from '../../hooks/useSubmitOnce.ts';
import { errorKey, errorText } from '../../i18n/errorText.ts';
import { useTeams } from '../teams/useTeams.ts';
import {
  isNewCodeShape,
  normalizeCodeInput,
  randomJoinCode,
  validUntilText,
} from './joinCodeText.ts';
import { useCreateJoinCode } from './useJoinCodes.ts';

/** The team picker's value for "the first use creates the team". */
const NEW_TEAM = '';

interface CreateJoinCodeDialogProps {
  eventId: string;
  /** Presets a single-team code for this team. */
  teamId?: string | null;
  onClose: () => void;
  onCreated: (code: JoinCodeView) => void;
}

/**
 * Creating a code: a random code to keep or edit, the single-team flag with an optional team,
 * and the validity. The server computes each choice's end (the end of a day in the event's time
 * zone), shown beside it, and the end of the one sent.
 */
export function CreateJoinCodeDialog({
  eventId,
  teamId,
  onClose,
  onCreated,
}: CreateJoinCodeDialogProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const [code, setCode] = useState(() => randomJoinCode());
  const [singleteam, setSingleteam] = useState(!!teamId);
  const [team, setTeam] = useState<string>(teamId ?? NEW_TEAM);
  const [validity, setValidity] = useState<JoinValidity>(DEFAULT_JOIN_VALIDITY);
  const [touched, setTouched] = useState(false);
  const teams = useTeams(eventId);
  const create = useCreateJoinCode(eventId);
  const once = useMutateOnce(create);
  // Asked afresh at each opening: a dialog opened after midnight shows the next day's ends.
  const validities = useQuery({
    queryKey: queryKeys.joinCodeValidities(eventId),
    queryFn: () => api.joinCodeValidities(eventId),
    staleTime: 0,
    gcTime: 0,
  });

  const shapeOk = isNewCodeShape(code);
  const exists = errorKey(create.error) === 'joinc.error.codeexists';
  const codeError =
    touched && !shapeOk ? t('joinc.create.badcode') : exists ? t('joinc.error.codeexists') : '';
  const otherError = create.isError && !exists ? errorText(t, create.error) : '';

  const handleCodeChange = (text: string) => {
    setTouched(true);
    setCode(normalizeCodeInput(text));
    create.reset();
  };

  const handleSubmit = () => {
    setTouched(true);
    if (!shapeOk) return;
    once.mutate(
      {
        code,
        singleteam,
        teamId: singleteam && team !== NEW_TEAM ? team : null,
        validity,
      },
      { onSuccess: onCreated },
    );
  };

  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={fullScreen}
      maxWidth="xs"
      fullWidth
      data-testid="joincode-create-dialog"
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          handleSubmit();
        }}
      >
        <DialogTitle>{t('joinc.create.title')}</DialogTitle>
        <DialogContent>
          <Stack sx={{ gap: 2, pt: 1 }}>
            <TextField
              label={t('joinc.code')}
              value={code}
              onChange={(e) => handleCodeChange(e.target.value)}
              error={codeError !== ''}
              helperText={codeError || t('joinc.create.codehelp')}
              autoFocus
              slotProps={{
                htmlInput: {
                  'data-testid': 'joincode-create-code',
                  autoCapitalize: 'characters',
                  autoComplete: 'off',
                  spellCheck: false,
                  style: { fontFamily: 'monospace', letterSpacing: '0.1em' },
                },
                input: {
                  endAdornment: (
                    <InputAdornment position="end">
                      <Tooltip title={t('joinc.create.regenerate')}>
                        <IconButton
                          edge="end"
                          aria-label={t('joinc.create.regenerate')}
                          onClick={() => {
                            setCode(randomJoinCode());
                            create.reset();
                          }}
                          data-testid="joincode-create-regenerate"
                        >
                          <AutorenewIcon />
                        </IconButton>
                      </Tooltip>
                    </InputAdornment>
                  ),
                },
              }}
            />
            <FormControlLabel
              control={
                <Switch
                  checked={singleteam}
                  onChange={(e) => setSingleteam(e.target.checked)}
                  slotProps={{ input: { 'aria-label': t('joinc.singleteam') } }}
                  data-testid="joincode-create-singleteam"
                />
              }
              label={t('joinc.create.singleteam')}
            />
            {singleteam && (
              <FormControl size="small" fullWidth>
                <InputLabel id="joincode-team-label">{t('joinc.create.team')}</InputLabel>
                <Select
                  labelId="joincode-team-label"
                  label={t('joinc.create.team')}
                  value={team}
                  onChange={(e) => setTeam(e.target.value)}
                  data-testid="joincode-create-team"
                >
                  <MenuItem value={NEW_TEAM}>{t('joinc.create.newteam')}</MenuItem>
                  {(teams.data ?? []).map((x) => (
                    <MenuItem key={x.id} value={x.id}>
                      {x.nr === null ? x.name : `${x.nr}. ${x.name}`}
                    </MenuItem>
                  ))}
                  {team !== NEW_TEAM && !teams.data?.some((x) => x.id === team) && (
                    <MenuItem value={team}>{team}</MenuItem>
                  )}
                </Select>
              </FormControl>
            )}
            <FormControl>
              <FormLabel id="joincode-validity-label">{t('joinc.create.validity')}</FormLabel>
              <RadioGroup
                aria-labelledby="joincode-validity-label"
                value={validity}
                onChange={(e) => setValidity(e.target.value as JoinValidity)}
              >
                {JOIN_VALIDITIES.map((v) => (
                  <FormControlLabel
                    key={v}
                    value={v}
                    control={<Radio size="small" />}
                    data-testid={`joincode-validity-${v}`}
                    label={
                      validities.data
                        ? t('joinc.create.validuntil', {
                            duration: t(`joinc.validity.${v}`),
                            end: validUntilText(
                              t,
                              validities.data.ends[v],
                              validities.data.timeZone,
                            ),
                          })
                        : t(`joinc.validity.${v}`)
                    }
                  />
                ))}
              </RadioGroup>
              {validities.data && (
                <FormHelperText sx={{ mx: 0 }} data-testid="joincode-create-zone">
                  {t('joinc.create.zone', { zone: validities.data.timeZone })}
                </FormHelperText>
              )}
            </FormControl>
            {otherError && <Alert severity="error">{otherError}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button
            type="submit"
            variant="contained"
            loading={once.pending}
            data-testid="joincode-create-submit"
          >
            {t('joinc.create.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
