import {
  Box,
  Button,
  MenuItem,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import type { TimeWindow } from '@rada/core';
import { RemoveButton } from './RemoveButton.tsx';
import { NumberInput } from './NumberInput.tsx';
import { TimelinePicture } from './TimelinePicture.tsx';
import type { ClassEntry } from './classes.ts';
import {
  convertTimeRules,
  fromClassSteps,
  timeRulesForm,
  toClassSteps,
  toFlat,
  windowsForClass,
} from './timeRules.ts';
import type { ClassSteps, TimeRulesForm } from './timeRules.ts';

const NEW_WINDOW: TimeWindow = { time: 30, per: 1, penalty: 1 };

/** Rows of penalty windows: time, step and penalty each, removable. */
function WindowRows({
  windows,
  onChange,
  testId,
}: {
  windows: TimeWindow[];
  onChange: (windows: TimeWindow[]) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const set = (i: number, patch: Partial<TimeWindow>) =>
    onChange(windows.map((w, j) => (j === i ? { ...w, ...patch } : w)));
  return (
    <Stack sx={{ gap: 1 }}>
      {windows.map((w, i) => (
        <Stack key={i} direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="body2" sx={{ width: 24 }}>
            {i + 1}.
          </Typography>
          <NumberInput
            label={t('scoring.time.time')}
            unit={t('settings.unit.min')}
            value={w.time}
            min={0}
            onChange={(v) => set(i, { time: v ?? 0 })}
            testId={`${testId}-${i}-time`}
          />
          <NumberInput
            label={t('scoring.time.penalty')}
            unit={t('settings.unit.pts')}
            value={w.penalty}
            onChange={(v) => set(i, { penalty: v ?? 0 })}
            testId={`${testId}-${i}-penalty`}
          />
          <NumberInput
            label={t('scoring.time.per')}
            unit={t('settings.unit.min')}
            value={w.per}
            min={0}
            onChange={(v) => set(i, { per: v ?? 1 })}
            testId={`${testId}-${i}-per`}
          />
          <RemoveButton onClick={() => onChange(windows.filter((_, j) => j !== i))} />
        </Stack>
      ))}
      <Box>
        <Button
          size="small"
          startIcon={<AddIcon />}
          onClick={() => onChange([...windows, NEW_WINDOW])}
          data-testid={`${testId}-add`}
        >
          {t('scoring.time.addwindow')}
        </Button>
      </Box>
    </Stack>
  );
}

/** One class's steps in the per-class form, with its class menu and its own timeline. */
function ClassStepsEditor({
  row,
  classes,
  taken,
  onChange,
  onRemove,
}: {
  row: ClassSteps;
  classes: ClassEntry[];
  taken: Set<string>;
  onChange: (row: ClassSteps) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const options = [{ id: 'default', name: t('scoring.time.default') }, ...classes];
  if (!options.some((o) => o.id === row.classId))
    options.push({ id: row.classId, name: row.classId });
  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center', mb: 1 }}>
        <TextField
          select
          size="small"
          label={t('scoring.class')}
          value={row.classId}
          onChange={(e) => onChange({ ...row, classId: e.target.value })}
          sx={{ minWidth: 200 }}
        >
          {options.map((o) => (
            <MenuItem key={o.id} value={o.id} disabled={o.id !== row.classId && taken.has(o.id)}>
              {o.name}
            </MenuItem>
          ))}
        </TextField>
        <Box sx={{ flex: 1 }} />
        <RemoveButton title={t('scoring.time.removeclass')} onClick={onRemove} />
      </Stack>
      <WindowRows
        windows={row.steps}
        onChange={(steps) => onChange({ ...row, steps })}
        testId={`scoring-time-${row.classId}`}
      />
      <Box sx={{ mt: 1 }}>
        <TimelinePicture windows={row.steps} testId="scoring-timeline" />
      </Box>
    </Box>
  );
}

/**
 * `ajad` in either stored form: flat (normal time, then penalty windows) or per class (ordered
 * steps per class, with 'default' for the rest). Switching form converts the rules.
 */
export function TimeRulesEditor({
  ajad,
  classes,
  onChange,
}: {
  ajad: unknown;
  classes: ClassEntry[];
  onChange: (ajad: unknown) => void;
}) {
  const { t } = useTranslation();
  const form = timeRulesForm(ajad);
  const flat = toFlat(ajad);
  const rows = toClassSteps(ajad);
  const setRows = (next: ClassSteps[]) => onChange(next.length ? fromClassSteps(next) : null);
  const taken = new Set(rows.map((r) => r.classId));
  const free = ['default', ...classes.map((c) => c.id)].find((id) => !taken.has(id));
  return (
    <Stack sx={{ gap: 1.5 }} data-testid="scoring-time">
      <ToggleButtonGroup
        exclusive
        size="small"
        value={form}
        onChange={(_e, next: TimeRulesForm | null) =>
          next && onChange(convertTimeRules(ajad, next))
        }
        aria-label={t('settings.ajad')}
      >
        {(['none', 'flat', 'perclass'] as const).map((f) => (
          <ToggleButton key={f} value={f} data-testid={`scoring-time-form-${f}`}>
            {t(`scoring.time.form.${f}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {form === 'flat' && (
        <>
          <NumberInput
            label={t('scoring.time.normaalaeg')}
            unit={t('settings.unit.min')}
            value={flat.normaalaeg}
            min={0}
            width={200}
            onChange={(v) => onChange({ ...flat, normaalaeg: v ?? 0 })}
            testId="scoring-time-normaalaeg"
          />
          <Typography variant="body2" color="text.secondary">
            {t('scoring.time.lisaajad')}
          </Typography>
          <WindowRows
            windows={flat.lisaajad}
            onChange={(lisaajad) => onChange({ ...flat, lisaajad })}
            testId="scoring-time-flat"
          />
          <TimelinePicture windows={windowsForClass(ajad, null)} />
        </>
      )}
      {form === 'perclass' && (
        <>
          {rows.map((row, i) => (
            <ClassStepsEditor
              key={i}
              row={row}
              classes={classes}
              taken={taken}
              onChange={(next) => setRows(rows.map((r, j) => (j === i ? next : r)))}
              onRemove={() => setRows(rows.filter((_, j) => j !== i))}
            />
          ))}
          {free !== undefined && (
            <Box>
              <Button
                size="small"
                startIcon={<AddIcon />}
                onClick={() =>
                  setRows([...rows, { classId: free, steps: [{ time: 180, per: 1, penalty: 0 }] }])
                }
              >
                {t('scoring.time.addclass')}
              </Button>
            </Box>
          )}
          <Typography variant="caption" color="text.secondary">
            {t('scoring.time.perclass.help')}
          </Typography>
        </>
      )}
    </Stack>
  );
}
