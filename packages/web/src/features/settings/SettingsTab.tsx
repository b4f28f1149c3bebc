import { Suspense, lazy, useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { Box, Chip, InputAdornment, Paper, Stack, TextField, Typography } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  SETTINGS,
  SETTING_GROUPS,
  SPEED_KEYS,
  eventTypeOf,
  isRichTextSetting,
  localisedText,
  textCopies,
} from '@rada/core';
import type { EventSummary, SettingGroup } from '@rada/core';
import { api, queryKeys } from '../../api/client.ts';
import { ErrorState, EmptyState, LoadingState } from '../../components/States.tsx';
import { SaveIndicator, SaveStatusProvider } from './saveStatus.tsx';
import { EventRecordFields } from './EventRecordFields.tsx';
import { SettingField } from './SettingField.tsx';
import { RichTextField } from '../richText/RichTextField.tsx';
import { SpeedSection, speedSectionOpenByDefault } from './SpeedSection.tsx';
import { SpeedAreasEditor } from '../speedAreas/SpeedAreasEditor.tsx';
import { useSpeedAreas } from '../speedAreas/useSpeedAreas.ts';
import { useSaveSettings } from './useSaveSettings.ts';
import { ScoringSection } from '../scoring/ScoringSection.tsx';
import { isScoringKey } from '../scoring/scoringDraft.ts';
import { matchesSearch } from './settingsSearch.ts';
import { ArchivePanel } from '../archive/ArchivePanel.tsx';

// The event's own map images (features/mapImages), after the map group; loaded with it.
const MapImagesPanel = lazy(() => import('../mapImages/MapImagesPanel.tsx'));

/** The group that holds the scoring editors (features/scoring), which replace their keys' fields. */
const SCORING_IN: SettingGroup = 'scoring';
/** The group that holds the speed limits (evdoc.speed) and, after it, the speed areas. */
const SPEED_IN: SettingGroup = 'speed';
/** The group after which the event's map images are listed. */
const MAP_IMAGES_AFTER: SettingGroup = 'map';

/** The sections of the tab in order: the event record, then the setting groups. */
type SectionKey = 'event' | SettingGroup;
const SECTIONS: readonly SectionKey[] = ['event', ...SETTING_GROUPS];
/** The element id of a section, the target of `#settings-{key}` links (the dashboard's steps). */
const sectionId = (key: SectionKey) => `settings-${key}`;
/** Labels of the event record's fields (EventRecordFields), for the search. */
const EVENT_FIELD_LABELS = [
  'settings.event.name',
  'settings.event.starttime',
  'settings.event.endtime',
  'settings.event.hidden',
];

function Section({ section, children }: { section: SectionKey; children: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <Paper
      variant="outlined"
      // Clear of the sticky header when a link or the section menu scrolls here.
      sx={{ p: { xs: 2, sm: 3 }, scrollMarginTop: { xs: 190, sm: 160 } }}
      data-testid={`settings-group-${section}`}
      id={sectionId(section)}
      component="section"
    >
      <Typography variant="h6" component="h3" sx={{ mb: 2 }}>
        {t(`settings.group.${section}`)}
      </Typography>
      <Stack sx={{ gap: 2.5 }}>{children}</Stack>
    </Paper>
  );
}

/**
 * The settings tab: the event record (name, times, hidden) and every setting of SETTINGS grouped
 * by SETTING_GROUPS, the speed limits and areas in the speed group (closed for an event on foot
 * that uses none of them) — all autosaved a second after typing stops. A
 * sticky header holds the save state, a menu of the sections and a search box that keeps only
 * the settings whose name matches (or a whole section, when its name does); a `#settings-{key}`
 * address scrolls to that section.
 */
export function SettingsTab({ event }: { event: EventSummary }) {
  const { t } = useTranslation();
  const settings = useQuery({
    queryKey: queryKeys.settings(event.id),
    queryFn: () => api.settings(event.id),
  });
  const { patchSettings, patchEvent, saveSetting } = useSaveSettings(event.id);
  const [search, setSearch] = useState('');
  const { hash } = useLocation();
  const speedAreas = useSpeedAreas(event.id);
  // Opened or closed by hand; until then it follows the event type and what is set.
  const [speedOpenChosen, setSpeedOpenChosen] = useState<boolean | null>(null);
  const speedOpen =
    search.trim() !== '' ||
    hash === `#${sectionId('speed')}` ||
    (speedOpenChosen ??
      (settings.isSuccess &&
        speedSectionOpenByDefault(
          eventTypeOf(settings.data.settings),
          settings.data.settings,
          settings.data.speed,
          speedAreas.data,
        )));

  // A link to a section (the dashboard's setup steps) scrolls to it once the settings are shown.
  const loaded = settings.isSuccess;
  useEffect(() => {
    if (!hash.startsWith('#settings-') || !loaded) return;
    document.getElementById(hash.slice(1))?.scrollIntoView({ block: 'start' });
  }, [hash, loaded]);

  /** Per section: the setting keys to show (null: the whole section), or absent when hidden. */
  const shown = useMemo(() => {
    const out = new Map<SectionKey, Set<string> | null>();
    for (const section of SECTIONS) {
      const keys = SETTINGS.filter((s) => s.group === section).map((s) => s.key);
      if (search.trim() === '' || matchesSearch(search, [t(`settings.group.${section}`)])) {
        out.set(section, null);
        continue;
      }
      const matching = keys.filter((k) => matchesSearch(search, [t(`settings.${k}`)]));
      const custom =
        (section === 'event' &&
          matchesSearch(
            search,
            EVENT_FIELD_LABELS.map((k) => t(k)),
          )) ||
        (section === SPEED_IN &&
          matchesSearch(
            search,
            SPEED_KEYS.map((k) => t(`settings.speed.${k}`)),
          ));
      if (custom) out.set(section, null);
      else if (matching.length > 0) out.set(section, new Set(matching));
    }
    return out;
  }, [search, t]);

  const go = (section: SectionKey) =>
    document.getElementById(sectionId(section))?.scrollIntoView({ block: 'start' });

  const fields = (group: SettingGroup) => {
    const only = shown.get(group);
    return SETTINGS.filter(
      (s) => s.group === group && !isScoringKey(s.key) && (!only || only.has(s.key)),
    );
  };

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
            }}
          >
            <Stack direction="row" sx={{ alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
              <Typography variant="h5" component="h2" sx={{ flex: 1 }}>
                {t('settings.title')}
              </Typography>
              <SaveIndicator status={status} />
              <TextField
                size="small"
                type="search"
                value={search}
                onChange={(e) => setSearch(e.target.value)}
                placeholder={t('settings.search')}
                sx={{ width: { xs: '100%', sm: 260 } }}
                slotProps={{
                  htmlInput: {
                    'aria-label': t('settings.search'),
                    'data-testid': 'settings-search',
                  },
                  input: {
                    startAdornment: (
                      <InputAdornment position="start">
                        <SearchIcon fontSize="small" />
                      </InputAdornment>
                    ),
                  },
                }}
              />
            </Stack>
            <Stack
              component="nav"
              aria-label={t('settings.sections')}
              direction="row"
              sx={{ gap: 1, mt: 1, overflowX: 'auto', pb: 0.5 }}
              data-testid="settings-menu"
            >
              {SECTIONS.filter((s) => shown.has(s)).map((section) => (
                <Chip
                  key={section}
                  label={t(`settings.group.${section}`)}
                  onClick={() => go(section)}
                  variant="outlined"
                  size="small"
                  data-testid={`settings-menu-${section}`}
                />
              ))}
            </Stack>
          </Box>
          {shown.size === 0 && (
            <EmptyState
              text={t('settings.search.none', { search })}
              testId="settings-search-none"
            />
          )}
          {shown.has('event') && (
            <Section section="event">
              <EventRecordFields event={event} patchEvent={patchEvent} />
            </Section>
          )}
          {settings.isPending ? (
            <LoadingState />
          ) : settings.isError ? (
            <ErrorState message={t('settings.loaderror')} onRetry={() => void settings.refetch()} />
          ) : (
            SETTING_GROUPS.map((group) => {
              const inputs = fields(group).map((desc) =>
                isRichTextSetting(desc.key) ? (
                  <RichTextField
                    key={desc.key}
                    label={t(`settings.${desc.key}`)}
                    texts={{
                      default: localisedText(settings.data.settings, desc.key, null),
                      copies: textCopies(settings.data.settings, desc.key) ?? {},
                    }}
                    onSave={(lang, html) =>
                      patchSettings(
                        lang === null
                          ? { settings: { [desc.key]: html } }
                          : { copies: { [desc.key]: { [lang]: html } } },
                      )
                    }
                    testId={`setting-${desc.key}`}
                  />
                ) : (
                  <SettingField
                    key={desc.key}
                    desc={desc}
                    value={settings.data.settings[desc.key]}
                    onSave={saveSetting}
                    eventId={event.id}
                  />
                ),
              );
              return (
                <Stack key={group} sx={{ gap: 2 }}>
                  {shown.has(group) && (
                    <Section section={group}>
                      {group === SPEED_IN ? (
                        <SpeedSection
                          type={eventTypeOf(settings.data.settings)}
                          speed={settings.data.speed}
                          open={speedOpen}
                          onToggle={() => setSpeedOpenChosen(!speedOpen)}
                          patchSettings={patchSettings}
                        >
                          {inputs}
                        </SpeedSection>
                      ) : (
                        inputs
                      )}
                      {group === SCORING_IN && (
                        <ScoringSection
                          settings={settings.data.settings}
                          onSave={(values) => patchSettings({ settings: values })}
                        />
                      )}
                    </Section>
                  )}
                  {group === SPEED_IN && shown.has(group) && speedOpen && (
                    <SpeedAreasEditor event={event} />
                  )}
                  {group === MAP_IMAGES_AFTER &&
                    (shown.has(group) || matchesSearch(search, [t('mapimages.title')])) && (
                      <Suspense fallback={<LoadingState />}>
                        <MapImagesPanel event={event} />
                      </Suspense>
                    )}
                </Stack>
              );
            })
          )}
          {!search && <ArchivePanel event={event} />}
        </Stack>
      )}
    </SaveStatusProvider>
  );
}
