import { useRef, useState } from 'react';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import { useEditor } from '@tiptap/react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../components/NotifyProvider.tsx';
import { EDITOR_EXTENSIONS, EditorArea, EditorToolbar } from './RichTextEditor.tsx';

/** The languages a text has copies in, besides the default (spec 01 §3 translations). */
export const EDITOR_LANGUAGES = ['et', 'en'] as const;

/** A text and its language copies, as the editor opens them. */
export interface EditorTexts {
  default: string;
  copies: Record<string, string>;
}

/** `null` is the default text. */
type Language = string | null;

/**
 * The rich-text editor (spec 01 screen 6): a text and its copies per language, picked in the
 * content-language menu; save and cancel; unsaved changes are offered to be saved or ignored
 * before the language changes or the dialog closes. Saving an empty text removes it. What is
 * saved goes through the server's sanitiser. Mounted while open: it starts on the default text.
 */
export function RichTextDialog({
  open,
  title,
  texts,
  onSave,
  onClose,
  height = 600,
}: {
  open: boolean;
  title: string;
  texts: EditorTexts;
  /** Stores the text of `lang` (null: the default); `html` null removes it. */
  onSave: (lang: Language, html: string | null) => Promise<void>;
  onClose: () => void;
  height?: number;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [lang, setLang] = useState<Language>(null);
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  /** What to do once the unsaved changes are saved or ignored. */
  const [pending, setPending] = useState<(() => void) | null>(null);
  const textOf = (l: Language) => (l === null ? texts.default : (texts.copies[l] ?? ''));
  const loading = useRef(false);
  const editor = useEditor({
    immediatelyRender: true,
    extensions: EDITOR_EXTENSIONS,
    content: textOf(null),
    onUpdate: () => {
      if (!loading.current) setDirty(true);
    },
  });

  // A language's text is loaded without counting as a change.
  const load = (l: Language) => {
    if (!editor) return;
    loading.current = true;
    editor.commands.setContent(textOf(l), { emitUpdate: false });
    loading.current = false;
    setLang(l);
    setDirty(false);
  };

  const save = async (): Promise<boolean> => {
    if (!editor) return false;
    setSaving(true);
    try {
      const html = editor.isEmpty ? null : editor.getHTML();
      await onSave(lang, html);
      notify(
        html === null ? t('editor.dialog.removed.longdesc') : t('editor.dialog.saved.longdesc'),
      );
      setDirty(false);
      return true;
    } catch {
      notify(t('editor.dialog.error'), 'error');
      return false;
    } finally {
      setSaving(false);
    }
  };
  const guarded = (then: () => void) => (dirty ? setPending(() => then) : then());

  return (
    <>
      <Dialog
        open={open}
        onClose={() => guarded(onClose)}
        maxWidth="md"
        fullWidth
        data-testid="editor-dialog"
      >
        <DialogTitle>{title}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
          <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap', pt: 1 }}>
            <TextField
              select
              size="small"
              label={t('editor.language')}
              value={lang ?? ''}
              onChange={(e) => {
                const next = e.target.value === '' ? null : e.target.value;
                guarded(() => load(next));
              }}
              sx={{ minWidth: 180 }}
              slotProps={{
                select: { displayEmpty: true },
                inputLabel: { shrink: true },
                htmlInput: { 'data-testid': 'editor-language' },
              }}
            >
              <MenuItem value="">{t('editor.language.default')}</MenuItem>
              {EDITOR_LANGUAGES.map((l) => (
                <MenuItem key={l} value={l} data-testid={`editor-language-${l}`}>
                  {t(`editor.language.${l}`)}
                  {texts.copies[l] ? ' ✓' : ''}
                </MenuItem>
              ))}
            </TextField>
            <Box sx={{ flex: 1 }} />
            {editor && <EditorToolbar editor={editor} />}
          </Stack>
          <EditorArea editor={editor} height={height} />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => guarded(onClose)} data-testid="editor-cancel">
            {t('common.cancel')}
          </Button>
          <Button
            variant="contained"
            disabled={saving || !dirty}
            onClick={() => void save()}
            data-testid="editor-save"
          >
            {t('editor.save')}
          </Button>
        </DialogActions>
      </Dialog>
      <Dialog open={pending !== null} onClose={() => setPending(null)} data-testid="editor-unsaved">
        <DialogTitle>{t('editor.unsavedtitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('editor.unsaveddata')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button
            onClick={() => {
              const then = pending;
              setPending(null);
              setDirty(false);
              then?.();
            }}
            data-testid="editor-unsaved-ignore"
          >
            {t('editor.ignore')}
          </Button>
          <Button
            variant="contained"
            onClick={() => {
              const then = pending;
              setPending(null);
              void save().then((ok) => ok && then?.());
            }}
            data-testid="editor-unsaved-save"
          >
            {t('editor.save')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
