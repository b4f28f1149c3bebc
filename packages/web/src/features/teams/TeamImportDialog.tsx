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
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { acceptedTeamInputs, parseIofTeamFile, planTeamImport, zonedDate } from '@rada/core';
import type {
  ImportMode,
  ImportTeamsBody,
  TeamImportIssue,
  TeamImportPlan,
  TeamImportPreview,
  TeamImportRowPlan,
  TeamListEntry,
} from '@rada/core';
import { api } from '../../api/client.ts';
import { useNotify } from '../../components/NotifyProvider.tsx';
import { FileChooser, ImportModeChoice } from '../../components/ImportControls.tsx';
import { useMutateOnce } from '../../hooks/useSubmitOnce.ts';
import { errorText } from '../../i18n/errorText.ts';
import { readFileBytes } from '../checkpoints/kpFiles.ts';
import { formatDateTime } from '../events/formatEventDates.ts';

/** Rows shown in the preview table; the summary counts them all. */
const SHOWN_ROWS = 300;

export interface TeamImportDialogProps {
  eventId: string;
  teams: readonly TeamListEntry[];
  classes: ReadonlyMap<string, string>;
  /** The event's start (epoch ms), or null. */
  eventStart: number | null;
  onClose: () => void;
}

const issueText = (t: TFunction, issue: TeamImportIssue) =>
  t(issue.key, {
    field: issue.field,
    value: issue.value,
    count: issue.count,
    max: issue.max,
    line: issue.line,
  });

/** A local plan's rows in the server's form (until the server's dry run answers). */
function localRowPlans(count: number, plan: TeamImportPlan): TeamImportRowPlan[] {
  const out: TeamImportRowPlan[] = Array.from({ length: count }, () => ({ action: 'exists' }));
  for (const a of plan.add) out[a.index] = { action: 'add' };
  for (const u of plan.update) out[u.index] = { action: 'update', fields: Object.keys(u.fill) };
  for (const k of plan.skipped) out[k.index] = { action: k.reason };
  return out;
}

/** What the plan does with one row, in words. */
function actionText(t: TFunction, plan: TeamImportRowPlan | undefined): string {
  if (!plan) return '';
  if (plan.action === 'update') {
    const fields = plan.fields.map((f) => t(`teamimport.field.${f}`));
    return t('teamimport.action.update', { fields: fields.join(', ') });
  }
  return t(`teamimport.action.${plan.action}`);
}

/**
 * Import of teams from an IOF XML 3.0 EntryList or StartList (docs/team-import.md): read in the
 * browser by core's parseIofTeamFile, planned with planTeamImport against the teams shown, and
 * previewed row by row (new, which blanks it fills, skipped and why, errors) before anything is
 * written. Import stays disabled while the file or a row has an error; the server plans again
 * and writes the whole plan in one transaction.
 */
export function TeamImportDialog({
  eventId,
  teams,
  classes,
  eventStart,
  onClose,
}: TeamImportDialogProps) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const queryClient = useQueryClient();
  const [file, setFile] = useState<{
    name: string;
    preview: TeamImportPreview;
    id: number;
  } | null>(null);
  const [mode, setMode] = useState<ImportMode>('add');
  const [error, setError] = useState<string | null>(null);
  const importTeams = useMutateOnce(
    useMutation({
      mutationFn: (body: ImportTeamsBody) => api.importTeams(eventId, body),
      onSettled: () => queryClient.invalidateQueries({ queryKey: ['event', eventId] }),
    }),
  );

  const inputs = useMemo(() => (file ? acceptedTeamInputs(file.preview) : null), [file]);
  const plan = useMemo(() => {
    if (!inputs) return null;
    // The Teams tab knows no stored members or contact: the server fills only true blanks.
    const existing = teams.map((x) => ({
      id: x.id,
      name: x.name,
      nr: x.nr,
      klassid: x.klassid,
      starttime: x.starttime,
      members: [],
      club: null,
      email: null,
      phone: null,
    }));
    return planTeamImport(existing, classes, inputs, mode);
  }, [inputs, teams, classes, mode]);
  // The server's own plan (a dry run): it knows the stored members, club and contact.
  const dryRun = useQuery({
    queryKey: ['teamimport', eventId, file?.id ?? 0, mode],
    queryFn: () => api.importTeams(eventId, { mode, teams: inputs!, dryRun: true }),
    enabled: inputs !== null,
    staleTime: 0,
    gcTime: 0,
  });
  const counts =
    dryRun.data ??
    (plan && {
      added: plan.add.length,
      updated: plan.update.length,
      skipped: plan.skipped.length,
      removed: plan.remove.length,
      newClasses: plan.newClasses.map((c) => c.name),
    });
  const rowPlans = useMemo(
    () => dryRun.data?.plan ?? (plan && inputs ? localRowPlans(inputs.length, plan) : []),
    [dryRun.data, plan, inputs],
  );
  const errorRows = file ? file.preview.rows.filter((r) => r.errors.length > 0).length : 0;

  const handleFile = async (picked: File | undefined) => {
    if (!picked) return;
    setError(null);
    const bytes = await readFileBytes(picked);
    // The organiser's clock, as the Teams tab shows times and the exports write them.
    const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const eventDate = eventStart === null ? undefined : zonedDate(eventStart, timeZone);
    setFile({
      name: picked.name,
      preview: parseIofTeamFile(bytes, { timeZone, eventDate }),
      id: Date.now(),
    });
  };

  const handleImport = () => {
    if (!inputs || !plan) return;
    setError(null);
    importTeams.mutate(
      { mode, teams: inputs },
      {
        onSuccess: (result) => {
          notify(t('teamimport.done', { ...result }));
          onClose();
        },
        onError: (e) => setError(errorText(t, e)),
      },
    );
  };

  const preview = file?.preview;
  return (
    <Dialog open onClose={onClose} maxWidth="lg" fullWidth fullScreen={phone}>
      <DialogTitle>{t('teamimport.title')}</DialogTitle>
      <DialogContent dividers data-testid="teamimport-dialog">
        <Stack sx={{ gap: 2 }}>
          <Typography variant="body2" color="text.secondary">
            {t('teamimport.help')}
          </Typography>
          <Stack direction="row" sx={{ gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
            <FileChooser
              label={t('teamimport.choose')}
              accept=".xml,application/xml,text/xml"
              testId="teamimport"
              onFile={(f) => void handleFile(f)}
            />
            {file && (
              <Typography data-testid="teamimport-filename" sx={{ wordBreak: 'break-all' }}>
                {file.name}
                {preview?.list ? ` (${t(`teamimport.list.${preview.list}`)}` : ''}
                {preview?.list && preview.creator
                  ? `, ${t('teamimport.from', { creator: preview.creator })})`
                  : preview?.list
                    ? ')'
                    : ''}
              </Typography>
            )}
          </Stack>
          <ImportModeChoice
            mode={mode}
            onChange={setMode}
            label={t('teamimport.mode')}
            modeLabel={(m) => t(`teamimport.mode.${m}`)}
            testId="teamimport"
          />
          {preview?.fileError && (
            <Alert severity="error" data-testid="teamimport-fileerror">
              {issueText(t, preview.fileError)}
            </Alert>
          )}
          {preview && !preview.fileError && (
            <Alert
              severity={errorRows > 0 ? 'error' : 'info'}
              data-testid="teamimport-summary"
              data-planned={dryRun.data ? 'server' : 'local'}
            >
              {errorRows > 0
                ? t('teamimport.refused', { count: errorRows, rows: preview.rows.length })
                : counts &&
                  t('teamimport.plan', {
                    rows: preview.rows.length,
                    add: counts.added,
                    update: counts.updated,
                    skip: counts.skipped,
                    remove: counts.removed,
                  })}
              {counts && counts.newClasses.length > 0 && (
                <Typography variant="body2" data-testid="teamimport-newclasses">
                  {t('teamimport.newclasses', { names: counts.newClasses.join(', ') })}
                </Typography>
              )}
            </Alert>
          )}
          {preview && !preview.fileError && (
            <Box
              sx={{ maxHeight: phone ? 'none' : 360, overflow: 'auto' }}
              data-testid="teamimport-preview"
            >
              <Table size="small" stickyHeader>
                <TableHead>
                  <TableRow>
                    {(
                      ['line', 'name', 'nr', 'class', 'members', 'club', 'start', 'action'] as const
                    ).map((c) => (
                      <TableCell key={c}>{t(`teamimport.col.${c}`)}</TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {preview.rows.slice(0, SHOWN_ROWS).map((row, i) => (
                    <TableRow
                      key={`${row.line}-${i}`}
                      data-testid="teamimport-row"
                      sx={
                        row.errors.length > 0 ? { bgcolor: 'rgba(211, 47, 47, 0.06)' } : undefined
                      }
                    >
                      <TableCell>{row.line}</TableCell>
                      <TableCell>{row.label}</TableCell>
                      <TableCell>{row.input?.nr ?? ''}</TableCell>
                      <TableCell>{row.input?.className ?? ''}</TableCell>
                      <TableCell>{row.input?.members?.join(', ') ?? ''}</TableCell>
                      <TableCell>{row.input?.club ?? ''}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        {formatDateTime(row.input?.starttime ?? null, i18n.language) ?? ''}
                      </TableCell>
                      <TableCell data-testid="teamimport-action">
                        {row.errors.length > 0 ? (
                          <Typography variant="body2" color="error">
                            {row.errors.map((e) => issueText(t, e)).join('; ')}
                          </Typography>
                        ) : (
                          // With a plan every row is accepted: its index is the input's.
                          actionText(t, rowPlans[i])
                        )}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
              {preview.rows.length > SHOWN_ROWS && (
                <Typography variant="body2" color="text.secondary" sx={{ p: 1 }}>
                  {t('teamimport.more', { count: preview.rows.length - SHOWN_ROWS })}
                </Typography>
              )}
            </Box>
          )}
          {error && (
            <Alert severity="error" data-testid="teamimport-error">
              {error}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('teamimport.cancel')}</Button>
        <Button
          variant="contained"
          disabled={!plan || importTeams.pending}
          onClick={handleImport}
          data-testid="teamimport-submit"
        >
          {t('teamimport.import')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
