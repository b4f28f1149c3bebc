import { Box, Stack, TextField, Tooltip, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { TEAM_COLOURS } from '@rada/core';

interface ColourPickerProps {
  /** Hex colour, '' for none. */
  value: string;
  onChange: (value: string) => void;
  /** Translation key of the error shown under the hex field. */
  error?: string;
}

/** The team colour: one of TEAM_COLOURS, the browser's colour chooser, or any hex typed in. */
export function ColourPicker({ value, onChange, error }: ColourPickerProps) {
  const { t } = useTranslation();
  const selected = value.toLowerCase();
  return (
    <Stack sx={{ gap: 1 }}>
      <Typography variant="caption" color="text.secondary">
        {t('teams.colour')}
      </Typography>
      <Stack
        direction="row"
        role="radiogroup"
        aria-label={t('teams.colour')}
        sx={{ gap: 0.75, flexWrap: 'wrap' }}
      >
        {TEAM_COLOURS.map((c) => (
          <Box
            key={c}
            component="button"
            type="button"
            role="radio"
            aria-checked={selected === c}
            aria-label={c}
            data-testid={`team-colour-${c.slice(1)}`}
            onClick={() => onChange(c)}
            sx={{
              width: 28,
              height: 28,
              p: 0,
              borderRadius: '50%',
              cursor: 'pointer',
              bgcolor: c,
              border: '2px solid',
              borderColor: selected === c ? 'text.primary' : 'transparent',
              outline: selected === c ? '2px solid white' : 'none',
              outlineOffset: -4,
            }}
          />
        ))}
      </Stack>
      <Stack direction="row" sx={{ gap: 1, alignItems: 'flex-start' }}>
        <Tooltip title={t('teams.colourchoose')}>
          <Box
            component="input"
            type="color"
            aria-label={t('teams.colourchoose')}
            value={/^#[0-9a-f]{6}$/.test(selected) ? selected : '#000000'}
            onChange={(e: React.ChangeEvent<HTMLInputElement>) => onChange(e.target.value)}
            sx={{
              width: 40,
              height: 40,
              p: 0,
              border: 0,
              bgcolor: 'transparent',
              // The chooser cannot be empty: dimmed while the team has no colour.
              opacity: value === '' ? 0.3 : 1,
            }}
          />
        </Tooltip>
        <TextField
          size="small"
          label={t('teams.colourhex')}
          value={value}
          onChange={(e) => onChange(e.target.value.trim())}
          error={!!error}
          helperText={error ? t(error) : t('teams.colournone')}
          slotProps={{ htmlInput: { 'data-testid': 'team-form-col', maxLength: 7 } }}
          sx={{ width: 180 }}
        />
      </Stack>
    </Stack>
  );
}
