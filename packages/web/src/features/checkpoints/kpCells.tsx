import { Box, Button, IconButton, Tooltip } from '@mui/material';
import SignalCellularAlt1BarIcon from '@mui/icons-material/SignalCellularAlt1Bar';
import SignalCellularAlt2BarIcon from '@mui/icons-material/SignalCellularAlt2Bar';
import SignalCellularAltIcon from '@mui/icons-material/SignalCellularAlt';
import EditIcon from '@mui/icons-material/Edit';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import SaveIcon from '@mui/icons-material/Save';
import CloseIcon from '@mui/icons-material/Close';
import ErrorIcon from '@mui/icons-material/ErrorOutlineOutlined';
import ListIcon from '@mui/icons-material/FormatListBulleted';
import CheckIcon from '@mui/icons-material/Check';
import LocationOffIcon from '@mui/icons-material/LocationOffOutlined';
import { GridEditInputCell, GridRowModes } from '@mui/x-data-grid';
import type { GridRenderEditCellParams } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { INWORK_COLOUR, LEVEL_COLOURS, READY_COLOUR, difficultyLevel } from '@rada/core';
import type { KpRow } from './kpRows.ts';
import { responsesSummary } from './kpRows.ts';
import { useKpGrid } from './kpGridContext.ts';

/**
 * The cells of the KP grid that are more than text. They are plain elements with class names whose
 * rules (KP_CELL_STYLES) the grid sets once: a styled element or a tooltip per cell costs a style
 * serialisation or a listener set on every row render, which made scrolling stutter (bench kpGrid).
 */

/** The rules of the cells' classes, spread into the grid's `sx`. */
export const KP_CELL_STYLES = {
  '& .kp-difficulty': { display: 'inline-flex', alignItems: 'center', gap: '4px' },
  '& .kp-state': {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '6px',
    height: 24,
    px: '8px',
    border: 1,
    borderColor: 'grey.400',
    borderRadius: '12px',
    fontSize: '0.8125rem',
    lineHeight: 1,
    whiteSpace: 'nowrap',
  },
  '& .kp-state-dot': { width: 8, height: 8, borderRadius: '50%', flex: 'none' },
  '& .kp-flag': { color: 'text.secondary' },
  '& .kp-responses': { textTransform: 'none', minWidth: 0 },
  '& .kp-responses-none': { color: 'text.disabled' },
  '& .kp-actions': { display: 'flex', alignItems: 'center' },
  '& .kp-noloc': {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '4px',
    color: 'warning.dark',
  },
  '& .kp-nr': { display: 'inline-flex', alignItems: 'center', gap: '2px' },
} as const;

const DIFFICULTY_ICONS = [
  SignalCellularAlt1BarIcon,
  SignalCellularAlt2BarIcon,
  SignalCellularAltIcon,
];

/** Difficulty icon 1 to 3 from the value class; anything else shows 1, with the number beside. */
export function DifficultyIcon({ ra }: { ra: number | null }) {
  const { t } = useTranslation();
  const level = difficultyLevel(ra ?? 1);
  const Icon = DIFFICULTY_ICONS[level - 1]!;
  return (
    <span
      className="kp-difficulty"
      title={t('kp.difficulty', { level })}
      data-testid="kp-difficulty"
      data-level={level}
    >
      <Icon fontSize="small" style={{ color: LEVEL_COLOURS[level - 1] }} />
      {ra !== null && <span>{ra}</span>}
    </span>
  );
}

/**
 * 'in work' or 'ready' (spec 01 §4), labelled plainly: an outlined chip with a dot of the state's
 * colour (blue and green, as the map and the grid's colouring use them).
 */
export function InworkChip({ inwork }: { inwork: boolean }) {
  const { t } = useTranslation();
  return (
    <span className="kp-state" data-testid="kp-inwork" data-inwork={inwork}>
      <span
        className="kp-state-dot"
        style={{ background: inwork ? INWORK_COLOUR : READY_COLOUR }}
      />
      {t(inwork ? 'kp.inwork' : 'kp.ready')}
    </span>
  );
}

/**
 * A KP without a location: an icon with "No location" as its tooltip, and the words beside it
 * where there is room (`label`).
 */
export function NoLocationMark({ label }: { label: boolean }) {
  const { t } = useTranslation();
  return (
    <span className="kp-noloc" title={t('kp.loc.none.help')} data-testid="kp-noloc">
      <LocationOffIcon
        fontSize="small"
        {...(label ? { 'aria-hidden': true } : { 'aria-label': t('kp.loc.none') })}
      />
      {label && t('kp.loc.none')}
    </span>
  );
}

/** The location to 5 decimals (about a metre; all of them in the tooltip), or its absence marked. */
export function LocationCell({ row }: { row: KpRow }) {
  const loc = row.cp.data.loc;
  if (!loc) return <NoLocationMark label />;
  return <span title={row.loc}>{`${loc.lat.toFixed(5)}, ${loc.lng.toFixed(5)}`}</span>;
}

/** The KP number; on a phone, where the location column is hidden, with the no-location mark. */
export function NrCell({ row }: { row: KpRow }) {
  if (row.cp.data.loc) return <>{String(row.nr)}</>;
  return (
    <span className="kp-nr">
      {String(row.nr)}
      <NoLocationMark label={false} />
    </span>
  );
}

/** A set flag: a quiet tick. */
export function FlagTick() {
  return <CheckIcon fontSize="small" className="kp-flag" />;
}

/**
 * "3 responses": how many there are, as a button that opens the responses editor; a KP with
 * none shows only the button's icon. A correct answer missing from the responses is flagged.
 */
export function ResponsesCell({ row }: { row: KpRow }) {
  const { t } = useTranslation();
  const { editable, openResponses } = useKpGrid();
  const { count, correct } = responsesSummary(row.cp);
  const label = count > 0 ? t('kp.responses.count', { count }) : '';
  const title = correct !== null ? t('kp.responses.summary', { count, correct }) : label;
  if (!editable) return <span title={title}>{label}</span>;
  const open = (e: React.MouseEvent) => {
    e.stopPropagation();
    openResponses(row.id);
  };
  if (count === 0) {
    return (
      <IconButton
        size="small"
        className="kp-responses-none"
        onClick={open}
        title={t('kp.responses.none')}
        aria-label={t('kp.responses.none')}
        data-testid={`kp-responses-${row.id}`}
      >
        <ListIcon fontSize="small" />
      </IconButton>
    );
  }
  return (
    <Button
      size="small"
      startIcon={<ListIcon />}
      onClick={open}
      title={title}
      className="kp-responses"
      data-testid={`kp-responses-${row.id}`}
    >
      {label}
    </Button>
  );
}

/** The correct answer with its text, e.g. "B – red". */
export function AnswerCell({ row }: { row: KpRow }) {
  if (row.answer === '') return null;
  const text = row.cp.data.responses?.[row.answer];
  return <span title={text}>{text ? `${row.answer} – ${text}` : row.answer}</span>;
}

/** Edit, delete, and while editing save and cancel; the row's last save error as an icon. */
export function RowActions({ id }: { id: string }) {
  const { t } = useTranslation();
  const { editable, canManage, rowModes, rowErrors, saveEdit, cancelEdit, openEditor, deleteKp } =
    useKpGrid();
  const error = rowErrors.get(id);
  const editing = rowModes[id]?.mode === GridRowModes.Edit;
  const stop = (fn: (id: string) => void) => (e: React.MouseEvent) => {
    e.stopPropagation();
    fn(id);
  };
  return (
    <span className="kp-actions">
      {error && (
        <Tooltip title={t(error, { defaultValue: t('error.unknown') })}>
          <ErrorIcon color="error" fontSize="small" data-testid={`kp-rowerror-${id}`} />
        </Tooltip>
      )}
      {editing ? (
        <>
          <IconButton
            size="small"
            aria-label={t('kp.save')}
            onClick={stop(saveEdit)}
            data-testid={`kp-save-${id}`}
          >
            <SaveIcon fontSize="small" />
          </IconButton>
          <IconButton
            size="small"
            aria-label={t('common.cancel')}
            onClick={stop(cancelEdit)}
            data-testid={`kp-cancel-${id}`}
          >
            <CloseIcon fontSize="small" />
          </IconButton>
        </>
      ) : (
        editable && (
          <>
            <IconButton
              size="small"
              aria-label={t('kp.edit')}
              onClick={stop(openEditor)}
              data-testid={`kp-edit-${id}`}
            >
              <EditIcon fontSize="small" />
            </IconButton>
            {canManage && (
              <IconButton
                size="small"
                aria-label={t('kp.delete')}
                onClick={stop(deleteKp)}
                data-testid={`kp-delete-${id}`}
              >
                <DeleteIcon fontSize="small" />
              </IconButton>
            )}
          </>
        )
      )}
    </span>
  );
}

/**
 * A text edit cell that shows why its value is refused: the column's preProcessEditCellProps
 * puts a translation key in `error`, which also keeps the row from being saved.
 */
export function ValidatedEditCell(params: GridRenderEditCellParams) {
  const { t } = useTranslation();
  const { error, ...rest } = params as GridRenderEditCellParams & { error?: unknown };
  const errorKey = typeof error === 'string' ? error : null;
  return (
    <Tooltip open={errorKey !== null} title={errorKey ? t(errorKey) : ''} arrow>
      <Box
        sx={{
          width: '100%',
          height: '100%',
          display: 'flex',
          outline: errorKey ? '2px solid' : 'none',
          outlineColor: 'error.main',
          outlineOffset: -2,
        }}
        data-error={errorKey ?? undefined}
      >
        <GridEditInputCell {...rest} />
      </Box>
    </Tooltip>
  );
}
