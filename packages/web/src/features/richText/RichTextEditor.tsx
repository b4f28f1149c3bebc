import { useLayoutEffect, useRef } from 'react';
import { Box, Divider, IconButton, Stack, ToggleButton, Tooltip } from '@mui/material';
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

/** The editor's formatting, the server's allowlist (packages/server/src/richText/sanitize.ts). */
export const EDITOR_EXTENSIONS = [
  StarterKit.configure({
    heading: { levels: [1, 2, 3, 4] },
    code: false,
    // No empty paragraph kept after a list or quote: it would be stored with the text.
    trailingNode: false,
    link: { openOnClick: false, protocols: ['mailto', 'tel'] },
  }),
];

/**
 * A toolbar button pressed keeps the focus (and the selection) in the text: what is typed right
 * after it goes into the text, not to the button while the editor takes the focus back.
 */
const keepFocus = (e: React.MouseEvent) => e.preventDefault();

/** The formatting buttons of `editor` (data-testid editor-bold, editor-bullet, …). */
export function EditorToolbar({ editor }: { editor: Editor }) {
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
        onMouseDown={keepFocus}
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
            onMouseDown={keepFocus}
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
            onMouseDown={keepFocus}
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
 * The bordered, scrolling area an editor writes in, `height` pixels high (at most 60% of the
 * window); a click anywhere in it puts the cursor in the text.
 */
export function EditorArea({
  editor,
  height,
  testId = 'editor-content',
}: {
  editor: Editor | null;
  height: number;
  testId?: string;
}) {
  return (
    <Box
      data-testid={testId}
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
  );
}

/**
 * A rich-text editor inside a form (the news dialog): toolbar and writing area, starting from
 * `initial`; `onChange` gets the HTML after every change, '' when the text is empty. What is
 * saved goes through the server's sanitiser. Mounted per text: `initial` is read once.
 */
export function RichTextEditor({
  initial,
  onChange,
  height,
  testId,
}: {
  initial: string;
  onChange: (html: string) => void;
  height: number;
  testId: string;
}) {
  const changed = useRef(onChange);
  useLayoutEffect(() => {
    changed.current = onChange;
  }, [onChange]);
  const editor = useEditor({
    immediatelyRender: true,
    extensions: EDITOR_EXTENSIONS,
    content: initial,
    onUpdate: ({ editor: e }) => changed.current(e.isEmpty ? '' : e.getHTML()),
  });
  return (
    <Stack sx={{ gap: 0.5 }} data-testid={testId}>
      {editor && <EditorToolbar editor={editor} />}
      <EditorArea editor={editor} height={height} testId={`${testId}-content`} />
    </Stack>
  );
}
