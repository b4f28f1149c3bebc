import {
  Chip,
  Paper,
  Table,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { RegFormView } from '@rada/core';
import { EmptyState } from '../../components/States.tsx';
import { WindowedBody } from '../../components/WindowedBody.tsx';
import { className, fieldLabel, valueText } from './regForm.ts';

/** The registered teams with their public fields (data-testid reg-public). */
export function PublicRegistrations({ view }: { view: RegFormView }) {
  const { t } = useTranslation();
  const columns = view.fields.filter((f) => f.public && f.id !== 'teamname');
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
                {view.classes.length > 0 && <TableCell>{t('reg.class')}</TableCell>}
                {columns.map((f) => (
                  <TableCell key={f.id}>{fieldLabel(t, f)}</TableCell>
                ))}
                <TableCell>{t('reg.col.status')}</TableCell>
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
                    <TableCell sx={{ fontWeight: 500 }}>{team.name}</TableCell>
                    {view.classes.length > 0 && (
                      <TableCell data-testid={`reg-public-class-${team.teamId}`}>
                        {className(view, team.klassid)}
                      </TableCell>
                    )}
                    {columns.map((f) => (
                      <TableCell key={f.id}>{valueText(t, team.values[f.id])}</TableCell>
                    ))}
                    <TableCell>
                      <Chip
                        size="small"
                        variant="outlined"
                        color={team.allowed ? 'success' : 'default'}
                        label={t(team.allowed ? 'reg.allowed' : 'reg.waiting')}
                      />
                    </TableCell>
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
