import { useMemo } from 'react';
import { Box, Stack, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { Dayjs } from 'dayjs';
import type { EventSummary, UpdateEventBody } from '@rada/core';
import { DateTimeField } from '../../components/DateTimeField.tsx';
import { SaveStatusIcon } from '../../components/SaveStatusIcon.tsx';
import type { SaveStatus } from '../../components/SaveStatusIcon.tsx';
import { BoolSettingInput } from './SettingInputs.tsx';
import { useAutosave } from './useAutosave.ts';

type PatchEvent = (body: UpdateEventBody) => Promise<void>;

function Row({
  status,
  testId,
  children,
}: {
  status: SaveStatus;
  testId: string;
  children: React.ReactNode;
}) {
  return (
    <Stack direction="row" sx={{ gap: 1, alignItems: 'flex-start' }}>
      <Box sx={{ flex: 1, minWidth: 0 }}>{children}</Box>
      <Box sx={{ width: 24, pt: 1, display: 'flex', justifyContent: 'center' }}>
        <SaveStatusIcon status={status} testId={testId} />
      </Box>
    </Stack>
  );
}

const asDayjs = (ms: number | null): Dayjs | null => (ms === null ? null : dayjs(ms));

/** The event record's own fields on the settings page: name, start, end (clearable), hidden. */
export function EventRecordFields({
  event,
  patchEvent,
}: {
  event: EventSummary;
  patchEvent: PatchEvent;
}) {
  const { t } = useTranslation();
  const serverStart = useMemo(() => asDayjs(event.starttime), [event.starttime]);
  const serverEnd = useMemo(() => asDayjs(event.endtime), [event.endtime]);

  const name = useAutosave<string>({
    id: 'event-name',
    serverDraft: event.name,
    validate: (v) => (v.trim().length > 0 ? null : 'settings.error.required'),
    save: (v) => patchEvent({ name: v.trim() }),
  });
  const start = useAutosave<Dayjs | null>({
    id: 'event-starttime',
    serverDraft: serverStart,
    validate: (d) => (d?.isValid() ? null : 'starttime.error.invalid'),
    save: (d) => patchEvent({ starttime: d?.valueOf() ?? 0 }),
  });
  const end = useAutosave<Dayjs | null>({
    id: 'event-endtime',
    serverDraft: serverEnd,
    validate: (d) => {
      if (d === null) return null;
      if (!d.isValid()) return 'starttime.error.noorbadtime';
      return event.starttime !== null && d.valueOf() < event.starttime
        ? 'starttime.error.noorbadtime'
        : null;
    },
    save: (d) => patchEvent({ endtime: d === null ? null : d.valueOf() }),
  });
  const hidden = useAutosave<boolean>({
    id: 'event-hidden',
    serverDraft: event.hidden,
    validate: () => null,
    save: (v) => patchEvent({ hidden: v }),
  });
  const err = (key: string | null) => (key ? t(key, { defaultValue: t('error.unknown') }) : null);

  return (
    <Stack sx={{ gap: 2 }}>
      <Row status={name.status} testId="settings-status-event-name">
        <TextField
          fullWidth
          label={t('settings.event.name')}
          value={name.draft}
          onChange={(e) => name.change(e.target.value)}
          onBlur={name.flush}
          error={!!name.error}
          helperText={err(name.error)}
          slotProps={{ htmlInput: { 'data-testid': 'settings-event-name', maxLength: 200 } }}
        />
      </Row>
      <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 2 }}>
        <Box sx={{ flex: 1 }}>
          <Row status={start.status} testId="settings-status-event-starttime">
            <DateTimeField
              label={t('settings.event.starttime')}
              value={start.draft}
              onChange={(d) => start.change(d)}
              onBlur={start.flush}
              error={err(start.error)}
              testId="settings-event-starttime"
            />
          </Row>
        </Box>
        <Box sx={{ flex: 1 }}>
          <Row status={end.status} testId="settings-status-event-endtime">
            <DateTimeField
              label={t('settings.event.endtime')}
              value={end.draft}
              onChange={(d) => end.change(d)}
              onBlur={end.flush}
              error={err(end.error)}
              clearable
              testId="settings-event-endtime"
            />
          </Row>
        </Box>
      </Stack>
      <Row status={hidden.status} testId="settings-status-event-hidden">
        <BoolSettingInput
          label={t('settings.event.hidden')}
          testId="settings-event-hidden"
          error={err(hidden.error)}
          value={hidden.draft}
          onChange={(v) => hidden.change(v, { immediate: true })}
        />
      </Row>
    </Stack>
  );
}
