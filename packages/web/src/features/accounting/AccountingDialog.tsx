import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableFooter,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import SyncIcon from '@mui/icons-material/Sync';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { Dayjs } from 'dayjs';
import { defaultRevaluationDate } from '@rada/core';
import type { RevaluationResult, StockAccount, StockView } from '@rada/core';
import { api } from '../../api/client.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { useMutateOnce } from '../../hooks/useSubmitOnce.ts';
import { asLanguage } from '../../i18n/index.ts';
import { pickerLocaleText } from '../../i18n/pickerLocale.ts';
import { errorText } from '../../i18n/errorText.ts';
import {
  changeDifference,
  changedTargets,
  parseAmount,
  targetKey as rowKey,
  targetTotal,
} from './targets.ts';

const ISO = 'YYYY-MM-DD';

/**
 * The platform owner's accounting stock tool (spec 02 §2): a date (by default the last day of
 * the previous year), 'Stock sync' reading the stock accounts' balances from e-arveldaja through
 * the server, a target per account, their total, and 'Change', which books the journal entry
 * that moves the accounts to their targets and shows its number.
 */
export function AccountingDialog({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = asLanguage(i18n.language) ?? 'en';
  const queryClient = useQueryClient();
  const [date, setDate] = useState<Dayjs | null>(() =>
    dayjs(defaultRevaluationDate(new Date().getFullYear())),
  );
  const [synced, setSynced] = useState<string | null>(null);
  const [targets, setTargets] = useState<Record<string, string>>({});
  const [asking, setAsking] = useState(false);
  const [booked, setBooked] = useState<RevaluationResult | null>(null);

  const validDate = date?.isValid() ? date.format(ISO) : null;
  const stock = useQuery({
    queryKey: ['accounting', 'stock', synced],
    queryFn: () => api.accountingStock(synced!),
    enabled: synced !== null,
    staleTime: Infinity,
    retry: false,
  });
  const money = new Intl.NumberFormat(lang, { style: 'currency', currency: 'EUR' });

  const revalue = useMutation({
    mutationFn: api.accountingRevalue,
    onSuccess: (result) => {
      queryClient.setQueryData<StockView>(['accounting', 'stock', result.date], (old) =>
        old
          ? {
              ...old,
              accounts: result.accounts,
              total: targetTotal(result.accounts, {}),
            }
          : old,
      );
      setBooked(result);
      setTargets({});
      setAsking(false);
    },
    onError: () => setAsking(false),
  });
  const { mutate, pending } = useMutateOnce(revalue);

  const view = stock.data;
  const accounts = view?.accounts ?? [];
  const changes = view ? changedTargets(accounts, targets) : null;
  const bad = (a: StockAccount) => {
    const text = targets[rowKey(a)] ?? '';
    return text.trim() !== '' && parseAmount(text) === null;
  };
  const canChange = !!view && !!changes && changes.length > 0 && !accounts.some(bad) && !pending;

  const sync = () => {
    if (!validDate) return;
    setBooked(null);
    revalue.reset();
    if (validDate === synced) void stock.refetch();
    else setSynced(validDate);
  };

  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth data-testid="accounting-dialog">
      <DialogTitle>{t('accounting.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('accounting.intro')}</DialogContentText>
        <Stack direction="row" spacing={2} sx={{ mb: 2, alignItems: 'center' }}>
          <LocalizationProvider
            dateAdapter={AdapterDayjs}
            adapterLocale={lang}
            localeText={pickerLocaleText(lang)}
          >
            <DatePicker
              label={t('accounting.date')}
              value={date}
              onChange={(v) => setDate(v)}
              format="DD.MM.YYYY"
              slotProps={{
                textField: {
                  size: 'small',
                  // Test hook on the field's root element; the props type lists no data attributes.
                  ...({ 'data-testid': 'accounting-date' } as object),
                },
              }}
            />
          </LocalizationProvider>
          <Button
            variant="contained"
            startIcon={<SyncIcon />}
            onClick={sync}
            disabled={!validDate || stock.isFetching}
            data-testid="accounting-sync"
          >
            {t('accounting.sync')}
          </Button>
          {stock.isFetching && (
            <Stack
              direction="row"
              spacing={1}
              sx={{ alignItems: 'center' }}
              data-testid="accounting-progress"
            >
              <CircularProgress size={20} />
              <Typography color="text.secondary">{t('accounting.syncing')}</Typography>
            </Stack>
          )}
        </Stack>
        {stock.isError && (
          <Alert severity="error" data-testid="accounting-error" sx={{ mb: 2 }}>
            {errorText(t, stock.error)}
          </Alert>
        )}
        {revalue.isError && (
          <Alert severity="error" data-testid="accounting-error" sx={{ mb: 2 }}>
            {errorText(t, revalue.error)}
          </Alert>
        )}
        {booked && (
          <Alert severity="success" data-testid="accounting-journal" sx={{ mb: 2 }}>
            {t('accounting.booked', {
              number: booked.number ?? booked.journalId,
              document: booked.documentNumber,
            })}
          </Alert>
        )}
        {!view && !stock.isFetching && !stock.isError && (
          <Typography color="text.secondary">{t('accounting.empty')}</Typography>
        )}
        {view && (
          <Table size="small" data-testid="accounting-table">
            <TableHead>
              <TableRow>
                <TableCell>{t('accounting.col.account')}</TableCell>
                <TableCell align="right">{t('accounting.col.balance')}</TableCell>
                <TableCell align="right">{t('accounting.col.target')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {accounts.map((a) => (
                <TableRow key={rowKey(a)} data-testid={`accounting-row-${rowKey(a)}`}>
                  <TableCell>
                    {a.accountId}
                    {a.dimensionId !== null ? ` · ${a.name}` : ` ${a.name}`}
                  </TableCell>
                  <TableCell align="right" data-testid={`accounting-balance-${rowKey(a)}`}>
                    {money.format(a.balance)}
                  </TableCell>
                  <TableCell align="right" sx={{ width: 200 }}>
                    <TextField
                      size="small"
                      value={targets[rowKey(a)] ?? ''}
                      placeholder={money.format(a.balance)}
                      onChange={(e) =>
                        setTargets((old) => ({ ...old, [rowKey(a)]: e.target.value }))
                      }
                      error={bad(a)}
                      helperText={bad(a) ? t('accounting.target.bad') : undefined}
                      slotProps={{
                        htmlInput: {
                          inputMode: 'decimal',
                          'aria-label': `${t('accounting.col.target')}: ${a.name}`,
                          'data-testid': `accounting-target-${rowKey(a)}`,
                          style: { textAlign: 'right' },
                        },
                      }}
                    />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
            <TableFooter sx={{ '& td': { fontSize: '0.875rem', color: 'text.primary' } }}>
              <TableRow>
                <TableCell sx={{ fontWeight: 600 }}>{t('accounting.total')}</TableCell>
                <TableCell align="right" sx={{ fontWeight: 600 }} data-testid="accounting-total">
                  {money.format(view.total)}
                </TableCell>
                <TableCell
                  align="right"
                  sx={{ fontWeight: 600 }}
                  data-testid="accounting-target-total"
                >
                  {money.format(targetTotal(accounts, targets))}
                </TableCell>
              </TableRow>
            </TableFooter>
          </Table>
        )}
      </DialogContent>
      <DialogActions>
        <Box sx={{ flex: 1 }} />
        <Button onClick={onClose} data-testid="accounting-close">
          {t('accounting.close')}
        </Button>
        <Button
          variant="contained"
          disabled={!canChange}
          onClick={() => setAsking(true)}
          data-testid="accounting-change"
        >
          {t('accounting.change')}
        </Button>
      </DialogActions>
      {asking && view && changes && (
        <ConfirmDialog
          title={t('accounting.confirm.title')}
          message={t('accounting.confirm.text', {
            date: dayjs(view.date).format('DD.MM.YYYY'),
            diff: money.format(changeDifference(accounts, targets)),
          })}
          confirmLabel={t('accounting.confirm.ok')}
          destructive={false}
          busy={pending}
          onCancel={() => setAsking(false)}
          onConfirm={() => mutate({ date: view.date, targets: changes })}
          testId="accounting-confirm"
          confirmTestId="accounting-confirm-ok"
        />
      )}
    </Dialog>
  );
}
