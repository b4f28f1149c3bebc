import { Suspense, lazy, useState } from 'react';
import { Box, Button, Divider, IconButton, Paper, Stack, Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import { useTranslation } from 'react-i18next';
import { newsTextFor } from '@rada/core';
import type { NewsItem } from '@rada/core';
import { RichText } from '../../components/RichText.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../components/States.tsx';
import { withAllTexts } from '../../i18n/index.ts';
import { useMe } from '../auth/useMe.ts';
import { formatDateTime } from '../events/formatEventDates.ts';
import { useNews } from './useNews.ts';

// The dialog brings the editor (TipTap) and the date pickers: loaded when the owner opens it.
const NewsDialog = lazy(() =>
  withAllTexts(import('./NewsDialog.tsx').then((m) => ({ default: m.NewsDialog }))),
);

function NewsEntry({
  item,
  onEdit,
}: {
  item: NewsItem;
  /** Given to the platform owner only: the entry shows an edit icon. */
  onEdit: (() => void) | null;
}) {
  const { t, i18n } = useTranslation();
  const text = newsTextFor(item, i18n.resolvedLanguage ?? i18n.language);
  return (
    <Box component="article" data-testid={`news-item-${item.time}`}>
      <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 1 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="caption" color="text.secondary" component="p">
            {formatDateTime(item.time * 1000)}
          </Typography>
          <Typography variant="subtitle1" component="h3" data-testid="news-title">
            {text.title}
          </Typography>
        </Box>
        {onEdit && (
          <Tooltip title={t('news.edit')}>
            <IconButton
              size="small"
              onClick={onEdit}
              aria-label={t('news.edit')}
              data-testid={`news-edit-${item.time}`}
            >
              <EditIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
      </Stack>
      {text.content !== '' && <RichText text={text.content} data-testid="news-content" />}
    </Box>
  );
}

/**
 * The news on the home page (spec 02 §2), newest first, each in the reader's language or else
 * the other. The platform owner alone sees the add button and the edit icons; others see the
 * section only when there is news.
 */
export function NewsList() {
  const { t } = useTranslation();
  const me = useMe();
  const news = useNews();
  const owner = me.data?.platformOwner === true;
  /** The item being edited, null for a new one; undefined while the dialog is closed. */
  const [editing, setEditing] = useState<NewsItem | null | undefined>(undefined);

  if (!owner && (news.isPending || news.isError || news.data.length === 0)) return null;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="news">
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1, gap: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          {t('news.title')}
        </Typography>
        {owner && (
          <Button startIcon={<AddIcon />} onClick={() => setEditing(null)} data-testid="news-add">
            {t('news.add')}
          </Button>
        )}
      </Stack>
      {news.isPending ? (
        <LoadingState />
      ) : news.isError ? (
        <ErrorState message={t('news.loaderror')} onRetry={() => void news.refetch()} />
      ) : news.data.length === 0 ? (
        <EmptyState text={t('news.empty')} testId="news-empty" />
      ) : (
        <Stack divider={<Divider flexItem />} sx={{ gap: 2 }} data-testid="news-list">
          {news.data.map((item) => (
            <NewsEntry key={item.time} item={item} onEdit={owner ? () => setEditing(item) : null} />
          ))}
        </Stack>
      )}
      {owner && editing !== undefined && (
        <Suspense fallback={null}>
          <NewsDialog item={editing} onClose={() => setEditing(undefined)} />
        </Suspense>
      )}
    </Paper>
  );
}
