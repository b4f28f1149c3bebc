import { useMemo, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Stack,
  Switch,
  TextField,
  Tooltip,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { useTranslation } from 'react-i18next';
import type { Checkpoint } from '@rada/core';
import { errorText } from '../../i18n/errorText.ts';
import { KP_FLAGS, KP_NUMBERS, editDraft, editErrors, editPatch } from './kpEditForm.ts';
import type { KpEditDraft, KpEditField } from './kpEditForm.ts';
import { draftFromCheckpoint, validateDraft } from './responsesDraft.ts';
import { ResponsesGrid } from './ResponsesEditor.tsx';
import { useUpdateCheckpoint } from './useCheckpoints.ts';
import { RichTextField } from '../richText/RichTextField.tsx';
import type { EditorTexts } from '../richText/RichTextDialog.tsx';

/** `copies` with the text of `lang` set, or removed when `html` is null. */
function withCopy(copies: Record<string, string>, lang: string, html: string | null) {
  const { [lang]: _old, ...rest } = copies;
  return html === null ? rest : { ...rest, [lang]: html };
}

export interface KpEditDialogProps {
  eventId: string;
  /** The KP to edit; the dialog is open while it is set. */
  checkpoint: Checkpoint | null;
  /** All KPs of the event, for the number clash check. */
  checkpoints: readonly Checkpoint[];
  /** May write (admin, not archived); otherwise the fields are read-only. */
  editable: boolean;
  /** Shows a delete button (admin, not archived). */
  onDelete?: (id: string) => void;
  onClose: () => void;
}

/**
 * A full editor of one KP (every kp and data field, responses and answer), opened from a map
 * marker or a row's edit icon. Saves one PATCH with only the changed keys.
 */
export function KpEditDialog(props: KpEditDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Dialog
      open={props.checkpoint !== null}
      onClose={props.onClose}
      maxWidth="md"
      fullWidth
      fullScreen={fullScreen}
    >
      {props.checkpoint && (
        <KpEditForm key={props.checkpoint.id} {...props} checkpoint={props.checkpoint} />
      )}
    </Dialog>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box component="section">
      <Typography variant="subtitle2" color="text.secondary" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function KpEditForm({
  eventId,
  checkpoint,
  checkpoints,
  editable,
  onDelete,
  onClose,
}: KpEditDialogProps & { checkpoint: Checkpoint }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<KpEditDraft>(() => editDraft(checkpoint));
  const [responses, setResponses] = useState(() => draftFromCheckpoint(checkpoint));
  const [saveError, setSaveError] = useState<string | null>(null);
  const update = useUpdateCheckpoint(eventId);

  const errors = useMemo(
    () => editErrors(draft, checkpoint.id, checkpoints),
    [draft, checkpoint.id, checkpoints],
  );
  const responsesProblem = validateDraft(responses);
  const patch = useMemo(
    () => editPatch(checkpoint, draft, responses),
    [checkpoint, draft, responses],
  );
  const valid = Object.keys(errors).length === 0 && responsesProblem === null;
  const disabled = !editable || update.isPending;

  const change = (fn: (d: KpEditDraft) => KpEditDraft) => setDraft((d) => fn(d));
  const field = (
    name: KpEditField,
    label: string,
    value: string,
    onChange: (v: string) => void,
  ) => (
    <TextField
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={!!errors[name]}
      helperText={errors[name] ? t(errors[name]) : undefined}
      disabled={disabled}
      slotProps={{ htmlInput: { 'data-testid': `kpedit-${name}` } }}
      sx={{ flex: 1, minWidth: name === 'nr' || name === 'ra' || name === 'grp' ? 110 : 200 }}
    />
  );

  // The long description is saved by its editor at once (the rest waits for Save): a PATCH of
  // `longdesc` or of its language copies, an empty text removing what was stored.
  const [longdesc, setLongdesc] = useState<EditorTexts>(() => ({
    default: checkpoint.data.longdesc ?? '',
    copies: checkpoint.data.longdesc_i18n ?? {},
  }));
  const saveLongdesc = async (lang: string | null, html: string | null) => {
    const next: EditorTexts =
      lang === null
        ? { ...longdesc, default: html ?? '' }
        : { ...longdesc, copies: withCopy(longdesc.copies, lang, html) };
    const copies = Object.keys(next.copies).length > 0 ? next.copies : null;
    await update.mutateAsync({
      id: checkpoint.id,
      body: { data: lang === null ? { longdesc: html } : { longdesc_i18n: copies } },
    });
    setLongdesc(next);
  };

  const handleSave = () => {
    if (!valid || !patch) return;
    setSaveError(null);
    update.mutate(
      { id: checkpoint.id, body: patch },
      { onSuccess: onClose, onError: (e) => setSaveError(errorText(t, e)) },
    );
  };

  return (
    <>
      <DialogTitle>{t('kp.edit.title', { nr: checkpoint.kp.nr })}</DialogTitle>
      <DialogContent dividers data-testid="kpedit-dialog">
        <Stack sx={{ gap: 3 }}>
          <Section title={t('kp.edit.numbering')}>
            <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap' }}>
              {field('nr', t('kp.col.nr'), draft.nr, (v) => change((d) => ({ ...d, nr: v })))}
              {KP_NUMBERS.map((n) => (
                <Box key={n} sx={{ display: 'contents' }}>
                  {field(n, t(`kp.col.${n}`), draft.numbers[n], (v) =>
                    change((d) => ({ ...d, numbers: { ...d.numbers, [n]: v } })),
                  )}
                </Box>
              ))}
              {field('dependkp', t('kp.col.dependkp'), draft.dependkp, (v) =>
                change((d) => ({ ...d, dependkp: v })),
              )}
            </Stack>
          </Section>
          <Section title={t('kp.edit.flags')}>
            <Stack direction="row" sx={{ columnGap: 3, flexWrap: 'wrap' }}>
              {KP_FLAGS.map((flag) => (
                <Tooltip key={flag} title={t(`kp.col.${flag}.help`)} placement="top-start">
                  <FormControlLabel
                    control={
                      <Switch
                        checked={draft.flags[flag]}
                        disabled={disabled}
                        onChange={(e) =>
                          change((d) => ({ ...d, flags: { ...d.flags, [flag]: e.target.checked } }))
                        }
                        slotProps={{ input: { 'data-testid': `kpedit-${flag}` } as object }}
                      />
                    }
                    label={t(flag === 'inwork' ? 'kp.edit.inwork' : `kp.col.${flag}`)}
                  />
                </Tooltip>
              ))}
            </Stack>
          </Section>
          <Section title={t('kp.edit.description')}>
            <Stack sx={{ gap: 2 }}>
              <TextField
                label={t('kp.col.desc')}
                value={draft.desc}
                onChange={(e) => change((d) => ({ ...d, desc: e.target.value }))}
                disabled={disabled}
                slotProps={{ htmlInput: { 'data-testid': 'kpedit-desc', maxLength: 2000 } }}
              />
              <RichTextField
                label={t('kp.col.longdesc')}
                texts={longdesc}
                onSave={saveLongdesc}
                disabled={!editable}
                testId="kpedit-longdesc"
              />
              <TextField
                label={t('kp.col.a')}
                helperText={t('kp.col.a.help')}
                value={draft.a}
                onChange={(e) => change((d) => ({ ...d, a: e.target.value }))}
                disabled={disabled}
                slotProps={{ htmlInput: { 'data-testid': 'kpedit-a', maxLength: 2000 } }}
              />
            </Stack>
          </Section>
          <Section title={t('kp.edit.location')}>
            <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
              {field('lat', t('kp.lat'), draft.lat, (v) => change((d) => ({ ...d, lat: v })))}
              {field('lng', t('kp.lng'), draft.lng, (v) => change((d) => ({ ...d, lng: v })))}
              <FormControlLabel
                control={
                  <Switch
                    checked={draft.anycross}
                    disabled={disabled}
                    onChange={(e) => change((d) => ({ ...d, anycross: e.target.checked }))}
                  />
                }
                label={t('kp.col.anycross')}
              />
            </Stack>
          </Section>
          <Section title={t('kp.col.responses')}>
            <ResponsesGrid draft={responses} onChange={setResponses} disabled={disabled} />
            {responsesProblem === 'kpdata.badresponse' && (
              <Alert severity="error" sx={{ mt: 1 }}>
                {t(responsesProblem)}
              </Alert>
            )}
          </Section>
          {saveError && (
            <Alert severity="error" data-testid="kpedit-error">
              {saveError}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        {editable && onDelete && (
          <Button
            color="error"
            startIcon={<DeleteIcon />}
            onClick={() => {
              onDelete(checkpoint.id);
              onClose();
            }}
            sx={{ mr: 'auto' }}
            data-testid="kpedit-delete"
          >
            {t('kp.delete')}
          </Button>
        )}
        <Button onClick={onClose}>{editable ? t('common.cancel') : t('common.close')}</Button>
        {editable && (
          <Button
            variant="contained"
            disabled={!valid || !patch || update.isPending}
            onClick={handleSave}
            data-testid="kpedit-save"
          >
            {t('kp.save')}
          </Button>
        )}
      </DialogActions>
    </>
  );
}
