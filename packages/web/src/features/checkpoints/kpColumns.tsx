import type {
  GridColDef,
  GridPreProcessEditCellProps,
  GridRenderEditCellParams,
} from '@mui/x-data-grid';
import type { TFunction } from 'i18next';
import { compareKpNr, isValidKpNr } from '@rada/core';
import type { Checkpoint, KpNr } from '@rada/core';
import type { KpRow } from './kpRows.ts';
import { nrTaken, parseLoc, parseNr } from './kpRows.ts';
import {
  AnswerCell,
  DifficultyIcon,
  FlagTick,
  InworkChip,
  LocationCell,
  NrCell,
  ResponsesCell,
  RowActions,
  ValidatedEditCell,
} from './kpCells.tsx';

/**
 * The KP grid's columns (spec 01 screen 9). Built once per language and role; everything that
 * changes while the grid is open (rows, edit modes, errors) reaches the cells by context or
 * through `current()`, so the grid never sees new column objects while scrolling or editing.
 */
export interface ColumnOptions {
  t: TFunction;
  /** The caller is an event admin: the answer column is shown. */
  admin: boolean;
  /** Cells may be edited (admin and not archived). */
  editable: boolean;
  /** The grid is phone-narrow: the always-shown columns are narrowed to fit. */
  narrow?: boolean;
  /** The checkpoints as they are now, for the number clash check. */
  current: () => readonly Checkpoint[];
}

/** Validation keys for a typed KP number: blank, out of range (1.5, 0), or taken by another KP. */
export function nrError(text: unknown, id: string, checkpoints: readonly Checkpoint[]) {
  const nr = parseNr(typeof text === 'number' ? text : String(text ?? ''));
  if (nr === null) return 'kp.error.nr';
  if (typeof nr === 'string' && nr.length > 20) return 'kp.error.nr';
  if (!isValidKpNr(nr)) return 'kp.error.badnumber';
  return nrTaken(checkpoints, id, nr) ? 'error.cpnumconflict' : null;
}

/** Validation key for a typed location ("lat, lng"), or null. */
export function locError(text: unknown): string | null {
  return parseLoc(String(text ?? '')) === 'invalid' ? 'kp.error.badloc' : null;
}

const numberError = (min: number | null) => (value: unknown) => {
  if (value === null || value === undefined || value === '') return null;
  const n = Number(value);
  if (!Number.isFinite(n)) return 'kp.error.number';
  return min !== null && n < min ? 'kp.error.number' : null;
};

const withError =
  (check: (value: unknown, params: GridPreProcessEditCellProps) => string | null) =>
  (params: GridPreProcessEditCellProps) => ({
    ...params.props,
    error: check(params.props.value, params),
  });

/** The grid's columns for the given language and role. */
export function kpColumns({
  t,
  admin,
  editable,
  narrow = false,
  current,
}: ColumnOptions): GridColDef<KpRow>[] {
  // renderEditCell is called as a function: render the cell as a component so its hooks are its own.
  const validated = {
    renderEditCell: (params: GridRenderEditCellParams) => <ValidatedEditCell {...params} />,
  };
  const numberCol = (
    field: 'ra' | 'grp' | 'maxanswerdistance' | 'wrongpenalty',
    width: number,
    min: number | null,
  ): GridColDef<KpRow> => ({
    field,
    headerName: t(`kp.col.${field}`),
    description: t(`kp.col.${field}.help`),
    type: 'number',
    width,
    editable,
    preProcessEditCellProps: withError(numberError(min)),
  });
  const boolCol = (field: 'kohustuslik' | 'allok' | 'tyhistatud'): GridColDef<KpRow> => ({
    field,
    headerName: t(`kp.col.${field}`),
    description: t(`kp.col.${field}.help`),
    type: 'boolean',
    width: 110,
    editable,
    // Only the ticks: a cross on every unticked row would drown them.
    renderCell: ({ value }) => (value ? <FlagTick /> : null),
  });

  const columns: (GridColDef<KpRow> | false)[] = [
    {
      field: 'nr',
      headerName: t('kp.col.nr'),
      width: narrow ? 68 : 80,
      editable,
      sortComparator: (a: KpNr, b: KpNr) => compareKpNr(a, b),
      preProcessEditCellProps: withError((value, params) =>
        nrError(value, String(params.id), current()),
      ),
      ...validated,
      // A phone's grid has no location column: the number carries the no-location mark.
      ...(narrow ? { renderCell: ({ row }: { row: KpRow }) => <NrCell row={row} /> } : {}),
    },
    editable && {
      field: 'actions',
      headerName: '',
      // Next to the number, so edit, delete, save and cancel are never scrolled out of view.
      width: narrow ? 80 : 92,
      sortable: false,
      filterable: false,
      hideable: false,
      disableColumnMenu: true,
      renderCell: ({ row }) => <RowActions id={row.id} />,
    },
    {
      ...numberCol('ra', 90, null),
      headerName: t('kp.col.difficulty'),
      description: t('kp.col.difficulty.help'),
      align: 'left',
      headerAlign: 'left',
      renderCell: ({ row }) => <DifficultyIcon ra={row.ra} />,
    },
    numberCol('grp', 80, null),
    {
      field: 'desc',
      headerName: t('kp.col.desc'),
      flex: 1,
      minWidth: narrow ? 100 : 180,
      editable,
    },
    {
      field: 'loc',
      headerName: t('kp.col.loc'),
      description: t('kp.col.loc.help'),
      width: 150,
      editable,
      preProcessEditCellProps: withError(locError),
      ...validated,
      renderCell: ({ row }) => <LocationCell row={row} />,
    },
    {
      field: 'responses',
      headerName: t('kp.col.responses'),
      width: 150,
      sortable: false,
      filterable: false,
      valueGetter: (_v, row) => Object.values(row.cp.data.responses ?? {}).join(' '),
      renderCell: ({ row }) => <ResponsesCell row={row} />,
    },
    admin && {
      field: 'answer',
      headerName: t('kp.col.answer'),
      width: 140,
      editable,
      type: 'singleSelect',
      valueOptions: ({ row }) => [
        { value: '', label: t('kp.answer.none') },
        ...Object.entries(row?.cp.data.responses ?? {}).map(([id, text]) => ({
          value: id,
          label: text ? `${id} – ${text}` : id,
        })),
      ],
      renderCell: ({ row }) => <AnswerCell row={row} />,
    },
    boolCol('kohustuslik'),
    {
      field: 'inwork',
      headerName: t('kp.col.inwork'),
      description: t('kp.col.inwork.help'),
      type: 'boolean',
      width: narrow ? 100 : 110,
      editable,
      renderCell: ({ row }) => <InworkChip inwork={row.inwork} />,
    },
    boolCol('allok'),
    boolCol('tyhistatud'),
    numberCol('maxanswerdistance', 120, 0),
    numberCol('wrongpenalty', 110, null),
  ];
  return columns.filter((c): c is GridColDef<KpRow> => c !== false);
}
