import {
  Badge,
  Box,
  Button,
  IconButton,
  MenuItem,
  Select,
  Stack,
  Switch,
  TableCell,
  TableRow,
  Tooltip,
} from '@mui/material';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import PeopleIcon from '@mui/icons-material/People';
import { useTranslation } from 'react-i18next';
import type { TeamListEntry, UpdateTeamBody } from '@rada/core';
import { startFinishText } from './teamAnswers.ts';
import { ClockFlag } from './ClockFlag.tsx';

/** What a team's row or its context menu opens. */
export type TeamAction =
  | 'edit'
  | 'answers'
  | 'times'
  | 'extras'
  | 'track'
  | 'registration'
  | 'joincode'
  | 'message'
  | 'delete';

/** Where the context menu opens: at the ⋮ button, or where the row was right-clicked. */
export type MenuPlace = { el: HTMLElement } | { top: number; left: number };

interface TeamRowProps {
  team: TeamListEntry;
  classes: Map<string, string>;
  /** Whether the class column is shown (the event has classes, or a team has one). */
  showClass: boolean;
  readOnly: boolean;
  onSave: (body: UpdateTeamBody) => void;
  onOpen: (action: TeamAction) => void;
  onMenu: (place: MenuPlace) => void;
}

/** The header cells matching TeamRow's cells; the class column only with `showClass`. */
export const TEAM_COLUMNS = [
  '',
  'teams.nr',
  'teams.colour',
  'teams.name',
  'teams.klass',
  'teams.startfinish',
  'teams.allowed',
  'teams.dsq',
  'teams.katk',
  'teams.extras',
  'teams.answers',
] as const;

/** One team of the list: quick switches and buttons, and its context menu on ⋮ or right-click. */
export function TeamRow({
  team,
  classes,
  showClass,
  readOnly,
  onSave,
  onOpen,
  onMenu,
}: TeamRowProps) {
  const { t } = useTranslation();
  const extras = Object.entries(team.lypoints);
  const classIds = [...classes.keys()];
  if (team.klassid !== null && !classes.has(team.klassid)) classIds.push(team.klassid);
  return (
    <TableRow
      hover
      data-testid={`team-row-${team.id}`}
      data-name={team.name}
      onContextMenu={(e) => {
        e.preventDefault();
        onMenu({ top: e.clientY, left: e.clientX });
      }}
      sx={{ opacity: team.disabled ? 0.55 : 1 }}
    >
      <TableCell padding="checkbox">
        <IconButton
          size="small"
          aria-label={t('teams.menu')}
          onClick={(e) => onMenu({ el: e.currentTarget })}
          data-testid={`team-more-${team.id}`}
        >
          <MoreVertIcon fontSize="small" />
        </IconButton>
      </TableCell>
      <TableCell data-testid={`team-nr-${team.id}`}>{team.nr ?? ''}</TableCell>
      <TableCell>
        <Box
          role="img"
          aria-label={team.col ?? t('teams.colournone')}
          data-testid={`team-col-${team.id}`}
          data-colour={team.col ?? ''}
          sx={{
            width: 18,
            height: 18,
            borderRadius: '50%',
            bgcolor: team.col ?? 'transparent',
            border: team.col ? 'none' : '1px dashed',
            borderColor: 'text.disabled',
          }}
        />
      </TableCell>
      <TableCell>
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center', whiteSpace: 'nowrap' }}>
          <span data-testid={`team-name-${team.id}`}>{team.name}</span>
          {team.registered && (
            <Tooltip title={t('teams.registered')}>
              <HowToRegIcon
                fontSize="small"
                color="action"
                aria-label={t('teams.registered')}
                data-testid={`team-registered-${team.id}`}
              />
            </Tooltip>
          )}
          {team.members > 0 && (
            <Tooltip title={t('teams.memberscount', { count: team.members })}>
              <Badge badgeContent={team.members} color="primary" max={99} sx={{ mr: 1 }}>
                <PeopleIcon
                  fontSize="small"
                  color="action"
                  aria-label={t('teams.memberscount', { count: team.members })}
                  data-testid={`team-members-${team.id}`}
                />
              </Badge>
            </Tooltip>
          )}
          <ClockFlag team={team} />
        </Stack>
      </TableCell>
      {showClass && (
        <TableCell>
          {classIds.length === 0 ? (
            ''
          ) : (
            <Select
              size="small"
              variant="standard"
              value={team.klassid ?? ''}
              displayEmpty
              disabled={readOnly}
              onChange={(e) => onSave({ klassid: e.target.value === '' ? null : e.target.value })}
              inputProps={{ 'aria-label': t('teams.klass') }}
              data-testid={`team-klass-${team.id}`}
            >
              <MenuItem value="">{t('teams.noklass')}</MenuItem>
              {classIds.map((id) => (
                <MenuItem key={id} value={id}>
                  {classes.get(id) ?? id}
                </MenuItem>
              ))}
            </Select>
          )}
        </TableCell>
      )}
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        <Button
          size="small"
          disabled={readOnly}
          onClick={() => onOpen('times')}
          data-testid={`team-times-${team.id}`}
          sx={{ textTransform: 'none', justifyContent: 'flex-start' }}
        >
          {startFinishText(team.starttime, team.finishtime)}
        </Button>
      </TableCell>
      {(['allowed', 'dsq', 'katk'] as const).map((flag) => (
        <TableCell key={flag}>
          <Switch
            size="small"
            checked={team[flag]}
            disabled={readOnly}
            onChange={(e) => onSave({ [flag]: e.target.checked })}
            slotProps={{ input: { 'aria-label': t(`teams.${flag}`) } }}
            data-testid={`team-${flag}-${team.id}`}
          />
        </TableCell>
      ))}
      <TableCell>
        <Button
          size="small"
          disabled={readOnly}
          onClick={() => onOpen('extras')}
          data-testid={`team-extras-${team.id}`}
          sx={{ textTransform: 'none' }}
        >
          {extras.length === 0 ? '–' : extras.map(([k, v]) => `${k}: ${v}`).join(', ')}
        </Button>
      </TableCell>
      <TableCell>
        <Button
          size="small"
          onClick={() => onOpen('answers')}
          data-testid={`team-answers-${team.id}`}
          sx={{ whiteSpace: 'nowrap' }}
        >
          {t('teams.answerscount', { count: team.answers })}
        </Button>
      </TableCell>
    </TableRow>
  );
}
