import { Box, Button, Paper, Typography } from '@mui/material';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

/** "Not found": what was looked for, and a way back (the start page, or the event's page). */
export function NotFound({ text, backTo = '/' }: { text: string; backTo?: string }) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }} data-testid="notfound">
      <SearchOffIcon color="action" sx={{ fontSize: 48 }} />
      <Typography variant="h6" component="h2" sx={{ mt: 1 }}>
        {t('common.notfound')}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1 }} data-testid="notfound-text">
        {text}
      </Typography>
      <Box sx={{ mt: 3 }}>
        <Button component={Link} to={backTo} variant="outlined" data-testid="notfound-back">
          {backTo === '/' ? t('common.backhome') : t('common.backevent')}
        </Button>
      </Box>
    </Paper>
  );
}
