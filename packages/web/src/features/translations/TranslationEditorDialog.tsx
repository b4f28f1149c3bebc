import { useMemo, useState } from 'react';
import {
  Autocomplete,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Stack,
  Switch,
  TextField,
  Typography,
  createFilterOptions,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TRANSLATION_TEXT_MAX } from '@rada/core';
import type { TranslationLanguage } from '@rada/core';
import { api, queryKeys } from '../../api/client.ts';
import { useNotify } from '../../components/NotifyProvider.tsx';
import { ErrorState, LoadingState } from '../../components/States.tsx';
import { errorText } from '../../i18n/errorText.ts';
import { bundledTexts, loadTranslationOverrides } from '../../i18n/index.ts';
import { isNewEntry, placeholdersOf, translationEntries } from './translationKeys.ts';
import type { TranslationEntry } from './translationKeys.ts';

/** Matches a key by itself or by its texts; at most 200 shown while typing. */
const filterOptions = createFilterOptions<TranslationEntry>({
  stringify: (e) => `${e.key} ${e.en} ${e.et}`,
  limit: 200,
});

function TextBox({
  lang,
  label,
  value,
  bundled,
  onChange,
}: {
  lang: TranslationLanguage;
  label: string;
  value: string;
  bundled: string | null;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      multiline
      minRows={2}
      fullWidth
      error={value.trim() === ''}
      helperText={
        bundled === null ? t('translator.bundled.none') : t('translator.bundled', { text: bundled })
      }
      slotProps={{
        htmlInput: { maxLength: TRANSLATION_TEXT_MAX, 'data-testid': `translator-${lang}` },
      }}
    />
  );
}

/**
 * The translation editor (spec 02 §2, spec 01 §5) of the platform owner and super admins: pick a
 * key (all of the app's keys, or only the new ones: Estonian missing or the same as English),
 * edit its English and Estonian texts, and save both with one button, enabled once both are
 * edited. Saved texts override the bundled ones in every open app at once; a changed key can go
 * back to the bundled texts.
 */
export function TranslationEditorDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const overrides = useQuery({ queryKey: queryKeys.translations, queryFn: api.translations });
  // Both languages' bundled texts (the reader's are loaded already; the other comes now).
  const bundles = useQuery({
    queryKey: ['translationbundles'],
    queryFn: async () => ({ en: await bundledTexts('en'), et: await bundledTexts('et') }),
    staleTime: Infinity,
  });
  const [onlyNew, setOnlyNew] = useState(false);
  const [key, setKey] = useState<string | null>(null);
  const [draft, setDraft] = useState({ en: '', et: '' });

  const entries = useMemo(
    () =>
      bundles.data
        ? translationEntries(bundles.data.en, bundles.data.et, overrides.data ?? {})
        : [],
    [bundles.data, overrides.data],
  );
  const entry = entries.find((e) => e.key === key) ?? null;
  const options = onlyNew ? entries.filter((e) => isNewEntry(e) || e.key === key) : entries;
  const edited = entry !== null && draft.en !== entry.en && draft.et !== entry.et;
  const filled = draft.en.trim() !== '' && draft.et.trim() !== '';

  const pick = (next: TranslationEntry | null) => {
    setKey(next?.key ?? null);
    setDraft({ en: next?.en ?? '', et: next?.et ?? '' });
  };
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: queryKeys.translations });
    // This app's texts at once; the others hear of it on the live socket.
    await loadTranslationOverrides();
  };
  const save = useMutation({
    mutationFn: (k: string) => api.putTranslation(k, { en: draft.en, et: draft.et }),
    onSuccess: async () => {
      await refresh();
      notify(t('translator.saved'));
    },
    onError: (e) => notify(errorText(t, e), 'error'),
  });
  const reset = useMutation({
    mutationFn: (k: string) => api.deleteTranslation(k),
    onSuccess: async () => {
      await refresh();
      if (entry) setDraft({ en: entry.bundledEn, et: entry.bundledEt ?? '' });
      notify(t('translator.reset.done'));
    },
    onError: (e) => notify(errorText(t, e), 'error'),
  });
  const busy = save.isPending || reset.isPending;
  const placeholders = entry ? placeholdersOf(entry.bundledEn) : [];

  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth data-testid="translator-dialog">
      <DialogTitle>{t('translator.title')}</DialogTitle>
      <DialogContent>
        {overrides.isPending || bundles.isPending ? (
          <LoadingState />
        ) : overrides.isError || bundles.isError ? (
          <ErrorState
            message={t('translator.error')}
            onRetry={() => void Promise.all([overrides.refetch(), bundles.refetch()])}
          />
        ) : (
          <Stack sx={{ gap: 2, pt: 1 }}>
            <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2, alignItems: 'center' }}>
              <Autocomplete<TranslationEntry>
                sx={{ flex: 1, width: '100%' }}
                options={options}
                value={entry}
                onChange={(_e, next) => pick(next)}
                getOptionLabel={(o) => o.key}
                isOptionEqualToValue={(a, b) => a.key === b.key}
                filterOptions={filterOptions}
                renderOption={({ key: optionKey, ...props }, o) => (
                  <Box component="li" key={optionKey} {...props}>
                    <Box sx={{ minWidth: 0 }}>
                      <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
                        {o.key}
                      </Typography>
                      <Typography variant="caption" color="text.secondary" noWrap component="p">
                        {o.en}
                      </Typography>
                    </Box>
                  </Box>
                )}
                renderInput={(params) => (
                  <TextField
                    {...params}
                    label={t('translator.key')}
                    size="small"
                    slotProps={{
                      ...params.slotProps,
                      htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'translator-key' },
                    }}
                  />
                )}
              />
              <FormControlLabel
                control={
                  <Switch
                    checked={onlyNew}
                    onChange={(e) => setOnlyNew(e.target.checked)}
                    slotProps={{ input: { 'data-testid': 'translator-onlynew' } as object }}
                  />
                }
                label={t('translator.onlynew')}
                title={t('translator.onlynew.help')}
              />
              <Typography variant="body2" color="text.secondary" data-testid="translator-count">
                {t('translator.count', { count: options.length })}
              </Typography>
            </Stack>
            {entry === null ? (
              <Typography color="text.secondary">{t('translator.pick')}</Typography>
            ) : (
              <>
                <Stack direction="row" sx={{ gap: 1, alignItems: 'center' }}>
                  <Typography sx={{ fontFamily: 'monospace' }} data-testid="translator-current">
                    {entry.key}
                  </Typography>
                  {entry.overridden && (
                    <Chip size="small" label={t('translator.overridden')} color="info" />
                  )}
                </Stack>
                <TextBox
                  lang="en"
                  label={t('translator.english')}
                  value={draft.en}
                  bundled={entry.bundledEn}
                  onChange={(en) => setDraft((d) => ({ ...d, en }))}
                />
                <TextBox
                  lang="et"
                  label={t('translator.estonian')}
                  value={draft.et}
                  bundled={entry.bundledEt}
                  onChange={(et) => setDraft((d) => ({ ...d, et }))}
                />
                {placeholders.length > 0 && (
                  <Typography variant="caption" color="text.secondary">
                    {t('translator.placeholders', {
                      list: placeholders.map((p) => `{{${p}}}`).join(', '),
                      interpolation: { skipOnVariables: true },
                    })}
                  </Typography>
                )}
              </>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        {entry?.overridden && (
          <Button
            onClick={() => reset.mutate(entry.key)}
            disabled={busy}
            sx={{ mr: 'auto' }}
            data-testid="translator-reset"
          >
            {t('translator.reset')}
          </Button>
        )}
        {entry && !edited && (
          <Typography variant="caption" color="text.secondary" sx={{ mr: 1 }}>
            {t('translator.save.help')}
          </Typography>
        )}
        <Button onClick={onClose} data-testid="translator-close">
          {t('common.close')}
        </Button>
        <Button
          variant="contained"
          disabled={!entry || !edited || !filled || busy}
          loading={save.isPending}
          onClick={() => entry && save.mutate(entry.key)}
          data-testid="translator-save"
        >
          {t('translator.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
