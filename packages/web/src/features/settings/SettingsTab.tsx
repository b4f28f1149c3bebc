import { Box, Paper, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SETTINGS, SETTING_GROUPS } from '@rada/core';
import type { EventSummary, SettingGroup } from '@rada/core';
import { api, queryKeys } from '../../api/client.ts';
import { ErrorState, LoadingState } from '../../components/States.tsx';
import { SaveIndicator, SaveStatusProvider } from './saveStatus.tsx';
import { EventRecordFields } from './EventRecordFields.tsx';
import { SettingField } from './SettingField.tsx';
import { SpeedFields } from './SpeedFields.tsx';
import { SpeedAreasEditor } from '../speedAreas/SpeedAreasEditor.tsx';
import { useSaveSettings } from './useSaveSettings.ts';
import { ScoringSection } from '../scoring/ScoringSection.tsx';
import { isScoringKey } from '../scoring/scoringDraft.ts';

function Section({
  title,
  testId,
  children,
}: {
  title: string;
  testId: string;
  children: React.ReactNode;
}) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} data-testid={testId} component="section">
      <Typography variant="h6" component="h3" sx={{ mb: 2 }}>
        {title}
      </Typography>
      <Stack sx={{ gap: 2.5 }}>{children}</Stack>
    </Paper>
  );
}

/** Where the speed section sits among the setting groups. */
const SPEED_AFTER: SettingGroup = 'scoring';
/** The group that holds the scoring editors (features/scoring), which replace their keys' fields. */
const SCORING_IN: SettingGroup = 'scoring';

/**
 * The settings tab: the event record (name, times, hidden), every setting of SETTINGS grouped
 * by SETTING_GROUPS, and the speed settings — all autosaved a second after typing stops.
 */
export function SettingsTab({ event }: { event: EventSummary }) {
  const { t } = useTranslation();
  const settings = useQuery({
    queryKey: queryKeys.settings(event.id),
    queryFn: () => api.settings(event.id),
  });
  const { patchSettings, patchEvent, saveSetting } = useSaveSettings(event.id);

  return (
    <SaveStatusProvider>
      {(status) => (
        <Stack sx={{ gap: 2 }} data-testid="settings-page">
          <Box
            sx={{
              position: 'sticky',
              top: { xs: 56, sm: 64 },
              zIndex: 2,
              py: 1,
              bgcolor: 'background.default',
              display: 'flex',
              alignItems: 'center',
              gap: 2,
            }}
          >
            <Typography variant="h5" component="h2" sx={{ flex: 1 }}>
              {t('settings.title')}
            </Typography>
            <SaveIndicator status={status} />
          </Box>
          <Section title={t('settings.group.event')} testId="settings-group-event">
            <EventRecordFields event={event} patchEvent={patchEvent} />
          </Section>
          {settings.isPending ? (
            <LoadingState />
          ) : settings.isError ? (
            <ErrorState message={t('settings.loaderror')} onRetry={() => void settings.refetch()} />
          ) : (
            SETTING_GROUPS.map((group) => (
              <Stack key={group} sx={{ gap: 2 }}>
                <Section title={t(`settings.group.${group}`)} testId={`settings-group-${group}`}>
                  {SETTINGS.filter((s) => s.group === group && !isScoringKey(s.key)).map((desc) => (
                    <SettingField
                      key={desc.key}
                      desc={desc}
                      value={settings.data.settings[desc.key]}
                      onSave={saveSetting}
                      eventId={event.id}
                    />
                  ))}
                  {group === SCORING_IN && (
                    <ScoringSection
                      settings={settings.data.settings}
                      onSave={(values) => patchSettings({ settings: values })}
                    />
                  )}
                </Section>
                {group === SPEED_AFTER && (
                  <Section title={t('settings.group.speed')} testId="settings-group-speed">
                    <SpeedFields speed={settings.data.speed} patchSettings={patchSettings} />
                  </Section>
                )}
                {group === SPEED_AFTER && <SpeedAreasEditor event={event} />}
              </Stack>
            ))
          )}
        </Stack>
      )}
    </SaveStatusProvider>
  );
}
