import { useMemo, useState } from 'react';
import {
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TableSortLabel,
  TextField,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import DownloadIcon from '@mui/icons-material/Download';
import RestoreIcon from '@mui/icons-material/RestoreFromTrash';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import ViewModuleIcon from '@mui/icons-material/ViewModule';
import { useTranslation } from 'react-i18next';
import type { Checkpoint, EventSummary } from '@rada/core';
import { useNotify } from '../../components/NotifyProvider.tsx';
import { errorText } from '../../i18n/errorText.ts';
import { useDeletedKps } from '../deletedKps/useDeletedKps.ts';
import { ExportFormatMenu } from './ExportFormatMenu.tsx';
import type { ExportFormat } from './kpFiles.ts';
import { OldKpSettings } from './OldKpSettings.tsx';
import { oldKpRows, responseText, showMaxa } from './oldKpTable.ts';
import type { OldColumn, SortOrder } from './oldKpTable.ts';
import { useUpdateCheckpoint } from './useCheckpoints.ts';

export interface OldKpDialogProps {
  event: EventSummary;
  open: boolean;
  checkpoints: Checkpoint[];
  /** May write (admin, not archived): add, import, export, delete and the settings. */
  editable: boolean;
  onClose: () => void;
  onAdd: () => void;
  onImport: () => void;
  onDownload: (format: ExportFormat) => void;
  onRestore: () => void;
  /** Opens the full editor of one KP. */
  onEdit: (id: string) => void;
  onDelete: (id: string) => void;
}

/**
 * The checkpoint data dialog, old version (spec 01 screen 8): a sortable table of nr, indev,
 * response, desc, ra and maxa; add, import and export; the global max answer distance and
 * 'show KPs in web'; a filter; restore (only when deleted KPs exist); switch to the new
 * version; per-row delete. A row opens the full KP editor.
 */
export function OldKpDialog(props: OldKpDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('md'));
  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      maxWidth="lg"
      fullWidth
      fullScreen={fullScreen}
    >
      {props.open && <OldKpContent {...props} />}
    </Dialog>
  );
}

function ExportMenu({ onDownload }: { onDownload: (format: ExportFormat) => void }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  return (
    <>
      <Button
        startIcon={<DownloadIcon />}
        onClick={(e) => setAnchor(e.currentTarget)}
        data-testid="olddialog-export"
      >
        {t('kp.old.export')}
      </Button>
      <ExportFormatMenu
        anchor={anchor}
        onClose={close}
        onDownload={onDownload}
        testIdPrefix="olddialog-export"
      />
    </>
  );
}

function OldKpContent({
  event,
  checkpoints,
  editable,
  onClose,
  onAdd,
  onImport,
  onDownload,
  onRestore,
  onEdit,
  onDelete,
}: OldKpDialogProps) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [filter, setFilter] = useState('');
  const [column, setColumn] = useState<OldColumn>('nr');
  const [order, setOrder] = useState<SortOrder>('asc');
  const update = useUpdateCheckpoint(event.id);
  const deleted = useDeletedKps(event.id, editable);
  const hasDeleted = (deleted.data?.length ?? 0) > 0;

  const rows = useMemo(
    () => oldKpRows(checkpoints, filter, column, order),
    [checkpoints, filter, column, order],
  );
  const maxa = showMaxa(checkpoints);
  const columns: OldColumn[] = [
    'nr',
    'indev',
    'response',
    'desc',
    'ra',
    ...(maxa ? ['maxa' as const] : []),
  ];

  const sortBy = (c: OldColumn) => {
    if (c === column) setOrder(order === 'asc' ? 'desc' : 'asc');
    else {
      setColumn(c);
      setOrder('asc');
    }
  };
  const toggleInwork = (cp: Checkpoint, inwork: boolean) =>
    update.mutate(
      { id: cp.id, body: { kp: { inwork: inwork ? true : null } } },
      { onError: (e) => notify(errorText(t, e), 'error') },
    );

  return (
    <>
      <DialogTitle>{t('kp.old.title')}</DialogTitle>
      <DialogContent dividers data-testid="olddialog">
        <Stack sx={{ gap: 2 }}>
          <OldKpSettings eventId={event.id} disabled={!editable} />
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
            {editable && (
              <>
                <Button startIcon={<AddIcon />} onClick={onAdd} data-testid="olddialog-add">
                  {t('kp.add')}
                </Button>
                <Button
                  startIcon={<UploadFileIcon />}
                  onClick={onImport}
                  data-testid="olddialog-import"
                >
                  {t('kp.import')}
                </Button>
                <ExportMenu onDownload={onDownload} />
              </>
            )}
            {editable && hasDeleted && (
              <Button
                startIcon={<RestoreIcon />}
                onClick={onRestore}
                data-testid="olddialog-restore"
              >
                {t('kp.restore')}
              </Button>
            )}
            <Box sx={{ flex: 1 }} />
            <TextField
              label={t('kp.old.filter')}
              value={filter}
              onChange={(e) => setFilter(e.target.value)}
              slotProps={{ htmlInput: { 'data-testid': 'olddialog-filter' } }}
              sx={{ width: 220 }}
            />
          </Stack>
          <TableContainer sx={{ maxHeight: '55vh' }}>
            <Table size="small" stickyHeader data-testid="olddialog-table">
              <TableHead>
                <TableRow>
                  {columns.map((c) => (
                    <TableCell
                      key={c}
                      sortDirection={column === c ? order : false}
                      sx={{ whiteSpace: 'nowrap' }}
                    >
                      <TableSortLabel
                        active={column === c}
                        direction={column === c ? order : 'asc'}
                        onClick={() => sortBy(c)}
                        data-testid={`olddialog-sort-${c}`}
                      >
                        {t(`kp.old.col.${c}`)}
                      </TableSortLabel>
                    </TableCell>
                  ))}
                  {editable && <TableCell padding="checkbox" />}
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((cp) => (
                  <TableRow
                    key={cp.id}
                    hover
                    onClick={() => onEdit(cp.id)}
                    sx={{ cursor: 'pointer' }}
                    data-testid={`olddialog-row-${String(cp.kp.nr)}`}
                  >
                    <TableCell>{String(cp.kp.nr)}</TableCell>
                    <TableCell padding="checkbox" onClick={(e) => e.stopPropagation()}>
                      <Checkbox
                        size="small"
                        checked={cp.kp.inwork === true}
                        disabled={!editable}
                        onChange={(e) => toggleInwork(cp, e.target.checked)}
                        slotProps={{ input: { 'aria-label': t('kp.old.col.indev') } }}
                      />
                    </TableCell>
                    <TableCell>{responseText(cp)}</TableCell>
                    <TableCell>{cp.data.desc ?? ''}</TableCell>
                    <TableCell>{cp.kp.ra ?? ''}</TableCell>
                    {maxa && <TableCell>{cp.kp.maxanswerdistance ?? ''}</TableCell>}
                    {editable && (
                      <TableCell padding="checkbox">
                        <IconButton
                          size="small"
                          aria-label={t('kp.delete')}
                          onClick={(e) => {
                            e.stopPropagation();
                            onDelete(cp.id);
                          }}
                          data-testid={`olddialog-delete-${cp.id}`}
                        >
                          <DeleteIcon fontSize="small" />
                        </IconButton>
                      </TableCell>
                    )}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button
          startIcon={<ViewModuleIcon />}
          onClick={onClose}
          sx={{ mr: 'auto' }}
          data-testid="olddialog-switch"
        >
          {t('kp.old.switch')}
        </Button>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </>
  );
}
