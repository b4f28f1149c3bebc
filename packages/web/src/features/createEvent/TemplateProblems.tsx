import { Alert, Box, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { EVENT_FILE_MAX_PROBLEMS } from '@rada/core';
import type { EventFileProblem } from '@rada/core';

/**
 * Why a template file was refused: the translated key, then each problem as "path: message"
 * (paths name the file's own keys, such as eventsdata.kp.k12.nr, so they stay untranslated).
 */
export function TemplateProblems({
  errorKey,
  problems = [],
}: {
  errorKey: string;
  problems?: EventFileProblem[];
}) {
  const { t } = useTranslation();
  const listed = problems.filter((p) => p.path !== '');
  return (
    <Alert severity="error" sx={{ mt: 1 }} data-testid="createevent-template-error">
      {t(errorKey, { defaultValue: t('error.unknown') })}
      {listed.length > 0 && (
        <>
          <Typography variant="body2" sx={{ mt: 1 }}>
            {t('createevent.problems')}
          </Typography>
          <Box
            component="ul"
            sx={{ m: 0, pl: 2, maxHeight: 200, overflowY: 'auto', fontSize: '0.8125rem' }}
            data-testid="createevent-template-problems"
          >
            {listed.map((p, i) => (
              <li key={i}>
                <Box component="code" sx={{ wordBreak: 'break-all' }}>
                  {p.path}
                </Box>
                : {p.message}
              </li>
            ))}
          </Box>
          {problems.length >= EVENT_FILE_MAX_PROBLEMS && (
            <Typography variant="caption">
              {t('createevent.problems.more', { shown: EVENT_FILE_MAX_PROBLEMS })}
            </Typography>
          )}
        </>
      )}
    </Alert>
  );
}
