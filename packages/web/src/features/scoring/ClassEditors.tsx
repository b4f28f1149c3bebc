import {
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import { parseShared } from '@rada/core';
import { RemoveButton } from './RemoveButton.tsx';
import { NumberInput } from './NumberInput.tsx';
import {
  classList,
  nextClassId,
  rakoefRows,
  toKlassid,
  toRakoef,
  toggleShared,
  valueClasses,
} from './classes.ts';

/** The team classes (`klassid`): id → name, added, renamed and removed here. */
export function ClassesEditor({
  klassid,
  onChange,
}: {
  klassid: unknown;
  onChange: (klassid: Record<string, unknown> | null) => void;
}) {
  const { t } = useTranslation();
  const entries = classList(klassid);
  const commit = (next: typeof entries) =>
    onChange(next.length > 0 ? toKlassid(next, klassid) : null);
  return (
    <Stack sx={{ gap: 1 }} data-testid="scoring-classes">
      {entries.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('scoring.classes.none')}
        </Typography>
      )}
      {entries.map((c, i) => (
        <Stack key={c.id} direction="row" sx={{ gap: 1, alignItems: 'center' }}>
          <Typography variant="body2" color="text.secondary" sx={{ width: 48 }} title="id">
            {c.id}
          </Typography>
          <TextField
            size="small"
            label={t('scoring.classes.name')}
            value={c.name}
            onChange={(e) =>
              commit(entries.map((x, j) => (j === i ? { ...x, name: e.target.value } : x)))
            }
            sx={{ width: 260 }}
            slotProps={{ htmlInput: { 'data-testid': `scoring-class-${c.id}` } }}
          />
          <RemoveButton name={c.name} onClick={() => commit(entries.filter((_, j) => j !== i))} />
        </Stack>
      ))}
      <Box>
        <Button
          size="small"
          startIcon={<AddIcon />}
          data-testid="scoring-class-add"
          onClick={() =>
            commit([
              ...entries,
              {
                id: nextClassId(entries),
                name: t('scoring.classes.new', { n: entries.length + 1 }),
              },
            ])
          }
        >
          {t('scoring.classes.add')}
        </Button>
      </Box>
    </Stack>
  );
}

/**
 * Points per value class (`rakoef`, index 0 unused) with a "shared" tick per class
 * (`sharedrakoef`). An empty field scores the class at its own number.
 */
export function ValueClassesEditor({
  rakoef,
  sharedrakoef,
  onChange,
}: {
  rakoef: unknown;
  sharedrakoef: unknown;
  onChange: (patch: { rakoef?: unknown; sharedrakoef?: unknown }, immediate?: boolean) => void;
}) {
  const { t } = useTranslation();
  const rows = rakoefRows(rakoef);
  const shared = parseShared(sharedrakoef);
  const setRow = (ra: number, v: number | null) => {
    const next = [...rows];
    while (next.length < ra) next.push(null);
    next[ra - 1] = v;
    onChange({ rakoef: toRakoef(next) });
  };
  const classes = valueClasses(rakoef);
  return (
    <Stack sx={{ gap: 1 }} data-testid="scoring-rakoef">
      {classes.map((ra) => (
        <Stack key={ra} direction="row" sx={{ gap: 1.5, alignItems: 'center' }}>
          <Typography variant="body2" sx={{ width: 120 }}>
            {t('scoring.rakoef.class', { ra })}
          </Typography>
          <NumberInput
            label={t('scoring.rakoef.points')}
            value={rows[ra - 1] ?? null}
            onChange={(v) => setRow(ra, v)}
            testId={`scoring-rakoef-${ra}`}
            placeholder={String(ra)}
            unit={t('settings.unit.pts')}
          />
          <FormControlLabel
            control={
              <Checkbox
                checked={shared.has(ra)}
                onChange={(e) =>
                  onChange({ sharedrakoef: toggleShared(sharedrakoef, ra, e.target.checked) }, true)
                }
                slotProps={{ input: { 'data-testid': `scoring-shared-${ra}` } as object }}
              />
            }
            label={t('scoring.rakoef.shared')}
          />
        </Stack>
      ))}
      <Stack direction="row" sx={{ gap: 1 }}>
        <Button
          size="small"
          startIcon={<AddIcon />}
          onClick={() => onChange({ rakoef: toRakoef([...rows, classes.length + 1]) })}
        >
          {t('scoring.rakoef.add')}
        </Button>
        {rows.length > 0 && (
          <Button size="small" onClick={() => onChange({ rakoef: toRakoef(rows.slice(0, -1)) })}>
            {t('scoring.rakoef.removelast')}
          </Button>
        )}
      </Stack>
      <Typography variant="caption" color="text.secondary">
        {t('scoring.rakoef.help')}
      </Typography>
    </Stack>
  );
}

/** A list of numbers (finish-rank bonus by place), one row per place. */
export function NumberListEditor({
  values,
  onChange,
  itemLabel,
  testId,
}: {
  values: (number | null)[];
  onChange: (values: number[] | null) => void;
  itemLabel: (i: number) => string;
  testId: string;
}) {
  const { t } = useTranslation();
  const commit = (next: (number | null)[]) =>
    onChange(next.length > 0 ? next.map((v) => v ?? 0) : null);
  return (
    <Stack sx={{ gap: 1 }} data-testid={testId}>
      {values.map((v, i) => (
        <Stack key={i} direction="row" sx={{ gap: 1, alignItems: 'center' }}>
          <NumberInput
            label={itemLabel(i)}
            value={v}
            onChange={(n) => commit(values.map((x, j) => (j === i ? n : x)))}
            testId={`${testId}-${i}`}
          />
          <RemoveButton
            name={itemLabel(i)}
            onClick={() => commit(values.filter((_, j) => j !== i))}
          />
        </Stack>
      ))}
      <Box>
        <Button size="small" startIcon={<AddIcon />} onClick={() => commit([...values, 0])}>
          {t('scoring.firstbonus.add')}
        </Button>
      </Box>
    </Stack>
  );
}
