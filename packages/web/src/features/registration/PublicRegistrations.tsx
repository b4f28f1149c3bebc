import {
  Chip,
  Paper,
  Stack,
  Table,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { RegFormView } from '@rada/core';
import { EmptyState } from '../../components/States.tsx';
import { WindowedBody } from '../../components/WindowedBody.tsx';
import { className, fieldLabel, valueText } from './regForm.ts';

/**
 * The registered teams with their public fields (data-testid reg-public). On a phone a team's
 * class and confirmation sit under its name, so they are seen without scrolling sideways.
 */
export function PublicRegistrations({ view }: { view: RegFormView }) {
  const { t } = useTranslation();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const columns = view.fields.filter((f) => f.public && f.id !== 'teamname');
  const hasClasses = view.classes.length > 0;
  const status = (team: RegFormView['teams'][number]) => (
    <Chip
      size="small"
      variant="outlined"
      color={team.allowed ? 'success' : 'default'}
      label={t(team.allowed ? 'reg.allowed' : 'reg.waiting')}
      data-testid={`reg-public-status-${team.teamId}`}
      sx={{ maxWidth: '100%' }}
    />
  );
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2.5 } }} data-testid="reg-public">
      <Typography variant="h6" component="h2">
        {t('reg.registered', { count: view.teams.length })}
      </Typography>
      {view.teams.length === 0 ? (
        <EmptyState text={t('reg.noteams')} testId="reg-public-empty" />
      ) : (
        <TableContainer>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('reg.col.nr')}</TableCell>
                <TableCell>{t('reg.field.teamname')}</TableCell>
                {hasClasses && !phone && <TableCell>{t('reg.class')}</TableCell>}
                {columns.map((f) => (
                  <TableCell key={f.id}>{fieldLabel(t, f)}</TableCell>
                ))}
                {!phone && <TableCell>{t('reg.col.status')}</TableCell>}
              </TableRow>
            </TableHead>
            <WindowedBody
              count={view.teams.length}
              estimate={41}
              row={(i) => {
                const team = view.teams[i]!;
                return (
                  <TableRow
                    key={team.teamId}
                    data-index={i}
                    data-testid={`reg-public-${team.teamId}`}
                  >
                    <TableCell>{team.nr ?? i + 1}</TableCell>
                    {phone ? (
                      <TableCell sx={{ minWidth: 140 }}>
                        <Stack sx={{ gap: 0.5, alignItems: 'flex-start' }}>
                          <Typography variant="body2" sx={{ fontWeight: 500 }}>
                            {team.name}
                          </Typography>
                          {hasClasses && (
                            <Typography
                              variant="caption"
                              color="text.secondary"
                              data-testid={`reg-public-class-${team.teamId}`}
                            >
                              {className(view, team.klassid)}
                            </Typography>
                          )}
                          {status(team)}
                        </Stack>
                      </TableCell>
                    ) : (
                      <>
                        <TableCell sx={{ fontWeight: 500 }}>{team.name}</TableCell>
                        {hasClasses && (
                          <TableCell data-testid={`reg-public-class-${team.teamId}`}>
                            {className(view, team.klassid)}
                          </TableCell>
                        )}
                      </>
                    )}
                    {columns.map((f) => (
                      <TableCell key={f.id}>{valueText(t, team.values[f.id])}</TableCell>
                    ))}
                    {!phone && <TableCell>{status(team)}</TableCell>}
                  </TableRow>
                );
              }}
            />
          </Table>
        </TableContainer>
      )}
    </Paper>
  );
}
