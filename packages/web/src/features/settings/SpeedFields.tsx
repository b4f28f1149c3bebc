import { Box, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { SPEED_KEYS } from '@rada/core';
import type { SettingsPatch, SpeedKey } from '@rada/core';
import { SaveStatusIcon } from '../../components/SaveStatusIcon.tsx';
import { TextSettingInput } from './SettingInputs.tsx';
import { parseNumberText } from './settingValue.ts';
import { useAutosave } from './useAutosave.ts';

const SPEED_UNITS: Record<SpeedKey, 'kmh' | 's'> = {
  limit: 'kmh',
  over1: 'kmh',
  delay1: 's',
  over2: 'kmh',
  delay2: 's',
};

/** Checks a typed speed setting: empty (clears) or a number not below zero. */
export function speedProblem(text: string): string | null {
  const n = parseNumberText(text);
  if (n === 'bad') return 'settings.error.notanumber';
  if (n !== null && n < 0) return 'settings.error.invalid';
  return null;
}

function SpeedField({
  speedKey,
  value,
  helper,
  patchSettings,
}: {
  speedKey: SpeedKey;
  value: number | undefined;
  helper?: string;
  patchSettings: (patch: SettingsPatch) => Promise<void>;
}) {
  const { t } = useTranslation();
  const field = useAutosave<string>({
    id: `speed-${speedKey}`,
    serverDraft: value === undefined ? '' : String(value),
    validate: speedProblem,
    save: async (text) => {
      const n = parseNumberText(text);
      await patchSettings({ speed: { [speedKey]: n === 'bad' ? null : n } });
    },
  });
  return (
    <Stack direction="row" sx={{ gap: 1, alignItems: 'flex-start' }}>
      <Box sx={{ flex: 1 }}>
        <TextSettingInput
          label={t(`settings.speed.${speedKey}`)}
          testId={`settings-speed-${speedKey}`}
          error={field.error ? t(field.error, { defaultValue: t('error.unknown') }) : null}
          value={field.draft}
          onChange={(v) => field.change(v)}
          onBlur={field.flush}
          unit={t(`settings.unit.${SPEED_UNITS[speedKey]}`)}
          helper={helper}
          variant="number"
        />
      </Box>
      <Box sx={{ width: 24, pt: 1, display: 'flex', justifyContent: 'center' }}>
        <SaveStatusIcon status={field.status} testId={`settings-status-speed-${speedKey}`} />
      </Box>
    </Stack>
  );
}

/**
 * The event document's speed monitoring settings (limit, over1, delay1, over2, delay2). An empty
 * limit is the event type's (`typeLimit`, null: none), which its helper text says.
 */
export function SpeedFields({
  speed,
  typeLimit,
  patchSettings,
}: {
  speed: Record<string, number>;
  typeLimit: number | null;
  patchSettings: (patch: SettingsPatch) => Promise<void>;
}) {
  const { t } = useTranslation();
  const limitHelp =
    typeLimit === null
      ? t('settings.speed.limit.help.none')
      : t('settings.speed.limit.help', { limit: typeLimit });
  return (
    <Stack sx={{ gap: 2 }}>
      {SPEED_KEYS.map((k) => (
        <SpeedField
          key={k}
          speedKey={k}
          value={speed[k]}
          helper={k === 'limit' ? limitHelp : undefined}
          patchSettings={patchSettings}
        />
      ))}
    </Stack>
  );
}
