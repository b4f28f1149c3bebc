import { useMemo, useState } from 'react';
import {
  Box,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatPoints } from '@rada/core';
import { NumberInput } from './NumberInput.tsx';
import type { ClassEntry } from './classes.ts';
import { extraRows } from './ExtrasEditor.tsx';
import { DEFAULT_SAMPLE, parseSpent, sampleResult } from './sampleEvent.ts';
import type { SampleTeam } from './sampleEvent.ts';

/**
 * "Effect on a sample team": a made-up team the organiser edits here, scored by the core engine
 * under the current draft of the settings, so every edit shows its effect before it is saved.
 */
export function SamplePanel({
  settings,
  classes,
  valueClasses,
}: {
  settings: Record<string, unknown>;
  classes: ClassEntry[];
  valueClasses: number[];
}) {
  const { t } = useTranslation();
  const [sample, setSample] = useState<SampleTeam>(DEFAULT_SAMPLE);
  const set = (patch: Partial<SampleTeam>) => setSample((s) => ({ ...s, ...patch }));
  const klass =
    sample.klass !== null && classes.some((c) => c.id === sample.klass) ? sample.klass : null;
  const extras = extraRows(settings.ly);
  const result = useMemo(
    () => sampleResult(settings, { ...sample, klass }),
    [settings, sample, klass],
  );
  const spentBad = sample.spent.trim() !== '' && parseSpent(sample.spent) === null;
  const pts = (n: number) => formatPoints(n);
  const rows: [string, string][] = result
    ? [
        ['kpsum', pts(result.kpsum)],
        ['kppenalty', pts(-result.kppenalty)],
        ['timepenaltys', result.timepenaltys.map((p) => pts(-p)).join(' / ') || '0'],
        ['overtime', result.overtime ? t('scoring.yes') : t('scoring.no')],
        ['firstkpsbonus', pts(result.firstkpsbonus)],
        ['firstbonus', pts(result.firstbonus)],
        ['lypoints', pts(result.lypoints)],
        ['dstpoints', pts(result.dstpoints)],
      ]
    : [];
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="scoring-sample">
      <Typography variant="subtitle1" component="h4">
        {t('scoring.sample.title')}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1.5 }}>
        {t('scoring.sample.help')}
      </Typography>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', mb: 1.5 }}>
        <TextField
          select
          size="small"
          label={t('scoring.class')}
          value={klass ?? ''}
          onChange={(e) => set({ klass: e.target.value || null })}
          sx={{ width: 140 }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">{t('scoring.sample.noclass')}</MenuItem>
          {classes.map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {c.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          label={t('scoring.sample.spent')}
          value={sample.spent}
          error={spentBad}
          onChange={(e) => set({ spent: e.target.value })}
          placeholder="3:10"
          sx={{ width: 110 }}
          slotProps={{ htmlInput: { 'data-testid': 'scoring-sample-spent' } }}
        />
        {valueClasses.map((ra) => (
          <NumberInput
            key={ra}
            label={t('scoring.sample.ok', { ra })}
            value={sample.ok[ra - 1] ?? 0}
            min={0}
            width={110}
            onChange={(v) => {
              const ok = [...sample.ok];
              while (ok.length < ra) ok.push(0);
              ok[ra - 1] = v ?? 0;
              set({ ok });
            }}
            testId={`scoring-sample-ok-${ra}`}
          />
        ))}
        <NumberInput
          label={t('scoring.sample.wrong')}
          value={sample.wrong}
          min={0}
          width={130}
          onChange={(v) => set({ wrong: v ?? 0 })}
          testId="scoring-sample-wrong"
        />
        <NumberInput
          label={t('scoring.sample.mandatory')}
          value={sample.mandatoryMissed}
          min={0}
          width={140}
          onChange={(v) => set({ mandatoryMissed: v ?? 0 })}
        />
        <NumberInput
          label={t('scoring.sample.place')}
          value={sample.finishPlace}
          min={1}
          width={110}
          onChange={(v) => set({ finishPlace: v ?? 1 })}
        />
        <NumberInput
          label={t('scoring.sample.km')}
          value={sample.km}
          min={0}
          width={140}
          unit={t('settings.unit.km')}
          onChange={(v) => set({ km: v })}
        />
        {extras.map((x) => (
          <NumberInput
            key={x.name}
            label={x.name}
            value={sample.extras[x.name] ?? null}
            width={110}
            onChange={(v) => {
              const next = { ...sample.extras };
              if (v === null) delete next[x.name];
              else next[x.name] = v;
              set({ extras: next });
            }}
          />
        ))}
      </Stack>
      {result && (
        <Box>
          <Table size="small" aria-label={t('scoring.sample.title')}>
            <TableBody>
              {rows.map(([field, text]) => (
                <TableRow key={field} data-testid={`scoring-sample-${field}`}>
                  <TableCell sx={{ pl: 0 }}>
                    {t(`scoring.field.${field}`)}
                    {field === 'timepenaltys' && (
                      <Typography
                        variant="caption"
                        color="text.secondary"
                        component="span"
                        sx={{ display: 'block' }}
                        data-testid="scoring-sample-timepenalty-help"
                      >
                        {t('scoring.sample.timepenalty.help', {
                          spent: sample.spent.trim() || '0:00',
                        })}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                    {text}
                  </TableCell>
                </TableRow>
              ))}
              <TableRow>
                <TableCell sx={{ pl: 0, fontWeight: 600, borderBottom: 0 }}>
                  {t('scoring.field.sum')}
                </TableCell>
                <TableCell
                  align="right"
                  sx={{ fontWeight: 600, borderBottom: 0, fontVariantNumeric: 'tabular-nums' }}
                  data-testid="scoring-sample-sum"
                >
                  {pts(result.sum)}
                </TableCell>
              </TableRow>
            </TableBody>
          </Table>
        </Box>
      )}
    </Paper>
  );
}
