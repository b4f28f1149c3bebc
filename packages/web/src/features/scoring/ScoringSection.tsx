import { useMemo } from 'react';
import {
  Box,
  Divider,
  FormControlLabel,
  FormHelperText,
  Stack,
  Switch,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { validateSettingsValues } from '@rada/core';
import { SaveStatusIcon } from '../../components/SaveStatusIcon.tsx';
import { useAutosave } from '../settings/useAutosave.ts';
import { ClassesEditor, NumberListEditor, ValueClassesEditor } from './ClassEditors.tsx';
import { ExtrasEditor } from './ExtrasEditor.tsx';
import { NumberInput } from './NumberInput.tsx';
import { OrderRulesEditor } from './OrderRulesEditor.tsx';
import { SamplePanel } from './SamplePanel.tsx';
import { TimeRulesEditor } from './TimeRulesEditor.tsx';
import { classList, valueClasses } from './classes.ts';
import { SCORING_KEYS, pickScoring, scoringPatch } from './scoringDraft.ts';
import type { ScoringDraft, ScoringKey } from './scoringDraft.ts';

const DST_PARTS = ['targetdst', 'dststeps', 'dstpoints', 'dstpointssteps'] as const;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const numOrNull = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

function Block({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Stack sx={{ gap: 1 }}>
      <Typography variant="subtitle1" component="h4">
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

function Toggle({
  label,
  checked,
  onChange,
  testId,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  testId: string;
}) {
  return (
    <FormControlLabel
      control={
        <Switch
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          slotProps={{ input: { 'data-testid': testId } as object }}
        />
      }
      label={label}
    />
  );
}

/**
 * The Scoring section of the settings tab: editors for every scoring setting over one draft,
 * autosaved like the other fields (only changed keys are sent), beside a sample team scored
 * live by the core engine under that draft.
 */
export function ScoringSection({
  settings,
  onSave,
}: {
  settings: Record<string, unknown>;
  onSave: (patch: Record<string, unknown>) => Promise<void>;
}) {
  const { t } = useTranslation();
  const serverDraft = useMemo(() => pickScoring(settings), [settings]);
  const field = useAutosave<ScoringDraft>({
    id: 'scoring',
    serverDraft,
    validate: (d) =>
      validateSettingsValues(scoringPatch(settings, d)).length > 0
        ? 'settings.error.invalid'
        : null,
    save: async (d) => {
      const patch = scoringPatch(settings, d);
      if (Object.keys(patch).length > 0) await onSave(patch);
    },
  });
  const draft = field.draft;
  const change = (patch: ScoringDraft, immediate?: boolean) =>
    field.change({ ...draft, ...patch }, { immediate });
  const set = (key: ScoringKey) => (value: unknown, immediate?: boolean) =>
    change({ [key]: value ?? undefined }, immediate);

  // What the sample is scored under: the stored settings with the draft over the scoring keys.
  const effective = useMemo(() => {
    const out: Record<string, unknown> = { ...settings };
    for (const key of SCORING_KEYS) out[key] = draft[key] ?? null;
    return out;
  }, [settings, draft]);
  const classes = classList(draft.klassid);
  const dst = isObject(draft.dstresult) ? draft.dstresult : {};
  const firstBonus = Array.isArray(draft.firstbonus) ? draft.firstbonus.map(numOrNull) : [];
  const error = field.error ? t(field.error, { defaultValue: t('error.unknown') }) : null;

  return (
    <Box
      data-testid="scoring-section"
      sx={{
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1fr) 380px' },
      }}
    >
      <Stack sx={{ gap: 2.5, minWidth: 0 }}>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
          <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
            {t('scoring.intro')}
          </Typography>
          <SaveStatusIcon status={field.status} testId="scoring-status" />
        </Stack>
        {error && <FormHelperText error>{error}</FormHelperText>}
        <Block title={t('settings.klassid')}>
          <ClassesEditor klassid={draft.klassid} onChange={set('klassid')} />
        </Block>
        <Divider />
        <Block title={t('settings.rakoef')}>
          <ValueClassesEditor
            rakoef={draft.rakoef}
            sharedrakoef={draft.sharedrakoef}
            onChange={(patch, immediate) =>
              change(
                Object.fromEntries(Object.entries(patch).map(([k, v]) => [k, v ?? undefined])),
                immediate,
              )
            }
          />
        </Block>
        <Divider />
        <Block title={t('scoring.penalties')}>
          <Stack direction="row" sx={{ gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
            <Toggle
              label={t('settings.wrongpenaltyenabled')}
              checked={draft.wrongpenaltyenabled === true}
              onChange={(v) => set('wrongpenaltyenabled')(v, true)}
              testId="scoring-wrongpenaltyenabled"
            />
            {draft.wrongpenaltyenabled === true && (
              <NumberInput
                label={t('settings.wrongcoef')}
                value={numOrNull(draft.wrongcoef)}
                onChange={set('wrongcoef')}
                testId="scoring-wrongcoef"
                width={180}
              />
            )}
          </Stack>
          <Typography variant="caption" color="text.secondary">
            {t('scoring.penalties.help')}
          </Typography>
        </Block>
        <Divider />
        <Block title={t('scoring.bonuses')}>
          <Toggle
            label={t('settings.answerscores')}
            checked={draft.answerscores === true}
            onChange={(v) => set('answerscores')(v, true)}
            testId="scoring-answerscores"
          />
          <Stack direction="row" sx={{ gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
            <Toggle
              label={t('settings.firstkpvisitbonus')}
              checked={draft.firstkpvisitbonus === true}
              onChange={(v) => set('firstkpvisitbonus')(v, true)}
              testId="scoring-firstkpvisitbonus"
            />
            {draft.firstkpvisitbonus === true && (
              <NumberInput
                label={t('settings.firstkpvisitaddbonus')}
                value={numOrNull(draft.firstkpvisitaddbonus)}
                onChange={set('firstkpvisitaddbonus')}
                unit={t('settings.unit.pts')}
                testId="scoring-firstkpvisitaddbonus"
                width={220}
              />
            )}
          </Stack>
          <Typography variant="body2" sx={{ mt: 1 }}>
            {t('settings.firstbonus')}
          </Typography>
          <NumberListEditor
            values={firstBonus}
            onChange={set('firstbonus')}
            itemLabel={(i) => t('scoring.firstbonus.place', { place: i + 1 })}
            testId="scoring-firstbonus"
          />
          <Toggle
            label={t('settings.firstbonusismultiplier')}
            checked={draft.firstbonusismultiplier === true}
            onChange={(v) => set('firstbonusismultiplier')(v, true)}
            testId="scoring-firstbonusismultiplier"
          />
        </Block>
        <Divider />
        <Block title={t('settings.dstresult')}>
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
            {DST_PARTS.map((part) => (
              <NumberInput
                key={part}
                label={t(`settings.dstresult.${part}`)}
                value={numOrNull(dst[part])}
                min={part === 'dststeps' ? 0 : undefined}
                width={170}
                onChange={(v) => {
                  const next: Record<string, unknown> = { ...dst, [part]: v ?? undefined };
                  if (part === 'dststeps' && v === 0) delete next.dststeps;
                  const any = DST_PARTS.some((p) => next[p] !== undefined);
                  set('dstresult')(any ? JSON.parse(JSON.stringify(next)) : null);
                }}
                testId={`scoring-dst-${part}`}
              />
            ))}
          </Stack>
          <Typography variant="caption" color="text.secondary">
            {t('scoring.dst.help')}
          </Typography>
        </Block>
        <Divider />
        <Block title={t('settings.ly')}>
          <ExtrasEditor ly={draft.ly} classes={classes} onChange={set('ly')} />
        </Block>
        <Divider />
        <Block title={t('settings.ajad')}>
          <TimeRulesEditor
            ajad={draft.ajad}
            classes={classes}
            onChange={(v) => set('ajad')(v, true)}
          />
        </Block>
        <Divider />
        <Block title={t('settings.orderrules')}>
          <OrderRulesEditor
            stored={draft.orderrules}
            onChange={(v) => set('orderrules')(v, true)}
          />
        </Block>
      </Stack>
      <Box sx={{ position: { lg: 'sticky' }, top: { lg: 128 }, alignSelf: 'start' }}>
        <SamplePanel
          settings={effective}
          classes={classes}
          valueClasses={valueClasses(draft.rakoef)}
        />
      </Box>
    </Box>
  );
}
