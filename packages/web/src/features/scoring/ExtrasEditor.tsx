import {
  Autocomplete,
  Box,
  Button,
  FormControlLabel,
  Stack,
  Switch,
  TextField,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import { RemoveButton } from './RemoveButton.tsx';
import type { ClassEntry } from './classes.ts';

/** One extra (`ly[name]`) in the editor. */
export interface ExtraRow {
  name: string;
  ispenalty: boolean;
  /** Class ids the extra applies to; empty for every class. */
  forclasses: string[];
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The stored `ly` as rows (`forclasses` as a list or as a map of ticked ids). */
export function extraRows(ly: unknown): ExtraRow[] {
  if (!isObject(ly)) return [];
  return Object.entries(ly).map(([name, rule]) => {
    const r = isObject(rule) ? rule : {};
    const fc = r.forclasses;
    const forclasses = Array.isArray(fc)
      ? fc.map(String)
      : isObject(fc)
        ? Object.keys(fc).filter((k) => fc[k])
        : [];
    return { name, ispenalty: r.ispenalty === true, forclasses };
  });
}

/** The stored `ly` of rows, keeping other fields of each extra; null when there are none. */
export function toLy(rows: ExtraRow[], stored: unknown): Record<string, unknown> | null {
  if (rows.length === 0) return null;
  const before = isObject(stored) ? stored : {};
  return Object.fromEntries(
    rows.map(({ name, ispenalty, forclasses }, i) => {
      const old = Object.values(before)[i];
      return [name, { ...(isObject(old) ? old : {}), ispenalty, forclasses }];
    }),
  );
}

/** Extra points and penalties (`ly`): name, bonus or penalty, and the classes it applies to. */
export function ExtrasEditor({
  ly,
  classes,
  onChange,
}: {
  ly: unknown;
  classes: ClassEntry[];
  onChange: (ly: Record<string, unknown> | null, immediate?: boolean) => void;
}) {
  const { t } = useTranslation();
  const rows = extraRows(ly);
  const commit = (next: ExtraRow[], immediate?: boolean) => onChange(toLy(next, ly), immediate);
  const set = (i: number, patch: Partial<ExtraRow>, immediate?: boolean) =>
    commit(
      rows.map((r, j) => (j === i ? { ...r, ...patch } : r)),
      immediate,
    );
  const className = (id: string) => classes.find((c) => c.id === id)?.name ?? id;
  let n = rows.length + 1;
  while (rows.some((r) => r.name === t('scoring.extras.new', { n }))) n++;
  return (
    <Stack sx={{ gap: 1.5 }} data-testid="scoring-extras">
      {rows.map((row, i) => {
        const taken = rows.some((r, j) => j !== i && r.name === row.name);
        return (
          <Stack key={i} direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <TextField
              size="small"
              label={t('scoring.extras.name')}
              value={row.name}
              error={taken || row.name === ''}
              onChange={(e) => {
                const name = e.target.value;
                if (!rows.some((r, j) => j !== i && r.name === name)) set(i, { name });
              }}
              sx={{ width: 200 }}
              slotProps={{ htmlInput: { 'data-testid': `scoring-extra-${i}-name` } }}
            />
            <FormControlLabel
              control={
                <Switch
                  checked={row.ispenalty}
                  onChange={(e) => set(i, { ispenalty: e.target.checked }, true)}
                />
              }
              label={t('scoring.extras.ispenalty')}
            />
            <Autocomplete
              multiple
              size="small"
              options={classes.map((c) => c.id)}
              value={row.forclasses}
              getOptionLabel={className}
              onChange={(_e, forclasses) => set(i, { forclasses }, true)}
              sx={{ minWidth: 240, flex: 1 }}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label={t('scoring.extras.forclasses')}
                  placeholder={row.forclasses.length === 0 ? t('scoring.extras.allclasses') : ''}
                  slotProps={{
                    ...params.slotProps,
                    inputLabel: { ...params.slotProps.inputLabel, shrink: true },
                  }}
                />
              )}
            />
            <RemoveButton
              name={row.name}
              onClick={() =>
                commit(
                  rows.filter((_, j) => j !== i),
                  true,
                )
              }
            />
          </Stack>
        );
      })}
      <Box>
        <Button
          size="small"
          startIcon={<AddIcon />}
          data-testid="scoring-extra-add"
          onClick={() =>
            commit([
              ...rows,
              { name: t('scoring.extras.new', { n }), ispenalty: false, forclasses: [] },
            ])
          }
        >
          {t('scoring.extras.add')}
        </Button>
      </Box>
    </Stack>
  );
}
