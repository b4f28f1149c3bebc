import { useState } from 'react';
import {
  Alert,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import QrCodeIcon from '@mui/icons-material/QrCode2';
import { useTranslation } from 'react-i18next';
import type { EventSummary, JoinCodeView } from '@rada/core';
import { useEventRealtime } from '../../api/realtime.ts';
import { useNotify } from '../../components/NotifyProvider.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../components/States.tsx';
import { errorText } from '../../i18n/errorText.ts';
import { CreateJoinCodeDialog } from './CreateJoinCodeDialog.tsx';
import { ShareJoinCodeDialog } from './ShareJoinCodeDialog.tsx';
import { UsedByDialog } from './UsedByDialog.tsx';
import { formatValidUntil, isExpired, userLabel } from './joinCodeText.ts';
import { useDeleteJoinCode, useJoinCodes, useUpdateJoinCode } from './useJoinCodes.ts';

type Open = { kind: 'create' } | { kind: 'share' | 'usedby' | 'delete'; code: string } | null;

/**
 * The join-code list (spec 01 screen 3): code, single-team flag, used by, valid until, share and
 * delete, plus creating a code. `teamId` presets a single-team code for that team in the create
 * dialog. Realtime keeps the list current, so a use shows while it is open.
 */
export function JoinCodesDialog({
  event,
  open,
  onClose,
  teamId,
}: {
  event: EventSummary;
  open: boolean;
  onClose: () => void;
  teamId?: string | null;
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('md'));
  const notify = useNotify();
  useEventRealtime(open ? event.id : undefined);
  const codes = useJoinCodes(event.id, open);
  const update = useUpdateJoinCode(event.id);
  const remove = useDeleteJoinCode(event.id);
  const [dialog, setDialog] = useState<Open>(null);
  // The inner dialogs close with the list, so reopening it shows the list alone.
  const handleClose = () => {
    setDialog(null);
    onClose();
  };
  const readOnly = event.arch !== null;
  // "Now" is when the list was last read, so a render never reads the clock.
  const now = codes.dataUpdatedAt;

  const current =
    dialog && dialog.kind !== 'create'
      ? codes.data?.find((c) => c.code === dialog.code)
      : undefined;

  const handleSingleTeam = (code: JoinCodeView, singleteam: boolean) =>
    update.mutate(
      { code: code.code, body: { singleteam } },
      {
        onSuccess: () => notify(t('joinc.changed.isingle')),
        onError: (e) => notify(errorText(t, e), 'error'),
      },
    );

  const handleDelete = (code: string) =>
    remove.mutate(code, {
      onSuccess: () => {
        setDialog(null);
        notify(t('joinc.deleted', { code }));
      },
      onError: (e) => notify(errorText(t, e), 'error'),
    });

  return (
    <Dialog
      open={open}
      onClose={handleClose}
      fullScreen={fullScreen}
      maxWidth="md"
      fullWidth
      data-testid="joincodes-dialog"
    >
      <DialogTitle>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <span style={{ flex: 1 }}>{t('joinc.title', { event: event.name })}</span>
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            disabled={readOnly}
            onClick={() => setDialog({ kind: 'create' })}
            data-testid="joincodes-create"
          >
            {t('joinc.create.button')}
          </Button>
        </Stack>
      </DialogTitle>
      <DialogContent dividers>
        {readOnly && (
          <Alert severity="info" sx={{ mb: 1 }}>
            {t('joinc.error.archived')}
          </Alert>
        )}
        {codes.isPending ? (
          <LoadingState />
        ) : codes.isError ? (
          <ErrorState error={codes.error} onRetry={() => void codes.refetch()} />
        ) : codes.data.length === 0 ? (
          <EmptyState text={t('joinc.empty')} testId="joincodes-empty" />
        ) : (
          <TableContainer>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{t('joinc.code')}</TableCell>
                  <TableCell>{t('joinc.singleteam')}</TableCell>
                  <TableCell>{t('joinc.usedby')}</TableCell>
                  <TableCell>{t('joinc.validuntil')}</TableCell>
                  <TableCell padding="none" />
                </TableRow>
              </TableHead>
              <TableBody>
                {codes.data.map((code) => {
                  const expired = isExpired(code, now);
                  return (
                    <TableRow
                      key={code.code}
                      data-testid={`joincode-row-${code.code}`}
                      data-expired={expired ? 'true' : 'false'}
                    >
                      <TableCell>
                        <Typography
                          sx={{ fontFamily: 'monospace', fontWeight: 600, letterSpacing: '0.05em' }}
                        >
                          {code.code}
                        </Typography>
                        {code.teamName && (
                          <Typography variant="caption" color="text.secondary">
                            {t('joinc.forteam', { team: code.teamName })}
                          </Typography>
                        )}
                      </TableCell>
                      <TableCell>
                        <Switch
                          checked={code.singleteam}
                          disabled={readOnly}
                          onChange={(e) => handleSingleTeam(code, e.target.checked)}
                          slotProps={{ input: { 'aria-label': t('joinc.singleteam') } }}
                          data-testid={`joincode-single-${code.code}`}
                        />
                      </TableCell>
                      <TableCell>
                        {code.uses.length === 0 ? (
                          <Typography
                            color="text.secondary"
                            data-testid={`joincode-usedby-${code.code}`}
                          >
                            —
                          </Typography>
                        ) : (
                          <Chip
                            size="small"
                            clickable
                            onClick={() => setDialog({ kind: 'usedby', code: code.code })}
                            data-testid={`joincode-usedby-${code.code}`}
                            label={
                              code.uses.length === 1
                                ? userLabel(code.uses[0]!)
                                : t('joinc.usedbymany', {
                                    name: userLabel(code.uses[0]!),
                                    count: code.uses.length - 1,
                                  })
                            }
                          />
                        )}
                      </TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        <Typography
                          variant="body2"
                          color={expired ? 'error' : undefined}
                          sx={expired ? { textDecoration: 'line-through' } : undefined}
                        >
                          {formatValidUntil(code.valid)}
                        </Typography>
                        {expired && (
                          <Chip
                            size="small"
                            color="error"
                            variant="outlined"
                            label={t('joinc.expired')}
                            data-testid={`joincode-expired-${code.code}`}
                          />
                        )}
                      </TableCell>
                      <TableCell padding="none" sx={{ whiteSpace: 'nowrap' }}>
                        <Tooltip title={t('joinc.share')}>
                          <IconButton
                            aria-label={t('joinc.share')}
                            onClick={() => setDialog({ kind: 'share', code: code.code })}
                            data-testid={`joincode-share-${code.code}`}
                          >
                            <QrCodeIcon />
                          </IconButton>
                        </Tooltip>
                        <Tooltip title={t('joinc.delete')}>
                          <span>
                            <IconButton
                              aria-label={t('joinc.delete')}
                              disabled={readOnly}
                              onClick={() => setDialog({ kind: 'delete', code: code.code })}
                              data-testid={`joincode-delete-${code.code}`}
                            >
                              <DeleteIcon />
                            </IconButton>
                          </span>
                        </Tooltip>
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={handleClose} data-testid="joincodes-close">
          {t('common.close')}
        </Button>
      </DialogActions>

      {dialog?.kind === 'create' && (
        <CreateJoinCodeDialog
          eventId={event.id}
          teamId={teamId}
          onClose={() => setDialog(null)}
          onCreated={(code) => {
            notify(t('joinc.created', { code: code.code }));
            setDialog({ kind: 'share', code: code.code });
          }}
        />
      )}
      {current && dialog?.kind === 'share' && (
        <ShareJoinCodeDialog code={current} onClose={() => setDialog(null)} />
      )}
      {current && dialog?.kind === 'usedby' && (
        <UsedByDialog code={current} onClose={() => setDialog(null)} />
      )}
      {current && dialog?.kind === 'delete' && (
        <Dialog open onClose={() => setDialog(null)} data-testid="joincode-delete-dialog">
          <DialogTitle>{t('joinc.delete.title')}</DialogTitle>
          <DialogContent>
            <DialogContentText>
              {t(current.uses.length > 0 ? 'joinc.delete.confirmused' : 'joinc.delete.confirm', {
                code: current.code,
              })}
            </DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setDialog(null)}>{t('common.cancel')}</Button>
            <Button
              color="error"
              variant="contained"
              loading={remove.isPending}
              onClick={() => handleDelete(current.code)}
              data-testid="joincode-delete-confirm"
            >
              {t('joinc.delete')}
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </Dialog>
  );
}
