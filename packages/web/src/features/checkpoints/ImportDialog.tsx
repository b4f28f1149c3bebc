import { useMemo, useRef, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Radio,
  RadioGroup,
  Stack,
  Typography,
} from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import DownloadIcon from '@mui/icons-material/Download';
import { DataGrid } from '@mui/x-data-grid';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import {
  HUMAN_HEADERS,
  IMPORT_MODES,
  KP_TEMPLATE_COLUMNS,
  kpCsvTemplate,
  parseCheckpointFile,
} from '@rada/core';
import type { Checkpoint, ImportMode, ImportPreview, ImportRow } from '@rada/core';
import { useNotify } from '../../components/NotifyProvider.tsx';
import { useMutateOnce } from '../../hooks/useSubmitOnce.ts';
import { errorText } from '../../i18n/errorText.ts';
import { gridLocaleText } from './gridLocale.ts';
import { importIssueText, importSummary } from './importSummary.ts';
import { formatLoc } from './kpRows.ts';
import { readFileBytes } from './kpFiles.ts';
import { useImportCheckpoints } from './useCheckpoints.ts';
import { downloadText } from '../export/download.ts';

/** Preview rows are virtualised; the grid is this tall. */
const PREVIEW_HEIGHT = 300;

function usePreviewColumns(): GridColDef<ImportRow>[] {
  const { t, i18n } = useTranslation();
  return useMemo<GridColDef<ImportRow>[]>(
    () => [
      { field: 'line', headerName: t('kp.import.line'), width: 70, type: 'number' },
      {
        field: 'nr',
        headerName: t('kp.col.nr'),
        width: 70,
        valueGetter: (_v, row) => (row.input ? String(row.input.kp.nr) : ''),
      },
      {
        field: 'desc',
        headerName: t('kp.col.desc'),
        flex: 1,
        minWidth: 140,
        valueGetter: (_v, row) => row.input?.data?.desc ?? '',
      },
      {
        field: 'loc',
        headerName: t('kp.col.loc'),
        width: 180,
        valueGetter: (_v, row) => formatLoc(row.input?.data?.loc),
      },
      {
        field: 'answer',
        headerName: t('kp.col.answer'),
        width: 110,
        valueGetter: (_v, row) => row.input?.answer ?? '',
      },
      {
        field: 'errors',
        headerName: t('kp.import.errors'),
        flex: 1,
        minWidth: 200,
        valueGetter: (_v, row) => row.errors.map((e) => importIssueText(t, e)).join('; '),
        renderCell: ({ value, row }) =>
          row.errors.length > 0 ? (
            <Typography
              variant="body2"
              color="error"
              data-testid="import-row-error"
              sx={{ whiteSpace: 'normal', lineHeight: 1.3 }}
            >
              {String(value)}
              {row.raw !== undefined && (
                <Typography
                  component="span"
                  variant="caption"
                  color="text.secondary"
                  data-testid="import-row-raw"
                  sx={{ display: 'block', fontFamily: 'monospace', wordBreak: 'break-all' }}
                >
                  {t('kp.import.rawline', { line: row.line })} {row.raw}
                </Typography>
              )}
            </Typography>
          ) : null,
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, i18n.language],
  );
}

/**
 * What a CSV file should hold: the template's columns with an example line, and the template
 * itself to download, with headers in the reader's language.
 */
function ImportFormatHelp() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language.startsWith('et') ? 'et' : 'en';
  const h = HUMAN_HEADERS[lang];
  const columns = [
    ...KP_TEMPLATE_COLUMNS.map((c) => h[c] ?? c),
    `${h.response} 1`,
    `${h.response} 2…`,
  ];
  return (
    <Box
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}
      data-testid="import-format"
    >
      <Typography variant="subtitle2">{t('kp.import.format.title')}</Typography>
      <Typography variant="body2" sx={{ mt: 0.5 }} data-testid="import-format-columns">
        {columns.join(' ; ')}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
        {t('kp.import.format.help')}
      </Typography>
      <Typography
        variant="body2"
        component="pre"
        sx={{ fontFamily: 'monospace', fontSize: '0.8rem', m: 0, mt: 1, whiteSpace: 'pre-wrap' }}
        data-testid="import-format-example"
      >
        {kpCsvTemplate(lang)
          .replace(/^\uFEFF/, '')
          .replace(/\r\n/g, '\n')
          .trim()}
      </Typography>
      <Button
        size="small"
        startIcon={<DownloadIcon />}
        sx={{ mt: 1 }}
        onClick={() =>
          downloadText(kpCsvTemplate(lang), KP_TEMPLATE_FILE, 'text/csv;charset=utf-8')
        }
        data-testid="import-template"
      >
        {t('kp.import.template')}
      </Button>
    </Box>
  );
}

/** The file name of the downloaded template. */
const KP_TEMPLATE_FILE = 'checkpoints-template.csv';

/**
 * Import of a checkpoint file (CSV, JSON or GPX): parsed in the browser by core's
 * parseCheckpointFile, shown as a preview with errors per row and a summary of what the chosen
 * mode (add only, merge filling blanks, delete then write) would do. Import stays disabled
 * while the file or any row has an error, so a refused file writes nothing.
 */
export function ImportDialog({
  eventId,
  open,
  checkpoints,
  onClose,
}: {
  eventId: string;
  open: boolean;
  checkpoints: Checkpoint[];
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} maxWidth="lg" fullWidth>
      {open && <ImportForm eventId={eventId} checkpoints={checkpoints} onClose={onClose} />}
    </Dialog>
  );
}

function ImportForm({
  eventId,
  checkpoints,
  onClose,
}: {
  eventId: string;
  checkpoints: Checkpoint[];
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<{ name: string; preview: ImportPreview } | null>(null);
  const [mode, setMode] = useState<ImportMode>('add');
  const [error, setError] = useState<string | null>(null);
  const importKps = useMutateOnce(useImportCheckpoints(eventId));
  const columns = usePreviewColumns();
  const localeText = useMemo(() => gridLocaleText(t), [t, i18n.language]); // eslint-disable-line react-hooks/exhaustive-deps

  const summary = useMemo(
    () => (file ? importSummary(file.preview, checkpoints, mode) : null),
    [file, checkpoints, mode],
  );

  const handleFile = async (chosen: File | undefined) => {
    if (!chosen) return;
    setError(null);
    const bytes = await readFileBytes(chosen);
    setFile({ name: chosen.name, preview: parseCheckpointFile(chosen.name, bytes) });
  };

  const handleImport = () => {
    if (!summary?.canImport || !summary.inputs) return;
    setError(null);
    importKps.mutate(
      { mode, checkpoints: summary.inputs },
      {
        onSuccess: (result) => {
          notify(t('kp.import.done', { ...result }));
          onClose();
        },
        onError: (e) => setError(errorText(t, e)),
      },
    );
  };

  return (
    <>
      <DialogTitle>{t('kp.import.title')}</DialogTitle>
      <DialogContent dividers data-testid="import-dialog">
        <Stack sx={{ gap: 2 }}>
          <Typography variant="body2" color="text.secondary">
            {t('kp.import.help')}
          </Typography>
          <ImportFormatHelp />
          <Stack direction="row" sx={{ gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
            <Button
              variant="outlined"
              startIcon={<UploadFileIcon />}
              onClick={() => fileInput.current?.click()}
              data-testid="import-choose"
            >
              {t('kp.import.choose')}
            </Button>
            <input
              ref={fileInput}
              type="file"
              hidden
              accept=".csv,.tsv,.txt,.json,.gpx,.xml"
              data-testid="import-file"
              onChange={(e) => {
                void handleFile(e.target.files?.[0]);
                e.target.value = '';
              }}
            />
            {file && (
              <Typography data-testid="import-filename">
                {file.name}
                {file.preview.encoding
                  ? ` (${file.preview.format.toUpperCase()}, ${file.preview.encoding})`
                  : ''}
              </Typography>
            )}
          </Stack>

          <RadioGroup
            row
            value={mode}
            onChange={(e) => setMode(e.target.value as ImportMode)}
            aria-label={t('kp.import.mode')}
          >
            {IMPORT_MODES.map((m) => (
              <FormControlLabel
                key={m}
                value={m}
                control={
                  <Radio slotProps={{ input: { 'data-testid': `import-mode-${m}` } as object }} />
                }
                label={t(`kp.import.mode.${m}`)}
              />
            ))}
          </RadioGroup>

          {summary?.fileError && (
            <Alert severity="error" data-testid="import-fileerror">
              {importIssueText(t, summary.fileError)}
            </Alert>
          )}
          {summary && !summary.fileError && (
            <Alert
              severity={summary.errorRows > 0 ? 'error' : summary.canImport ? 'info' : 'warning'}
              data-testid="import-summary"
            >
              {summary.errorRows > 0
                ? t('kp.import.refused', { count: summary.errorRows, rows: summary.rows })
                : summary.plan
                  ? t('kp.import.plan', { rows: summary.rows, ...summary.plan })
                  : t('kp.import.empty')}
            </Alert>
          )}
          {file && !file.preview.fileError && (
            <Box sx={{ height: PREVIEW_HEIGHT }} data-testid="import-preview">
              <DataGrid
                // No `new Function` filter compilation: the CSP has no 'unsafe-eval'.
                disableEval
                rows={file.preview.rows}
                getRowId={(r) => `${r.line}`}
                columns={columns}
                localeText={localeText}
                density="compact"
                hideFooter
                disableRowSelectionOnClick
                getRowHeight={({ model }) =>
                  (model as ImportRow).errors.length > 1 ? 'auto' : null
                }
                getRowClassName={({ row }) => (row.errors.length > 0 ? 'import-row--error' : '')}
                sx={{ '& .import-row--error': { bgcolor: 'rgba(211, 47, 47, 0.06)' } }}
              />
            </Box>
          )}
          {error && (
            <Alert severity="error" data-testid="import-error">
              {error}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button
          variant="contained"
          disabled={!summary?.canImport || importKps.pending}
          onClick={handleImport}
          data-testid="import-submit"
        >
          {t('kp.import.submit')}
        </Button>
      </DialogActions>
    </>
  );
}
