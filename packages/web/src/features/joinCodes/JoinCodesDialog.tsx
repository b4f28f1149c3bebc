import { useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import type { EventSummary, JoinCodeView } from '@rada/core';
import { useEventRealtime } from '../../api/realtime.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { useNotify } from '../../components/NotifyProvider.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../components/States.tsx';
import { errorText } from '../../i18n/errorText.ts';
import { CreateJoinCodeDialog } from './CreateJoinCodeDialog.tsx';
import { ShareJoinCodeDialog } from './ShareJoinCodeDialog.tsx';
import { UsedByDialog } from './UsedByDialog.tsx';
import { JoinCodeRow } from './JoinCodeRow.tsx';
import { isExpired } from './joinCodeText.ts';
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
  const compact = useMediaQuery(theme.breakpoints.down('sm'));
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
      <DialogContent dividers sx={{ px: { xs: 1, sm: 3 } }}>
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
                  <TableCell padding={compact ? 'none' : 'normal'}>
                    {t('joinc.singleteam')}
                  </TableCell>
                  <TableCell>{t('joinc.usedby')}</TableCell>
                  {!compact && <TableCell>{t('joinc.validuntil')}</TableCell>}
                  <TableCell padding="none" />
                </TableRow>
              </TableHead>
              <TableBody>
                {codes.data.map((code) => (
                  <JoinCodeRow
                    key={code.code}
                    code={code}
                    expired={isExpired(code, now)}
                    readOnly={readOnly}
                    compact={compact}
                    onSingleTeam={(singleteam) => handleSingleTeam(code, singleteam)}
                    onOpen={(kind) => setDialog({ kind, code: code.code })}
                  />
                ))}
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
        <ConfirmDialog
          title={t('joinc.delete.title')}
          message={t(
            current.uses.length > 0 ? 'joinc.delete.confirmused' : 'joinc.delete.confirm',
            {
              code: current.code,
            },
          )}
          confirmLabel={t('joinc.delete')}
          busy={remove.isPending}
          onCancel={() => setDialog(null)}
          onConfirm={() => handleDelete(current.code)}
          testId="joincode-delete-dialog"
          confirmTestId="joincode-delete-confirm"
        />
      )}
    </Dialog>
  );
}
