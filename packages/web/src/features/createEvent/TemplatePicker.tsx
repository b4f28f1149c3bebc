import { useRef, useState } from 'react';
import { Box, Button, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import CloseIcon from '@mui/icons-material/Close';
import { useTranslation } from 'react-i18next';
import { EVENT_FILE_MAX_BYTES } from '@rada/core';
import { megabytes } from '../mapImages/format.ts';
import { readTemplate, templateMapImages } from './createEventForm.ts';
import type { TemplateState } from './createEventForm.ts';
import { TemplateProblems } from './TemplateProblems.tsx';

/** The optional template file of the create dialog: upload, show, remove, or report it bad. */
export function TemplatePicker({
  value,
  onChange,
  disabled,
  duplicating = false,
}: {
  value: TemplateState;
  onChange: (next: TemplateState) => void;
  disabled: boolean;
  /** The dialog copies an event: a file is offered instead of it. */
  duplicating?: boolean;
}) {
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const [reading, setReading] = useState(false);

  const handleFile = async (file: File | undefined) => {
    if (!file) return;
    setReading(true);
    try {
      onChange(await readTemplate(file, EVENT_FILE_MAX_BYTES));
    } finally {
      setReading(false);
      // Choosing the same file again must fire `change` again.
      if (inputRef.current) inputRef.current.value = '';
    }
  };

  return (
    <Box>
      <input
        ref={inputRef}
        type="file"
        accept=".json,application/json"
        hidden
        data-testid="createevent-template"
        onChange={(e) => void handleFile(e.target.files?.[0])}
      />
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
        <Button
          variant="outlined"
          startIcon={<UploadFileIcon />}
          onClick={() => inputRef.current?.click()}
          disabled={disabled || reading}
          data-testid="createevent-template-button"
        >
          {t(duplicating ? 'createevent.template.instead' : 'createevent.template.upload')}
        </Button>
        {value.status !== 'none' && (
          <>
            <Typography
              variant="body2"
              data-testid="createevent-template-name"
              sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
            >
              {t('createevent.template.loaded', { file: value.fileName })}
            </Typography>
            <Tooltip title={t('createevent.template.remove')}>
              <IconButton
                size="small"
                aria-label={t('createevent.template.remove')}
                onClick={() => onChange({ status: 'none' })}
                disabled={disabled}
                data-testid="createevent-template-remove"
              >
                <CloseIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </>
        )}
      </Stack>
      {value.status === 'ok' && templateMapImages(value.file).count > 0 && (
        <Typography
          variant="body2"
          color="text.secondary"
          data-testid="createevent-template-maps"
          sx={{ mt: 0.5 }}
        >
          {t('createevent.template.maps', {
            count: templateMapImages(value.file).count,
            size: megabytes(templateMapImages(value.file).bytes),
          })}
        </Typography>
      )}
      {value.status === 'bad' ? (
        <TemplateProblems errorKey={value.errorKey} problems={value.problems} />
      ) : value.status === 'ok' && value.refused ? (
        <TemplateProblems errorKey={value.refused.errorKey} problems={value.refused.problems} />
      ) : (
        <Typography variant="caption" color="text.secondary">
          {t(duplicating ? 'createevent.template.insteadhelp' : 'createevent.template.help')}
        </Typography>
      )}
    </Box>
  );
}
