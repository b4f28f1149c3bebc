import { useMemo } from 'react';
import {
  Box,
  Button,
  Chip,
  FormControlLabel,
  FormHelperText,
  IconButton,
  MenuItem,
  Paper,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import RestoreIcon from '@mui/icons-material/RestoreFromTrash';
import { useTranslation } from 'react-i18next';
import { BUILTIN_REG_FIELDS, REG_FIELD_TYPES, activeRegFields, regFields } from '@rada/core';
import type { RegConfig, RegField, RegFieldConfig } from '@rada/core';
import { fieldLabel } from './regForm.ts';
import {
  addField,
  configOfDraft,
  draftOfConfig,
  orderOfText,
  patchField,
  setDeleted,
} from './regConfigEdit.ts';
import type { DraftEditorProps } from '../settings/SettingInputs.tsx';

interface RegFormEditorProps extends DraftEditorProps {
  disabled?: boolean;
}

/**
 * The registration form editor (the `regconfig` setting): the built-in fields with shown,
 * required and public switches (the team name is always required and public), custom fields
 * with label, hint, type, choices, order, required and public, a list of deleted fields to
 * restore, and the form's order as a preview.
 */
export function RegFormEditor({
  label,
  testId,
  error,
  value,
  onChange,
  onBlur,
  disabled,
}: RegFormEditorProps) {
  const { t } = useTranslation();
  const config = useMemo(() => configOfDraft(value), [value]);
  const fields = useMemo(() => regFields(config), [config]);
  const custom = fields.filter((f) => !f.builtin && !f.deleted);
  const deleted = fields.filter((f) => !f.builtin && f.deleted);
  const builtins = BUILTIN_REG_FIELDS.map((id) => fields.find((f) => f.id === id)).filter(
    (f): f is RegField => f !== undefined,
  );

  const commit = (next: RegConfig, immediate: boolean) => onChange(draftOfConfig(next), immediate);
  const patch = (id: string, p: RegFieldConfig, immediate = true) =>
    commit(patchField(config, id, p), immediate);

  return (
    <Box data-testid={testId}>
      <Typography variant="subtitle1" sx={{ fontWeight: 500 }}>
        {label}
      </Typography>

      <Table size="small" sx={{ maxWidth: 560, mb: 2 }} data-testid="regform-builtin">
        <TableHead>
          <TableRow>
            <TableCell>{t('reg.editor.field')}</TableCell>
            <TableCell align="center">{t('reg.editor.shown')}</TableCell>
            <TableCell align="center">{t('reg.editor.required')}</TableCell>
            <TableCell align="center">{t('reg.editor.public')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {builtins.map((f) => {
            const fixed = f.id === 'teamname' || disabled;
            return (
              <TableRow key={f.id} data-testid={`regform-builtin-${f.id}`}>
                <TableCell>{fieldLabel(t, f)}</TableCell>
                <TableCell align="center">
                  <Switch
                    size="small"
                    checked={!f.deleted}
                    disabled={fixed}
                    onChange={(e) => patch(f.id, { deleted: !e.target.checked })}
                    slotProps={{
                      input: {
                        'aria-label': `${fieldLabel(t, f)}: ${t('reg.editor.shown')}`,
                        'data-testid': `regform-${f.id}-shown`,
                      } as React.InputHTMLAttributes<HTMLInputElement>,
                    }}
                  />
                </TableCell>
                <TableCell align="center">
                  <Switch
                    size="small"
                    checked={f.required}
                    disabled={fixed || f.deleted}
                    onChange={(e) => patch(f.id, { required: e.target.checked })}
                    slotProps={{
                      input: {
                        'aria-label': `${fieldLabel(t, f)}: ${t('reg.editor.required')}`,
                        'data-testid': `regform-${f.id}-required`,
                      } as React.InputHTMLAttributes<HTMLInputElement>,
                    }}
                  />
                </TableCell>
                <TableCell align="center">
                  <Switch
                    size="small"
                    checked={f.public}
                    disabled={fixed || f.deleted}
                    onChange={(e) => patch(f.id, { public: e.target.checked })}
                    slotProps={{
                      input: {
                        'aria-label': `${fieldLabel(t, f)}: ${t('reg.editor.public')}`,
                        'data-testid': `regform-${f.id}-public`,
                      } as React.InputHTMLAttributes<HTMLInputElement>,
                    }}
                  />
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>

      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        {t('reg.editor.custom')}
      </Typography>
      <Stack spacing={1.5} sx={{ mb: 1.5 }}>
        {custom.map((f) => (
          <CustomFieldEditor
            key={f.id}
            field={f}
            stored={config.fields[f.id] ?? {}}
            disabled={disabled}
            onPatch={patch}
            onBlur={onBlur}
          />
        ))}
      </Stack>
      <Button
        startIcon={<AddIcon />}
        disabled={disabled}
        onClick={() => commit(addField(config, t('reg.editor.newlabel')).config, true)}
        data-testid="regform-add"
      >
        {t('reg.editor.add')}
      </Button>

      {deleted.length > 0 && (
        <Box sx={{ mt: 2 }} data-testid="regform-deleted">
          <Typography variant="subtitle2">{t('reg.editor.deleted')}</Typography>
          {deleted.map((f) => (
            <Stack
              key={f.id}
              direction="row"
              spacing={1}
              sx={{ alignItems: 'center', color: 'text.disabled' }}
            >
              <Typography sx={{ textDecoration: 'line-through' }}>
                {fieldLabel(t, f)} ({f.id})
              </Typography>
              <Tooltip title={t('reg.editor.restore')}>
                <span>
                  <IconButton
                    size="small"
                    disabled={disabled}
                    onClick={() => commit(setDeleted(config, f.id, false), true)}
                    data-testid={`regform-restore-${f.id}`}
                  >
                    <RestoreIcon fontSize="small" />
                  </IconButton>
                </span>
              </Tooltip>
            </Stack>
          ))}
        </Box>
      )}

      <Box sx={{ mt: 2 }}>
        <Typography variant="subtitle2">{t('reg.editor.preview')}</Typography>
        <Stack
          direction="row"
          sx={{ flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}
          data-testid="regform-preview"
        >
          {activeRegFields(fields).map((f) => (
            <Chip
              key={f.id}
              size="small"
              variant={f.builtin ? 'filled' : 'outlined'}
              label={`${fieldLabel(t, f)}${f.required ? ' *' : ''}`}
            />
          ))}
        </Stack>
      </Box>
      {error && <FormHelperText error>{error}</FormHelperText>}
    </Box>
  );
}

function CustomFieldEditor({
  field,
  stored,
  disabled,
  onPatch,
  onBlur,
}: {
  field: RegField;
  stored: RegFieldConfig;
  disabled?: boolean;
  onPatch: (id: string, patch: RegFieldConfig, immediate?: boolean) => void;
  onBlur: () => void;
}) {
  const { t } = useTranslation();
  const id = field.id;
  const withChoices = field.muitype === 'single' || field.muitype === 'multiple';
  const testId = (part: string) => ({ 'data-testid': `regform-${id}-${part}` });
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid={`regform-field-${id}`}>
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: '1fr', sm: '2fr 2fr 1fr 90px' },
          alignItems: 'start',
        }}
      >
        <TextField
          size="small"
          label={t('reg.editor.label')}
          value={stored.label ?? ''}
          disabled={disabled}
          onChange={(e) => onPatch(id, { label: e.target.value }, false)}
          onBlur={onBlur}
          slotProps={{ htmlInput: { maxLength: 200, ...testId('label') } }}
        />
        <TextField
          size="small"
          label={t('reg.editor.hint')}
          value={stored.hint ?? ''}
          disabled={disabled}
          onChange={(e) => onPatch(id, { hint: e.target.value }, false)}
          onBlur={onBlur}
          slotProps={{ htmlInput: { maxLength: 1000, ...testId('hint') } }}
        />
        <TextField
          size="small"
          select
          label={t('reg.editor.type')}
          value={field.muitype}
          disabled={disabled}
          onChange={(e) => onPatch(id, { muitype: e.target.value as RegField['muitype'] })}
          slotProps={{ htmlInput: testId('type') }}
        >
          {REG_FIELD_TYPES.map((type) => (
            <MenuItem key={type} value={type} data-testid={`regform-type-${type}`}>
              {t(`reg.type.${type}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          label={t('reg.editor.order')}
          value={stored.s === undefined ? '' : String(stored.s)}
          disabled={disabled}
          onChange={(e) => {
            const s = orderOfText(e.target.value);
            if (s !== 'bad') onPatch(id, { s }, false);
          }}
          onBlur={onBlur}
          placeholder={String(field.s)}
          slotProps={{ htmlInput: { inputMode: 'decimal', ...testId('order') } }}
        />
      </Box>
      {withChoices && (
        <TextField
          size="small"
          fullWidth
          label={t('reg.editor.choices')}
          helperText={t('reg.editor.choices.help')}
          value={stored.selectvalues ?? ''}
          disabled={disabled}
          onChange={(e) => onPatch(id, { selectvalues: e.target.value }, false)}
          onBlur={onBlur}
          slotProps={{ htmlInput: { maxLength: 4000, ...testId('choices') } }}
          sx={{ mt: 1.5 }}
        />
      )}
      <Stack direction="row" sx={{ alignItems: 'center', mt: 0.5, flexWrap: 'wrap' }}>
        <FormControlLabel
          control={
            <Switch
              size="small"
              checked={field.required}
              disabled={disabled}
              onChange={(e) => onPatch(id, { required: e.target.checked })}
              slotProps={{ input: testId('required') }}
            />
          }
          label={t('reg.editor.required')}
        />
        <FormControlLabel
          control={
            <Switch
              size="small"
              checked={field.public}
              disabled={disabled}
              onChange={(e) => onPatch(id, { public: e.target.checked })}
              slotProps={{ input: testId('public') }}
            />
          }
          label={t('reg.editor.public')}
        />
        <Typography variant="caption" color="text.secondary" sx={{ flex: 1 }}>
          {id}
        </Typography>
        <Tooltip title={t('reg.editor.delete')}>
          <span>
            <IconButton
              size="small"
              disabled={disabled}
              onClick={() => onPatch(id, { deleted: true })}
              data-testid={`regform-${id}-delete`}
            >
              <DeleteIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      </Stack>
    </Paper>
  );
}
