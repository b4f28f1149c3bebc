import { Box, Button, Paper, Typography } from '@mui/material';
import ConstructionIcon from '@mui/icons-material/Construction';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

/** A plain "coming soon" panel with a way back. */
export function ComingSoon({ text, backTo = '/' }: { text: string; backTo?: string }) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }} data-testid="comingsoon">
      <ConstructionIcon color="secondary" sx={{ fontSize: 48 }} />
      <Typography variant="h6" sx={{ mt: 1 }}>
        {t('common.comingsoon')}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        {text}
      </Typography>
      <Box sx={{ mt: 3 }}>
        <Button component={Link} to={backTo} variant="outlined">
          {backTo === '/' ? t('common.backhome') : t('common.backevent')}
        </Button>
      </Box>
    </Paper>
  );
}
