import { useMemo, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { DataGrid } from '@mui/x-data-grid';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { HUMAN_HEADERS, KP_TEMPLATE_COLUMNS, kpCsvTemplate, parseCheckpointFile } from '@rada/core';
import type { Checkpoint, ImportMode, ImportPreview, ImportRow } from '@rada/core';
import { KpMap } from '../map/KpMap.tsx';
import { useNotify } from '../../components/NotifyProvider.tsx';
import { FileChooser, ImportModeChoice } from '../../components/ImportControls.tsx';
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
        field: 'ra',
        headerName: t('kp.col.ra'),
        width: 90,
        type: 'number',
        valueGetter: (_v, row) => row.input?.kp.ra ?? null,
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

/** The preview's good rows as checkpoints, for the map (ids from their lines). */
function previewCheckpoints(preview: ImportPreview): Checkpoint[] {
  return preview.rows.flatMap((row) =>
    row.input ? [{ id: `line-${row.line}`, kp: row.input.kp, data: row.input.data }] : [],
  );
}

/**
 * The file's KPs on the app's map before anything is written: markers with numbers, whether or
 * not the tiles load. Shown when some row has a location.
 */
function ImportMapPreview({ preview, eventId }: { preview: ImportPreview; eventId: string }) {
  const cps = useMemo(() => previewCheckpoints(preview), [preview]);
  const located = cps.filter((c) => c.data.loc).length;
  if (located === 0) return null;
  return (
    <Box sx={{ flex: 2, minWidth: 0 }} data-testid="import-map" data-located={located}>
      <KpMap
        checkpoints={cps}
        colourMode="none"
        editable={false}
        height={PREVIEW_HEIGHT}
        eventId={eventId}
      />
    </Box>
  );
}

/** What the file holds that the import leaves out (CourseData start, finish, courses, scores). */
function ImportNotes({ preview }: { preview: ImportPreview }) {
  const { t } = useTranslation();
  if (!preview.notes || preview.notes.length === 0) return null;
  return (
    <Alert severity="info" data-testid="import-notes">
      {preview.notes.map((note, i) => (
        <Typography key={i} variant="body2" data-testid={`import-note-${note.key.slice(14)}`}>
          {importIssueText(t, note)}
        </Typography>
      ))}
    </Alert>
  );
}

/**
 * Import of a checkpoint file (CSV, JSON, GPX or IOF CourseData): parsed in the browser by core's
 * parseCheckpointFile, shown as a preview with errors per row, the file's KPs on a map, notes on
 * what it leaves out, and a summary of what the chosen mode (add only, merge filling blanks,
 * delete then write) would do. Import stays disabled while the file or any row has an error, so
 * a refused file writes nothing. `rakoef` (the event's value table) turns CourseData scores into
 * value classes.
 */
export function ImportDialog({
  eventId,
  open,
  checkpoints,
  rakoef,
  onClose,
}: {
  eventId: string;
  open: boolean;
  checkpoints: Checkpoint[];
  rakoef?: unknown;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} maxWidth="lg" fullWidth>
      {open && (
        <ImportForm eventId={eventId} checkpoints={checkpoints} rakoef={rakoef} onClose={onClose} />
      )}
    </Dialog>
  );
}

function ImportForm({
  eventId,
  checkpoints,
  rakoef,
  onClose,
}: {
  eventId: string;
  checkpoints: Checkpoint[];
  rakoef: unknown;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const [chosen, setChosen] = useState<{ name: string; bytes: Uint8Array } | null>(null);
  // Parsed again when the value table arrives (CourseData scores are read by it).
  const file = useMemo(
    () =>
      chosen
        ? { name: chosen.name, preview: parseCheckpointFile(chosen.name, chosen.bytes, { rakoef }) }
        : null,
    [chosen, rakoef],
  );
  const [mode, setMode] = useState<ImportMode>('add');
  const [error, setError] = useState<string | null>(null);
  const importKps = useMutateOnce(useImportCheckpoints(eventId));
  const columns = usePreviewColumns();
  const localeText = useMemo(() => gridLocaleText(t), [t, i18n.language]); // eslint-disable-line react-hooks/exhaustive-deps

  const summary = useMemo(
    () => (file ? importSummary(file.preview, checkpoints, mode) : null),
    [file, checkpoints, mode],
  );

  const handleFile = async (picked: File | undefined) => {
    if (!picked) return;
    setError(null);
    const bytes = await readFileBytes(picked);
    setChosen({ name: picked.name, bytes });
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
            <FileChooser
              label={t('kp.import.choose')}
              accept=".csv,.tsv,.txt,.json,.gpx,.xml"
              testId="import"
              onFile={(f) => void handleFile(f)}
            />
            {file && (
              <Typography data-testid="import-filename">
                {file.name}
                {file.preview.encoding
                  ? ` (${
                      file.preview.format === 'coursedata'
                        ? t('kp.import.coursedata')
                        : file.preview.format.toUpperCase()
                    }, ${file.preview.encoding})`
                  : ''}
              </Typography>
            )}
          </Stack>

          <ImportModeChoice
            mode={mode}
            onChange={setMode}
            label={t('kp.import.mode')}
            modeLabel={(m) => t(`kp.import.mode.${m}`)}
            testId="import"
          />

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
          {file && <ImportNotes preview={file.preview} />}
          {file && !file.preview.fileError && (
            <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 2 }}>
              <Box
                sx={{ height: PREVIEW_HEIGHT, flex: 3, minWidth: 0 }}
                data-testid="import-preview"
              >
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
              <ImportMapPreview preview={file.preview} eventId={eventId} />
            </Stack>
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
