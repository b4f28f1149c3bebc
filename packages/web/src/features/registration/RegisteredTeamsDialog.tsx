import { useMemo, useState } from 'react';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  IconButton,
  InputAdornment,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import EditIcon from '@mui/icons-material/Edit';
import SearchIcon from '@mui/icons-material/Search';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  parseClasses,
  regColumns,
  registrationsCsv,
  regPeopleCell,
  regPeopleColumns,
} from '@rada/core';
import type { EventSummary, RegColumn, RegPeopleColumn, RegistrationRow } from '@rada/core';
import { api, queryKeys } from '../../api/client.ts';
import { EmptyState, ErrorState, LoadingState } from '../../components/States.tsx';
import { useNotify } from '../../components/NotifyProvider.tsx';
import { errorText } from '../../i18n/errorText.ts';
import { downloadText } from '../export/download.ts';
import { formatDateTime } from '../events/formatEventDates.ts';
import { fieldLabel } from './regForm.ts';
import { cellText, csvFileName, csvLabels, filterRows, shownFields } from './regTable.ts';
import { useRefreshRegistrations, useRegistrations } from './useRegForm.ts';

export { EditRegistrationDialog } from './EditRegistrationDialog.tsx';
import { EditRegistrationDialog } from './EditRegistrationDialog.tsx';

/**
 * The registered teams dialog (spec 01 screen 7): a filter, a 'Split multi responses' switch,
 * the CSV export (reg_{event}.csv) and a table with the row number, an edit icon, the allowed
 * toggle, the team id (its user's email, phone and name in a tooltip, admins only), the team
 * name, the members and club a team import stored (when any team has them), the fields by
 * order, the registration time and the organiser's comment.
 */
export function RegisteredTeamsDialog({
  event,
  open,
  onClose,
}: {
  event: EventSummary;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('md'));
  const view = useRegistrations(event.id, open);
  const klassid = useQuery({
    queryKey: queryKeys.settings(event.id),
    queryFn: () => api.settings(event.id),
    enabled: open,
  }).data?.settings.klassid;
  const [filter, setFilter] = useState('');
  const [split, setSplit] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);

  const fields = useMemo(
    () => (view.data ? shownFields(view.data.fields, view.data.rows) : []),
    [view.data],
  );
  const columns = useMemo(() => regColumns(fields, split), [fields, split]);
  const people = useMemo(() => regPeopleColumns(view.data?.rows ?? []), [view.data]);
  const rows = useMemo(
    () => (view.data ? filterRows(view.data.rows, filter) : []),
    [view.data, filter],
  );

  const handleCsv = () => {
    if (!view.data) return;
    const csv = registrationsCsv({ fields, rows }, split, csvLabels(t, parseClasses(klassid)));
    downloadText(csv, csvFileName(event.id), 'text/csv;charset=utf-8');
  };

  let content: React.ReactNode;
  if (view.isPending) content = <LoadingState />;
  else if (view.isError) {
    content = <ErrorState error={view.error} onRetry={() => void view.refetch()} />;
  } else if (view.data.rows.length === 0) {
    content = <EmptyState text={t('reg.noteams')} testId="reg-teams-empty" />;
  } else {
    content = (
      <RegistrationsTable
        event={event}
        rows={rows}
        columns={columns}
        people={people}
        onEdit={(teamId) => setEditing(teamId)}
      />
    );
  }

  return (
    <>
      <Dialog
        open={open}
        onClose={onClose}
        fullWidth
        maxWidth="xl"
        fullScreen={fullScreen}
        data-testid="reg-teams-dialog"
      >
        <DialogTitle>{t('reg.teams.title')}</DialogTitle>
        <DialogContent dividers sx={{ px: { xs: 1, sm: 3 } }}>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ mb: 2, alignItems: { sm: 'center' } }}
          >
            <TextField
              size="small"
              placeholder={t('reg.teams.filter')}
              value={filter}
              onChange={(e) => setFilter(e.target.value)}
              slotProps={{
                input: {
                  startAdornment: (
                    <InputAdornment position="start">
                      <SearchIcon fontSize="small" />
                    </InputAdornment>
                  ),
                },
                htmlInput: { 'aria-label': t('reg.teams.filter'), 'data-testid': 'reg-filter' },
              }}
              sx={{ minWidth: 240 }}
            />
            <FormControlLabel
              control={
                <Switch
                  checked={split}
                  onChange={(e) => setSplit(e.target.checked)}
                  slotProps={{
                    input: {
                      'data-testid': 'reg-split',
                    } as React.InputHTMLAttributes<HTMLInputElement>,
                  }}
                />
              }
              label={t('reg.teams.split')}
            />
            <Box sx={{ flex: 1 }} />
            <Button
              startIcon={<DownloadIcon />}
              onClick={handleCsv}
              disabled={!view.data}
              data-testid="reg-csv"
            >
              {t('reg.teams.csv')}
            </Button>
          </Stack>
          {content}
        </DialogContent>
        <DialogActions>
          <Typography variant="body2" color="text.secondary" sx={{ flex: 1, pl: 2 }}>
            {view.data
              ? t('reg.teams.count', { shown: rows.length, count: view.data.rows.length })
              : ''}
          </Typography>
          <Button onClick={onClose} data-testid="reg-teams-close">
            {t('common.close')}
          </Button>
        </DialogActions>
      </Dialog>
      <EditRegistrationDialog event={event} teamId={editing} onClose={() => setEditing(null)} />
    </>
  );
}

function RegistrationsTable({
  event,
  rows,
  columns,
  people,
  onEdit,
}: {
  event: EventSummary;
  rows: RegistrationRow[];
  columns: RegColumn[];
  /** The imported people columns (members, club) some team has. */
  people: readonly RegPeopleColumn[];
  onEdit: (teamId: string) => void;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const refresh = useRefreshRegistrations(event.id);
  const readOnly = event.arch !== null;
  const allow = useMutation({
    mutationFn: ({ teamId, allowed }: { teamId: string; allowed: boolean }) =>
      api.updateRegistration(event.id, teamId, { allowed }),
    onSuccess: () => refresh(),
    onError: (e) => notify(errorText(t, e), 'error'),
  });

  if (rows.length === 0) return <EmptyState text={t('reg.teams.nomatch')} />;
  return (
    <TableContainer sx={{ maxHeight: { md: '65vh' } }}>
      <Table size="small" stickyHeader data-testid="reg-teams-table">
        <TableHead>
          <TableRow>
            <TableCell>{t('reg.col.nr')}</TableCell>
            <TableCell padding="checkbox" />
            <TableCell>{t('reg.col.allowed')}</TableCell>
            <TableCell>{t('reg.col.teamid')}</TableCell>
            <TableCell>{t('reg.field.teamname')}</TableCell>
            {people.map((c) => (
              <TableCell key={c} data-testid={`reg-col-${c}`}>
                {t(`reg.col.${c}`)}
              </TableCell>
            ))}
            {columns.map((c) => (
              <TableCell key={`${c.field.id}:${c.choice ?? ''}`}>
                <Box
                  component="span"
                  sx={{ color: c.field.deleted ? 'text.disabled' : undefined }}
                  title={c.field.deleted ? t('reg.deletedfield') : undefined}
                >
                  {fieldLabel(t, c.field)}
                  {c.choice !== null ? `: ${c.choice}` : ''}
                </Box>
              </TableCell>
            ))}
            <TableCell>{t('reg.col.regtime')}</TableCell>
            <TableCell>{t('reg.col.orgcomment')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, i) => (
            <TableRow key={row.teamId} hover data-testid={`reg-row-${row.teamId}`}>
              <TableCell>{i + 1}</TableCell>
              <TableCell padding="checkbox">
                <IconButton
                  size="small"
                  aria-label={t('reg.edit')}
                  onClick={() => onEdit(row.teamId)}
                  data-testid={`reg-edit-${row.teamId}`}
                >
                  <EditIcon fontSize="small" />
                </IconButton>
              </TableCell>
              <TableCell>
                <Tooltip title={t(row.allowed ? 'reg.allowed' : 'reg.notallowed')}>
                  <Switch
                    size="small"
                    checked={row.allowed}
                    disabled={readOnly}
                    onChange={(e) =>
                      allow.mutate({ teamId: row.teamId, allowed: e.target.checked })
                    }
                    slotProps={{
                      input: {
                        'aria-label': t('reg.col.allowed'),
                        'data-testid': `reg-allowed-${row.teamId}`,
                      } as React.InputHTMLAttributes<HTMLInputElement>,
                    }}
                  />
                </Tooltip>
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <UserTooltip row={row} />
              </TableCell>
              <TableCell sx={{ fontWeight: 500 }}>{row.name}</TableCell>
              {people.map((c) => (
                <TableCell
                  key={c}
                  data-testid={`reg-${c}-${row.teamId}`}
                  sx={{ minWidth: c === 'members' ? 160 : undefined }}
                >
                  {regPeopleCell(row, c)}
                </TableCell>
              ))}
              {columns.map((c) => (
                <TableCell
                  key={`${c.field.id}:${c.choice ?? ''}`}
                  sx={c.field.builtin ? { whiteSpace: 'nowrap' } : undefined}
                >
                  {cellText(t, row, c)}
                </TableCell>
              ))}
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {formatDateTime(row.regtime) ?? ''}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'pre-wrap', minWidth: 120 }}>{row.orgcomment}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** The team id; for admins, a tooltip with the registering user's email, phone and name. */
function UserTooltip({ row }: { row: RegistrationRow }) {
  const { t } = useTranslation();
  const id = <span data-testid={`reg-team-${row.teamId}`}>{row.teamId}</span>;
  if (!row.user) return id;
  const { email, phone, displayName } = row.user;
  const title = (
    <Box data-testid={`reg-user-${row.teamId}`}>
      <div>
        {t('reg.col.username')}: {displayName ?? '–'}
      </div>
      <div>
        {t('reg.col.useremail')}: {email ?? '–'}
      </div>
      <div>
        {t('reg.col.userphone')}: {phone ?? '–'}
      </div>
    </Box>
  );
  return (
    <Tooltip title={title} arrow>
      <Box component="span" sx={{ textDecoration: 'underline dotted', cursor: 'help' }}>
        {id}
      </Box>
    </Tooltip>
  );
}
