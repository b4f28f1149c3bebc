import { FormControlLabel, Stack, Switch, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, queryKeys } from '../../api/client.ts';
import { SaveStatusIcon } from '../../components/SaveStatusIcon.tsx';
import { useAutosave } from '../settings/useAutosave.ts';
import { useSaveSettings } from '../settings/useSaveSettings.ts';

/** A typed distance in metres: '' clears it (null), otherwise a number ≥ 0. */
export function parseDistance(text: string): number | null | 'invalid' {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return null;
  const n = Number(trimmed);
  return Number.isFinite(n) && n >= 0 ? n : 'invalid';
}

/**
 * The two event settings the old checkpoint dialog shows: the global max answer distance
 * (`maxmarkingdistance`, autosaved a second after typing stops) and 'show KPs in web'
 * (`kpsinweb`, saved at once).
 */
export function OldKpSettings({ eventId, disabled }: { eventId: string; disabled: boolean }) {
  const { t } = useTranslation();
  const settings = useQuery({
    queryKey: queryKeys.settings(eventId),
    queryFn: () => api.settings(eventId),
  });
  const { saveSetting } = useSaveSettings(eventId);
  const stored = settings.data?.settings;
  const distance = stored?.maxmarkingdistance;
  const distanceField = useAutosave<string>({
    id: 'kp.maxmarkingdistance',
    serverDraft: typeof distance === 'number' ? String(distance) : '',
    validate: (d) => (parseDistance(d) === 'invalid' ? 'kp.error.number' : null),
    save: (d) => saveSetting('maxmarkingdistance', parseDistance(d)),
  });
  const inWeb = useAutosave<boolean>({
    id: 'kp.kpsinweb',
    serverDraft: stored?.kpsinweb === true,
    validate: () => null,
    save: (d) => saveSetting('kpsinweb', d),
  });
  const loading = settings.isPending || settings.isError;

  return (
    <Stack direction="row" sx={{ gap: 3, alignItems: 'center', flexWrap: 'wrap' }}>
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center' }}>
        <TextField
          label={t('kp.old.maxdistance')}
          value={distanceField.draft}
          onChange={(e) => distanceField.change(e.target.value)}
          onBlur={distanceField.flush}
          error={distanceField.error !== null}
          helperText={distanceField.error ? t(distanceField.error) : t('kp.old.maxdistance.help')}
          disabled={disabled || loading}
          slotProps={{
            htmlInput: { inputMode: 'decimal', 'data-testid': 'olddialog-maxdistance' },
          }}
          sx={{ width: 240 }}
        />
        <SaveStatusIcon status={distanceField.status} testId="olddialog-maxdistance-status" />
      </Stack>
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center' }}>
        <FormControlLabel
          control={
            <Switch
              checked={inWeb.draft}
              disabled={disabled || loading}
              onChange={(e) => inWeb.change(e.target.checked, { immediate: true })}
              slotProps={{ input: { 'data-testid': 'olddialog-kpsinweb' } as object }}
            />
          }
          label={t('kp.old.kpsinweb')}
        />
        <SaveStatusIcon status={inWeb.status} />
      </Stack>
    </Stack>
  );
}
