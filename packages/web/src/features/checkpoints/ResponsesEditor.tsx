import { useCallback, useMemo, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Radio,
  Tooltip,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { DataGrid } from '@mui/x-data-grid';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import type { Checkpoint } from '@rada/core';
import { errorText } from '../../i18n/errorText.ts';
import {
  addResponse,
  draftChanged,
  draftFromCheckpoint,
  draftValue,
  editResponse,
  removeResponse,
  responseErrors,
  setCorrect,
  validateDraft,
} from './responsesDraft.ts';
import type { ResponseRow, ResponsesDraft } from './responsesDraft.ts';
import { gridLocaleText } from './gridLocale.ts';
import { useUpdateCheckpoint } from './useCheckpoints.ts';

/**
 * The responses of one KP as a small grid: id and text edited in the cell (double-click or
 * type), the correct one chosen with a radio, rows added and removed. The correct radio cannot
 * be switched off on its own row (spec 01 §5); choose another row or remove the row instead.
 */
export function ResponsesGrid({
  draft,
  onChange,
  disabled = false,
}: {
  draft: ResponsesDraft;
  onChange: (next: ResponsesDraft) => void;
  disabled?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const errors = useMemo(() => responseErrors(draft), [draft]);
  // Cells call back with the draft they were rendered with; keep the newest in a ref-like state.
  const apply = useCallback(
    (fn: (d: ResponsesDraft) => ResponsesDraft) => onChange(fn(draft)),
    [draft, onChange],
  );

  const columns = useMemo<GridColDef<ResponseRow>[]>(
    () => [
      {
        field: 'correct',
        headerName: t('kp.responses.correct'),
        width: 80,
        sortable: false,
        filterable: false,
        disableColumnMenu: true,
        renderCell: ({ row }) => {
          const correct = draft.correctKey === row.key;
          return (
            <Tooltip title={correct ? t('kp.responses.iscorrect') : t('kp.responses.makecorrect')}>
              <Radio
                size="small"
                checked={correct}
                disabled={disabled}
                // The correct row's radio stays on: clicking it changes nothing.
                onChange={() => apply((d) => setCorrect(d, row.key))}
                slotProps={{ input: { 'aria-label': t('kp.responses.makecorrect') } }}
                data-testid={`responses-correct-${row.id}`}
              />
            </Tooltip>
          );
        },
      },
      {
        field: 'id',
        headerName: t('kp.responses.id'),
        width: 90,
        editable: !disabled,
        sortable: false,
      },
      {
        field: 'text',
        headerName: t('kp.responses.text'),
        flex: 1,
        minWidth: 160,
        editable: !disabled,
        sortable: false,
      },
      {
        field: 'score',
        headerName: t('kp.responses.score'),
        description: t('kp.responses.score.help'),
        type: 'number',
        width: 90,
        editable: !disabled,
        sortable: false,
      },
      {
        field: 'remove',
        headerName: '',
        width: 56,
        sortable: false,
        filterable: false,
        disableColumnMenu: true,
        renderCell: ({ row }) => (
          <IconButton
            size="small"
            disabled={disabled}
            aria-label={t('kp.responses.remove')}
            onClick={() => apply((d) => removeResponse(d, row.key))}
            data-testid={`responses-remove-${row.id}`}
          >
            <DeleteIcon fontSize="small" />
          </IconButton>
        ),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, i18n.language, draft.correctKey, disabled, apply],
  );
  const localeText = useMemo(
    () => ({ ...gridLocaleText(t), noRowsLabel: t('kp.responses.empty') }),
    [t, i18n.language], // eslint-disable-line react-hooks/exhaustive-deps
  );

  const processRowUpdate = useCallback(
    (row: ResponseRow) => {
      const score = row.score === null || Number.isFinite(Number(row.score)) ? row.score : null;
      apply((d) =>
        editResponse(d, row.key, {
          id: String(row.id ?? ''),
          text: String(row.text ?? ''),
          score: score === null ? null : Number(score),
        }),
      );
      return row;
    },
    [apply],
  );

  const firstError = errors.values().next();
  return (
    <Box data-testid="responses-grid">
      <DataGrid
        // No `new Function` filter compilation: the CSP has no 'unsafe-eval'.
        disableEval
        rows={draft.rows}
        getRowId={(r) => r.key}
        columns={columns}
        localeText={localeText}
        processRowUpdate={processRowUpdate}
        getRowClassName={({ row }) => (errors.has(row.key) ? 'responses-row-error' : '')}
        autoHeight
        // A KP has a handful of responses: render them all (also keeps jsdom tests simple).
        disableVirtualization
        hideFooter
        density="compact"
        disableRowSelectionOnClick
        sx={{ '& .responses-row-error': { bgcolor: 'error.light', color: 'error.contrastText' } }}
      />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 1 }}>
        <Button
          size="small"
          startIcon={<AddIcon />}
          disabled={disabled}
          onClick={() => apply(addResponse)}
          data-testid="responses-add"
        >
          {t('kp.responses.add')}
        </Button>
        {!firstError.done && (
          <Typography color="error" variant="body2" data-testid="responses-error">
            {t(firstError.value)}
          </Typography>
        )}
      </Box>
    </Box>
  );
}

/**
 * The responses editor popup (spec 01 screen 9): the ResponsesGrid for one KP, saved with one
 * PATCH of data.responses, data.scores and the answer, checked by validateCheckpointAnswer.
 */
export function ResponsesEditor({
  eventId,
  checkpoint,
  onClose,
}: {
  eventId: string;
  /** The KP to edit; the dialog is open while it is set. */
  checkpoint: Checkpoint | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={checkpoint !== null} onClose={onClose} maxWidth="md" fullWidth>
      {checkpoint && (
        <ResponsesForm
          key={checkpoint.id}
          eventId={eventId}
          checkpoint={checkpoint}
          onClose={onClose}
          title={t('kp.responses.title', { nr: checkpoint.kp.nr })}
        />
      )}
    </Dialog>
  );
}

function ResponsesForm({
  eventId,
  checkpoint,
  onClose,
  title,
}: {
  eventId: string;
  checkpoint: Checkpoint;
  onClose: () => void;
  title: string;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(() => draftFromCheckpoint(checkpoint));
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateCheckpoint(eventId);
  const problem = validateDraft(draft);
  const changed = draftChanged(checkpoint, draft);

  const handleSave = () => {
    if (problem) return;
    const value = draftValue(draft);
    update.mutate(
      {
        id: checkpoint.id,
        body: { data: { responses: value.responses, scores: value.scores }, answer: value.answer },
      },
      { onSuccess: onClose, onError: (e) => setError(errorText(t, e)) },
    );
  };

  return (
    <>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent data-testid="responses-editor">
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('kp.responses.help')}
        </Typography>
        <ResponsesGrid draft={draft} onChange={setDraft} disabled={update.isPending} />
        {problem === 'kpdata.badresponse' && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {t(problem)}
          </Alert>
        )}
        {error && (
          <Alert severity="error" sx={{ mt: 1 }} data-testid="responses-save-error">
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button
          variant="contained"
          disabled={!!problem || !changed || update.isPending}
          onClick={handleSave}
          data-testid="responses-save"
        >
          {t('kp.save')}
        </Button>
      </DialogActions>
    </>
  );
}
