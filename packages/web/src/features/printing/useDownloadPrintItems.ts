import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { printItemsCsv } from '@rada/core';
import { api } from '../../api/client.ts';
import { useNotify } from '../../components/NotifyProvider.tsx';
import { errorText } from '../../i18n/errorText.ts';
import { downloadText } from '../export/download.ts';

const PRINT_ITEM_COLUMNS = ['lat', 'lng', 'type', 'name', 'limit'];

/**
 * Downloads the event's print items (GET printitems) as `{event}-printitems.csv`, built by
 * core's printItemsCsv; the result is told in a toast.
 */
export function useDownloadPrintItems(eventId: string) {
  const { t } = useTranslation();
  const notify = useNotify();
  const fileName = `${eventId}-printitems.csv`;
  return useMutation({
    mutationFn: () => api.printItems(eventId),
    onSuccess: (items) => {
      const header = PRINT_ITEM_COLUMNS.map((c) => t(`export.printitems.col.${c}`));
      downloadText(printItemsCsv(items, header), fileName, 'text/csv;charset=utf-8');
      notify(t('export.downloaded', { file: fileName }));
    },
    onError: (e) => notify(errorText(t, e), 'error'),
  });
}
