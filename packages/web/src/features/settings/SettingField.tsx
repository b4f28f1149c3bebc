import { useMemo } from 'react';
import { Box, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { DEFAULT_SPEED_LIMIT_KMH, DEFAULT_TIME_ZONE } from '@rada/core';
import type { OrderRule, SettingDescriptor } from '@rada/core';
import { SaveStatusIcon } from '../../components/SaveStatusIcon.tsx';
import { DateTimeField } from '../../components/DateTimeField.tsx';
import { ApiError } from '../../api/client.ts';
import { useAutosave } from './useAutosave.ts';
import { PARTS, fromDraft, toDraft } from './settingValue.ts';
import type { SettingDraft } from './settingValue.ts';
import {
  BoolSettingInput,
  OrderRulesSettingInput,
  PartsSettingInput,
  SelectSettingInput,
  TextSettingInput,
  TimeZoneSettingInput,
} from './SettingInputs.tsx';
import type { PartGroup } from './SettingInputs.tsx';
import { RegFormEditor } from '../registration/RegFormEditor.tsx';
import { MapSettingEditor } from '../mapSettings/MapSettingEditor.tsx';
import { SpeedRangesEditor } from '../mapSettings/SpeedRangesEditor.tsx';

/** Saves one setting's value (null clears it). */
export type SaveSetting = (key: string, value: unknown) => Promise<void>;

function partGroups(desc: SettingDescriptor, t: TFunction): PartGroup[] {
  switch (desc.kind) {
    case 'latlng':
      return [
        {
          parts: [
            { part: 'lat', label: t('settings.lat') },
            { part: 'lng', label: t('settings.lng') },
          ],
        },
      ];
    case 'bounds':
      return [
        {
          title: t('settings.bounds.northeast'),
          parts: [
            { part: 'nelat', label: t('settings.lat') },
            { part: 'nelng', label: t('settings.lng') },
          ],
        },
        {
          title: t('settings.bounds.southwest'),
          parts: [
            { part: 'swlat', label: t('settings.lat') },
            { part: 'swlng', label: t('settings.lng') },
          ],
        },
      ];
    case 'dstresult':
      return [
        {
          parts: PARTS.dstresult.map((p) => ({ part: p, label: t(`settings.dstresult.${p}`) })),
        },
      ];
    case 'bool':
    case 'number':
    case 'text':
    case 'longtext':
    case 'select':
    case 'datetime':
    case 'numberlist':
    case 'orderrules':
    case 'json':
    case 'regform':
    case 'map':
    case 'speedranges':
    case 'timezone':
      return [];
  }
}

const asText = (d: SettingDraft): string => (typeof d === 'string' ? d : '');

/** One setting of SETTINGS rendered by its kind, autosaved, with its save state beside it. */
export function SettingField({
  desc,
  value,
  onSave,
  eventId,
}: {
  desc: SettingDescriptor;
  value: unknown;
  onSave: SaveSetting;
  /** The event (the map editor reads its layers and capabilities for it). */
  eventId?: string;
}) {
  const { t } = useTranslation();
  const serverDraft = useMemo(() => toDraft(desc.kind, value), [desc.kind, value]);
  const field = useAutosave<SettingDraft>({
    id: `setting-${desc.key}`,
    serverDraft,
    validate: (d) => {
      const parsed = fromDraft(desc, d);
      return parsed.ok ? null : parsed.error;
    },
    save: async (d) => {
      const parsed = fromDraft(desc, d);
      if (!parsed.ok) throw new ApiError(400, parsed.error, parsed.error);
      await onSave(desc.key, parsed.value);
    },
  });

  const label = t(`settings.${desc.key}`);
  const testId = `setting-${desc.key}`;
  const error = field.error ? t(field.error, { defaultValue: t('error.unknown') }) : null;
  const unit = desc.unit ? t(`settings.unit.${desc.unit}`) : undefined;
  const draft = field.draft;
  const common = { label, testId, error };

  let input: React.ReactNode;
  switch (desc.kind) {
    case 'bool':
      input = (
        <BoolSettingInput
          {...common}
          value={draft === true}
          onChange={(v) => field.change(v, { immediate: true })}
        />
      );
      break;
    case 'select':
      input = (
        <SelectSettingInput
          {...common}
          value={asText(draft)}
          options={desc.options ?? []}
          optionLabel={(o) => t(`settings.${desc.key}.${o || 'none'}`)}
          onChange={(v) => field.change(v, { immediate: true })}
          helper={
            desc.key === 'type' && asText(draft)
              ? t(`settings.type.${asText(draft)}.help`, { limit: DEFAULT_SPEED_LIMIT_KMH.race })
              : undefined
          }
        />
      );
      break;
    case 'timezone':
      input = (
        <TimeZoneSettingInput
          {...common}
          value={asText(draft)}
          placeholder={DEFAULT_TIME_ZONE}
          helper={t('settings.timezone.help', { zone: DEFAULT_TIME_ZONE })}
          onChange={(v) => field.change(v, { immediate: true })}
        />
      );
      break;
    case 'datetime':
      input = (
        <Box sx={{ maxWidth: 480 }}>
          <DateTimeField
            label={label}
            value={dayjs.isDayjs(draft) ? draft : null}
            onChange={(v) => field.change(v)}
            onBlur={field.flush}
            error={error}
            clearable
            testId={testId}
          />
        </Box>
      );
      break;
    case 'latlng':
    case 'dstresult':
    case 'bounds':
      input = (
        <PartsSettingInput
          {...common}
          groups={partGroups(desc, t)}
          value={
            typeof draft === 'object' &&
            draft !== null &&
            !Array.isArray(draft) &&
            !dayjs.isDayjs(draft)
              ? draft
              : {}
          }
          onChange={(v) => field.change(v)}
          onBlur={field.flush}
        />
      );
      break;
    case 'orderrules':
      input = (
        <OrderRulesSettingInput
          {...common}
          value={Array.isArray(draft) ? (draft as OrderRule[]) : []}
          onChange={(v) => field.change(v, { immediate: true })}
        />
      );
      break;
    case 'map':
      input = (
        <MapSettingEditor
          {...common}
          value={asText(draft)}
          onChange={(d, immediate) => field.change(d, { immediate })}
          onBlur={field.flush}
          eventId={eventId ?? ''}
          saveSetting={onSave}
        />
      );
      break;
    case 'speedranges':
      input = (
        <SpeedRangesEditor
          {...common}
          value={asText(draft)}
          onChange={(d, immediate) => field.change(d, { immediate })}
          onBlur={field.flush}
        />
      );
      break;
    case 'regform':
      input = (
        <RegFormEditor
          {...common}
          value={asText(draft)}
          onChange={(d, immediate) => field.change(d, { immediate })}
          onBlur={field.flush}
        />
      );
      break;
    case 'number':
    case 'text':
    case 'longtext':
    case 'numberlist':
    case 'json':
      input = (
        <TextSettingInput
          {...common}
          value={asText(draft)}
          onChange={(v) => field.change(v)}
          onBlur={field.flush}
          unit={unit}
          helper={
            desc.key === 'maxmarkingdistance'
              ? t('settings.maxmarkingdistance.help')
              : desc.kind === 'numberlist'
                ? t('settings.numberlist.help')
                : desc.kind === 'json'
                  ? t('settings.json.help')
                  : undefined
          }
          variant={desc.kind === 'numberlist' ? 'text' : desc.kind}
        />
      );
      break;
  }

  return (
    <Stack
      direction="row"
      sx={{ gap: 1, alignItems: 'flex-start' }}
      data-testid={`setting-row-${desc.key}`}
    >
      <Box sx={{ flex: 1, minWidth: 0 }}>{input}</Box>
      <Box sx={{ width: 24, pt: 1, display: 'flex', justifyContent: 'center' }}>
        <SaveStatusIcon status={field.status} testId={`setting-status-${desc.key}`} />
      </Box>
    </Stack>
  );
}
