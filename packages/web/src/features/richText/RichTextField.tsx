import { Suspense, lazy, useState } from 'react';
import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import { useTranslation } from 'react-i18next';
import { RichText } from '../../components/RichText.tsx';
import type { EditorTexts } from './RichTextDialog.tsx';

// The editor (TipTap and ProseMirror) loads when it is first opened.
const RichTextDialog = lazy(() =>
  import('./RichTextDialog.tsx').then((m) => ({ default: m.RichTextDialog })),
);

/**
 * A rich text as a form shows it: its label, the text as readers see it and the languages it
 * has copies in, and an Edit button that opens the editor (RichTextDialog).
 */
export function RichTextField({
  label,
  texts,
  onSave,
  testId,
  height,
  disabled = false,
}: {
  label: string;
  texts: EditorTexts;
  onSave: (lang: string | null, html: string | null) => Promise<void>;
  testId: string;
  height?: number;
  /** Read-only: the text without the Edit button. */
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const copies = Object.keys(texts.copies);
  return (
    <Stack sx={{ gap: 0.5 }} data-testid={testId}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
          {label}
        </Typography>
        {!disabled && (
          <Button
            size="small"
            startIcon={<EditIcon />}
            onClick={() => setOpen(true)}
            data-testid={`${testId}-edit`}
          >
            {t('editor.edit')}
          </Button>
        )}
      </Stack>
      <Paper variant="outlined" sx={{ px: 1.5, py: 1, maxHeight: 200, overflow: 'auto' }}>
        {texts.default ? (
          <RichText text={texts.default} data-testid={`${testId}-preview`} />
        ) : (
          <Typography color="text.secondary" variant="body2">
            {t('editor.empty')}
          </Typography>
        )}
      </Paper>
      {copies.length > 0 && (
        <Box>
          <Typography variant="caption" color="text.secondary" data-testid={`${testId}-copies`}>
            {t('editor.copies', {
              languages: copies.map((l) => t(`editor.language.${l}`, l)).join(', '),
            })}
          </Typography>
        </Box>
      )}
      {open && (
        <Suspense fallback={null}>
          <RichTextDialog
            open
            title={label}
            texts={texts}
            onSave={onSave}
            onClose={() => setOpen(false)}
            {...(height ? { height } : {})}
          />
        </Suspense>
      )}
    </Stack>
  );
}
