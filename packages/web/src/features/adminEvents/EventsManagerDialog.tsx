import { useState } from 'react';
import {
  Box,
  Checkbox,
  Chip,
  Dialog,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  IconButton,
  Link,
  Menu,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  Tooltip,
} from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { AdminEventRow, JobKind } from '@rada/core';
import { api, queryKeys } from '../../api/client.ts';
import { EmptyState, ErrorState, LoadingState } from '../../components/States.tsx';
import { useNotify } from '../../components/NotifyProvider.tsx';
import { useDebouncedValue } from '../../hooks/useDebouncedValue.ts';
import { errorText } from '../../i18n/errorText.ts';
import { ArchiveJobDialog } from '../archive/ArchivePanel.tsx';
import { useConfig } from '../auth/useMe.ts';
import { ArchiveStorageDialog } from './ArchiveStorageDialog.tsx';
import { RawDataDialog } from './RawDataView.tsx';

/** The search asks the server once typing pauses this long. */
const SEARCH_DELAY_MS = 500;

/**
 * The super admin's table of every event (spec 02 §2): id, date, name, owner, the unpaid mark
 * (a click toggles it), links to the event and its results, the archive state, and a row menu
 * with Unarchive, the first tier's Cleanup (when the server has a second tier), the event's
 * stored documents and, for an archived event, where its files are; 100 a page, newest start
 * first, searched by id, name or owner, optionally only events with files in the first tier.
 */
export function EventsManagerDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim(), SEARCH_DELAY_MS);
  const [firsttier, setFirsttier] = useState(false);
  const [page, setPage] = useState(0);
  const [menu, setMenu] = useState<{ anchor: HTMLElement; row: AdminEventRow } | null>(null);
  const [job, setJob] = useState<{ eventId: string; kind: JobKind } | null>(null);
  const [shown, setShown] = useState<{ eventId: string; what: 'raw' | 'storage' } | null>(null);
  const secondTier = useConfig().data?.tools.secondTier === true;
  const query = { page, q, firsttier };
  const events = useQuery({
    queryKey: [...queryKeys.adminEvents, query],
    queryFn: () => api.adminEvents(query),
    placeholderData: keepPreviousData,
  });
  const unpaid = useMutation({
    mutationFn: (row: AdminEventRow) => api.setUnpaid(row.id, row.unpaidAt === null),
    onError: (e) => notify(errorText(t, e), 'error'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.adminEvents }),
  });
  const view = events.data;

  return (
    <Dialog open onClose={onClose} fullScreen data-testid="eventsmanager">
      <DialogTitle sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Box sx={{ flex: 1 }}>{t('admin.events.title')}</Box>
        <IconButton aria-label={t('admin.events.close')} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2, mb: 1 }}>
          <TextField
            label={t('admin.events.search')}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setPage(0);
            }}
            sx={{ minWidth: 320 }}
            slotProps={{ htmlInput: { 'data-testid': 'eventsmanager-search' } }}
          />
          <FormControlLabel
            control={
              <Checkbox
                checked={firsttier}
                onChange={(e) => {
                  setFirsttier(e.target.checked);
                  setPage(0);
                }}
                data-testid="eventsmanager-firsttier"
              />
            }
            label={t('admin.events.firsttier')}
          />
        </Stack>
        {events.isPending ? (
          <LoadingState />
        ) : events.isError || !view ? (
          <ErrorState error={events.error} onRetry={() => void events.refetch()} />
        ) : view.rows.length === 0 ? (
          <EmptyState text={t('admin.events.empty')} />
        ) : (
          <>
            <TableContainer>
              <Table size="small" data-testid="eventsmanager-table">
                <TableHead>
                  <TableRow>
                    <TableCell>{t('admin.events.col.id')}</TableCell>
                    <TableCell>{t('admin.events.col.date')}</TableCell>
                    <TableCell>{t('admin.events.col.name')}</TableCell>
                    <TableCell>{t('admin.events.col.owner')}</TableCell>
                    <TableCell>{t('admin.events.col.unpaid')}</TableCell>
                    <TableCell>{t('admin.events.col.open')}</TableCell>
                    <TableCell>{t('admin.events.col.result')}</TableCell>
                    <TableCell>{t('admin.events.col.archived')}</TableCell>
                    <TableCell padding="checkbox" />
                  </TableRow>
                </TableHead>
                <TableBody>
                  {view.rows.map((row) => (
                    <TableRow key={row.id} data-testid={`eventsmanager-row-${row.id}`}>
                      <TableCell sx={{ fontFamily: 'monospace' }}>{row.id}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        {row.starttime === null ? '' : dayjs(row.starttime).format('DD. MMM YYYY')}
                      </TableCell>
                      <TableCell>{row.name}</TableCell>
                      <TableCell>
                        {row.owner ? (
                          <Tooltip title={row.owner.email}>
                            <span>{row.owner.displayName || t('admin.events.emptyuser')}</span>
                          </Tooltip>
                        ) : (
                          <Box component="span" sx={{ color: 'text.secondary' }}>
                            {t('admin.events.noowner')}
                          </Box>
                        )}
                      </TableCell>
                      <TableCell>
                        <Chip
                          size="small"
                          clickable
                          disabled={unpaid.isPending}
                          color={row.unpaidAt === null ? 'default' : 'warning'}
                          variant={row.unpaidAt === null ? 'outlined' : 'filled'}
                          label={
                            row.unpaidAt === null
                              ? t('admin.events.paid')
                              : t('admin.events.unpaid', {
                                  date: dayjs(row.unpaidAt).format('DD.MM.YYYY'),
                                })
                          }
                          onClick={() => unpaid.mutate(row)}
                          data-testid={`eventsmanager-unpaid-${row.id}`}
                          data-unpaid={row.unpaidAt !== null}
                        />
                      </TableCell>
                      <TableCell>
                        <Link component={RouterLink} to={`/${row.id}`}>
                          {row.id}
                        </Link>
                      </TableCell>
                      <TableCell>
                        <Link component={RouterLink} to={`/${row.id}/result`}>
                          {`${row.id}/result`}
                        </Link>
                      </TableCell>
                      <TableCell data-testid={`eventsmanager-arch-${row.id}`}>
                        {row.arch ? row.arch.toUpperCase() : ''}
                        {row.firstTier && (
                          <Chip
                            size="small"
                            variant="outlined"
                            sx={{ ml: 1 }}
                            label={t('admin.events.infirst')}
                          />
                        )}
                      </TableCell>
                      <TableCell padding="checkbox">
                        <IconButton
                          size="small"
                          aria-label={t('admin.events.menu', { id: row.id })}
                          onClick={(e) => setMenu({ anchor: e.currentTarget, row })}
                          data-testid={`eventsmanager-menu-${row.id}`}
                        >
                          <MoreVertIcon fontSize="small" />
                        </IconButton>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
            <TablePagination
              component="div"
              count={view.total}
              page={page}
              rowsPerPage={view.pageSize}
              rowsPerPageOptions={[view.pageSize]}
              onPageChange={(_e, next) => setPage(next)}
            />
          </>
        )}
      </DialogContent>
      {menu && (
        <Menu anchorEl={menu.anchor} open onClose={() => setMenu(null)}>
          <MenuItem
            disabled={menu.row.arch !== 'a1'}
            onClick={() => {
              setJob({ eventId: menu.row.id, kind: 'unarchive' });
              setMenu(null);
            }}
            data-testid="eventsmanager-unarchive"
          >
            {menu.row.arch === 'a2' ? t('admin.events.unarchive.final') : t('archive.restore')}
          </MenuItem>
          {secondTier && (
            <MenuItem
              disabled={menu.row.arch === null || !menu.row.firstTier}
              onClick={() => {
                setJob({ eventId: menu.row.id, kind: 'cleanup' });
                setMenu(null);
              }}
              data-testid="eventsmanager-cleanup"
            >
              {t('archive.cleanup')}
            </MenuItem>
          )}
          <MenuItem
            onClick={() => {
              setShown({ eventId: menu.row.id, what: 'raw' });
              setMenu(null);
            }}
            data-testid="eventsmanager-raw"
          >
            {t('admin.events.raw')}
          </MenuItem>
          {menu.row.arch !== null && (
            <MenuItem
              onClick={() => {
                setShown({ eventId: menu.row.id, what: 'storage' });
                setMenu(null);
              }}
              data-testid="eventsmanager-storage"
            >
              {t('admin.events.storage')}
            </MenuItem>
          )}
          <MenuItem component={RouterLink} to={`/${menu.row.id}/settings`}>
            {t('admin.events.settings')}
          </MenuItem>
        </Menu>
      )}
      {job && (
        <ArchiveJobDialog eventId={job.eventId} kind={job.kind} onClose={() => setJob(null)} />
      )}
      {shown?.what === 'raw' && (
        <RawDataDialog eventId={shown.eventId} onClose={() => setShown(null)} />
      )}
      {shown?.what === 'storage' && (
        <ArchiveStorageDialog eventId={shown.eventId} onClose={() => setShown(null)} />
      )}
    </Dialog>
  );
}
