import { Box, Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, asLanguage, setLanguage } from '../../i18n/index.ts';

/**
 * EN/ET switch in the app bar; the choice is kept in localStorage. Two plain buttons (pressed or
 * not), as it stands on every page: lighter than MUI's toggle-button group.
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const current = asLanguage(i18n.language) ?? 'en';
  return (
    <Box
      role="group"
      aria-label={t('app.language')}
      sx={{
        display: 'flex',
        mr: 1,
        border: 1,
        borderColor: 'rgba(255,255,255,0.4)',
        borderRadius: 1,
      }}
    >
      {LANGUAGES.map((lang) => (
        <Button
          key={lang}
          size="small"
          lang={lang}
          aria-pressed={lang === current}
          data-testid={`lang-${lang}`}
          onClick={() => void setLanguage(lang)}
          sx={{
            minWidth: 0,
            py: 0.25,
            px: 1,
            borderRadius: 0,
            color: 'rgba(255,255,255,0.8)',
            ...(lang === current && {
              color: 'primary.main',
              bgcolor: 'common.white',
              '&:hover': { bgcolor: 'grey.100' },
            }),
          }}
        >
          {lang.toUpperCase()}
        </Button>
      ))}
    </Box>
  );
}
