import { ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, asLanguage, setLanguage } from '../../i18n/index.ts';

/** EN/ET switch in the app bar; the choice is kept in localStorage. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const current = asLanguage(i18n.language) ?? 'en';
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={current}
      aria-label={t('app.language')}
      onChange={(_e, value: string | null) => {
        const lang = asLanguage(value);
        if (lang) void setLanguage(lang);
      }}
      sx={{
        mr: 1,
        '& .MuiToggleButton-root': {
          color: 'rgba(255,255,255,0.8)',
          borderColor: 'rgba(255,255,255,0.4)',
          py: 0.25,
          px: 1,
        },
        '& .MuiToggleButton-root.Mui-selected': {
          color: 'primary.main',
          backgroundColor: 'common.white',
        },
        '& .MuiToggleButton-root.Mui-selected:hover': { backgroundColor: 'grey.100' },
      }}
    >
      {LANGUAGES.map((lang) => (
        <ToggleButton key={lang} value={lang} data-testid={`lang-${lang}`} lang={lang}>
          {lang.toUpperCase()}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
