import { useRef, useState } from 'react';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Divider,
  IconButton,
  MenuItem,
  Stack,
  TextField,
  ToggleButton,
  Tooltip,
} from '@mui/material';
import FormatBoldIcon from '@mui/icons-material/FormatBold';
import FormatItalicIcon from '@mui/icons-material/FormatItalic';
import FormatUnderlinedIcon from '@mui/icons-material/FormatUnderlined';
import StrikethroughSIcon from '@mui/icons-material/StrikethroughS';
import FormatListBulletedIcon from '@mui/icons-material/FormatListBulleted';
import FormatListNumberedIcon from '@mui/icons-material/FormatListNumbered';
import FormatQuoteIcon from '@mui/icons-material/FormatQuote';
import LinkIcon from '@mui/icons-material/Link';
import UndoIcon from '@mui/icons-material/Undo';
import RedoIcon from '@mui/icons-material/Redo';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import type { Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../components/NotifyProvider.tsx';

/** The languages a text has copies in, besides the default (spec 01 §3 translations). */
export const EDITOR_LANGUAGES = ['et', 'en'] as const;

/** A text and its language copies, as the editor opens them. */
export interface EditorTexts {
  default: string;
  copies: Record<string, string>;
}

/** `null` is the default text. */
type Language = string | null;

/** The editor's formatting, the server's allowlist (packages/server/src/richText/sanitize.ts). */
const EXTENSIONS = [
  StarterKit.configure({
    heading: { levels: [1, 2, 3, 4] },
    code: false,
    // No empty paragraph kept after a list or quote: it would be stored with the text.
    trailingNode: false,
    link: { openOnClick: false, protocols: ['mailto', 'tel'] },
  }),
];

function Toolbar({ editor }: { editor: Editor }) {
  const { t } = useTranslation();
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      link: e.isActive('link'),
      undo: e.can().undo(),
      redo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  const toggle = (
    key: keyof typeof state,
    label: string,
    icon: React.ReactNode,
    run: () => void,
  ) => (
    <Tooltip title={label}>
      <ToggleButton
        value={key}
        size="small"
        selected={state[key]}
        onChange={run}
        aria-label={label}
        data-testid={`editor-${key}`}
        sx={{ border: 0 }}
      >
        {icon}
      </ToggleButton>
    </Tooltip>
  );
  const link = () => {
    const current = editor.getAttributes('link').href as string | undefined;
    const href = window.prompt(t('editor.link.prompt'), current ?? 'https://');
    if (href === null) return;
    if (href.trim() === '') chain().extendMarkRange('link').unsetLink().run();
    else chain().extendMarkRange('link').setLink({ href: href.trim() }).run();
  };
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.25, alignItems: 'center' }}>
      {toggle('bold', t('editor.bold'), <FormatBoldIcon />, () => chain().toggleBold().run())}
      {toggle('italic', t('editor.italic'), <FormatItalicIcon />, () =>
        chain().toggleItalic().run(),
      )}
      {toggle('underline', t('editor.underline'), <FormatUnderlinedIcon />, () =>
        chain().toggleUnderline().run(),
      )}
      {toggle('strike', t('editor.strike'), <StrikethroughSIcon />, () =>
        chain().toggleStrike().run(),
      )}
      <Divider orientation="vertical" flexItem />
      {toggle('h2', t('editor.heading'), <b>H2</b>, () =>
        chain().toggleHeading({ level: 2 }).run(),
      )}
      {toggle('h3', t('editor.subheading'), <b>H3</b>, () =>
        chain().toggleHeading({ level: 3 }).run(),
      )}
      {toggle('bullet', t('editor.bullets'), <FormatListBulletedIcon />, () =>
        chain().toggleBulletList().run(),
      )}
      {toggle('ordered', t('editor.numbers'), <FormatListNumberedIcon />, () =>
        chain().toggleOrderedList().run(),
      )}
      {toggle('quote', t('editor.quote'), <FormatQuoteIcon />, () =>
        chain().toggleBlockquote().run(),
      )}
      {toggle('link', t('editor.link'), <LinkIcon />, link)}
      <Divider orientation="vertical" flexItem />
      <Tooltip title={t('editor.undo')}>
        <span>
          <IconButton
            size="small"
            disabled={!state.undo}
            onClick={() => chain().undo().run()}
            aria-label={t('editor.undo')}
          >
            <UndoIcon />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title={t('editor.redo')}>
        <span>
          <IconButton
            size="small"
            disabled={!state.redo}
            onClick={() => chain().redo().run()}
            aria-label={t('editor.redo')}
          >
            <RedoIcon />
          </IconButton>
        </span>
      </Tooltip>
    </Stack>
  );
}

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
    extensions: EXTENSIONS,
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
            {editor && <Toolbar editor={editor} />}
          </Stack>
          <Box
            data-testid="editor-content"
            sx={{
              height,
              maxHeight: '60vh',
              overflow: 'auto',
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              px: 2,
              '& .tiptap': { outline: 'none', minHeight: '100%' },
              '& .tiptap > :first-of-type': { mt: 1 },
            }}
            onClick={() => editor?.commands.focus()}
          >
            <EditorContent editor={editor} />
          </Box>
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
