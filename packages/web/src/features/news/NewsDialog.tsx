import { useState } from 'react';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { NEWS_EDITOR_HEIGHT, NEWS_LANGUAGES, NEWS_TITLE_MAX } from '@rada/core';
import type { NewsItem, NewsLanguage } from '@rada/core';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { DateTimeField } from '../../components/DateTimeField.tsx';
import { useNotify } from '../../components/NotifyProvider.tsx';
import { errorText } from '../../i18n/errorText.ts';
import { RichTextEditor } from '../richText/RichTextEditor.tsx';
import { newsBody, newsForm, newsFormProblems } from './newsForm.ts';
import type { NewsForm } from './newsForm.ts';
import { useDeleteNews, useSaveNews } from './useNews.ts';

/**
 * The platform owner's news dialog (spec 02 §2): the date and time, the Estonian and English
 * titles, and each language's content in the rich-text editor (height 300); an edited item can
 * be deleted. Mounted while open.
 */
export function NewsDialog({ item, onClose }: { item: NewsItem | null; onClose: () => void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [form, setForm] = useState<NewsForm>(() => newsForm(item, Date.now()));
  const [lang, setLang] = useState<NewsLanguage>('et');
  const [confirming, setConfirming] = useState(false);
  const save = useSaveNews();
  const remove = useDeleteNews();
  const problems = newsFormProblems(form);
  const valid = !problems.noTitle && problems.untitled.length === 0 && !problems.noTime;

  const setText = (l: NewsLanguage, part: 'title' | 'content', value: string) =>
    setForm((f) => ({ ...f, [l]: { ...f[l], [part]: value } }));

  const handleSave = () =>
    save.mutate(
      { time: item?.time ?? null, body: newsBody(form) },
      {
        onSuccess: () => {
          notify(t('news.saved'));
          onClose();
        },
        onError: (e) => notify(errorText(t, e), 'error'),
      },
    );
  const handleDelete = () =>
    item &&
    remove.mutate(item.time, {
      onSuccess: () => {
        notify(t('news.deleted'));
        onClose();
      },
      onError: (e) => notify(errorText(t, e), 'error'),
    });

  return (
    <>
      <Dialog open onClose={onClose} maxWidth="md" fullWidth data-testid="news-dialog">
        <DialogTitle>{item ? t('news.edit') : t('news.add')}</DialogTitle>
        <DialogContent>
          <Stack sx={{ gap: 2, pt: 1 }}>
            <Box sx={{ maxWidth: 280 }}>
              <DateTimeField
                label={t('news.field.time')}
                value={form.time === null ? null : dayjs(form.time)}
                onChange={(d) =>
                  // The picker shows minutes: a chosen time keeps no hidden seconds.
                  setForm((f) => ({
                    ...f,
                    time: d?.isValid() ? d.startOf('minute').valueOf() : null,
                  }))
                }
                testId="news-time"
              />
            </Box>
            <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2 }}>
              {NEWS_LANGUAGES.map((l) => (
                <TextField
                  key={l}
                  label={t(`news.field.title.${l}`)}
                  value={form[l].title}
                  onChange={(e) => setText(l, 'title', e.target.value)}
                  error={problems.untitled.includes(l)}
                  helperText={problems.untitled.includes(l) ? t('news.needtitlefor') : ' '}
                  size="small"
                  fullWidth
                  slotProps={{
                    htmlInput: { maxLength: NEWS_TITLE_MAX, 'data-testid': `news-title-${l}` },
                  }}
                />
              ))}
            </Stack>
            <Stack direction="row" sx={{ alignItems: 'center', gap: 2 }}>
              <Typography variant="body2" color="text.secondary">
                {t('news.field.content')}
              </Typography>
              <ToggleButtonGroup
                size="small"
                exclusive
                value={lang}
                onChange={(_e, next: NewsLanguage | null) => next && setLang(next)}
              >
                {NEWS_LANGUAGES.map((l) => (
                  <ToggleButton key={l} value={l} data-testid={`news-content-lang-${l}`}>
                    {t(`news.lang.${l}`)}
                  </ToggleButton>
                ))}
              </ToggleButtonGroup>
            </Stack>
            {/* Both editors stay mounted (each keeps its text and undo history); one shows. */}
            {NEWS_LANGUAGES.map((l) => (
              <Box key={l} sx={{ display: l === lang ? 'block' : 'none' }}>
                <RichTextEditor
                  initial={form[l].content}
                  onChange={(html) => setText(l, 'content', html)}
                  height={NEWS_EDITOR_HEIGHT}
                  testId={`news-content-${l}`}
                />
              </Box>
            ))}
            {problems.noTitle && (
              <Typography variant="body2" color="text.secondary" data-testid="news-needtitle">
                {t('news.needtitle')}
              </Typography>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          {item && (
            <Button
              color="error"
              startIcon={<DeleteIcon />}
              onClick={() => setConfirming(true)}
              sx={{ mr: 'auto' }}
              data-testid="news-delete"
            >
              {t('news.delete')}
            </Button>
          )}
          <Button onClick={onClose} data-testid="news-cancel">
            {t('common.cancel')}
          </Button>
          <Button
            variant="contained"
            disabled={!valid}
            loading={save.isPending}
            onClick={() => {
              if (!save.isPending) handleSave();
            }}
            data-testid="news-save"
          >
            {t('news.save')}
          </Button>
        </DialogActions>
      </Dialog>
      {confirming && item && (
        <ConfirmDialog
          title={t('news.delete.title')}
          message={t('news.delete.confirm', {
            title: item.et?.title ?? item.en?.title ?? '',
          })}
          confirmLabel={t('news.delete')}
          busy={remove.isPending}
          onConfirm={handleDelete}
          onCancel={() => setConfirming(false)}
        />
      )}
    </>
  );
}
