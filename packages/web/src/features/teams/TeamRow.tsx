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
import type { SxProps, Theme } from '@mui/material';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import PeopleIcon from '@mui/icons-material/People';
import { useTranslation } from 'react-i18next';
import type { TeamListEntry, UpdateTeamBody } from '@rada/core';
import { startFinishText } from './teamAnswers.ts';
import { ClockFlag } from './ClockFlag.tsx';
import type { ResultFlag } from './teamChanges.ts';

/** What a team's row or its context menu opens. */
export type TeamAction =
  | 'edit'
  | 'answers'
  | 'times'
  | 'extras'
  | 'track'
  | 'tracking'
  | 'registration'
  | 'joincode'
  | 'message'
  | 'delete';

/** Where the context menu opens: at the ⋮ button, or where the row was right-clicked. */
export type MenuPlace = { el: HTMLElement } | { top: number; left: number };

/** A column of the team list, named by its header's text key ('' for the menu button). */
export type TeamColumn =
  | ''
  | 'teams.nr'
  | 'teams.colour'
  | 'teams.name'
  | 'teams.klass'
  | 'teams.startfinish'
  | 'teams.allowed'
  | 'teams.dsq'
  | 'teams.katk'
  | 'teams.extras'
  | 'teams.answers';

const WIDE_COLUMNS: readonly TeamColumn[] = [
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
];

/**
 * On a phone the menu button, number and colour sit in the name's cell, which stays in view
 * while the others scroll sideways, the times and the results' switches first.
 */
const COMPACT_COLUMNS: readonly TeamColumn[] = [
  'teams.name',
  'teams.startfinish',
  'teams.dsq',
  'teams.katk',
  'teams.allowed',
  'teams.klass',
  'teams.extras',
  'teams.answers',
];

/** The columns of the team list: the class column only with `showClass`. */
export function teamColumns(showClass: boolean, compact: boolean): TeamColumn[] {
  return (compact ? COMPACT_COLUMNS : WIDE_COLUMNS).filter(
    (key) => showClass || key !== 'teams.klass',
  );
}

/** The phone's name cell: kept at the left edge over the cells scrolled under it. */
export const STICKY_CELL: SxProps<Theme> = {
  position: 'sticky',
  left: 0,
  zIndex: 1,
  bgcolor: 'background.paper',
  borderRight: 1,
  borderRightColor: 'divider',
};

interface TeamRowProps {
  team: TeamListEntry;
  classes: Map<string, string>;
  columns: readonly TeamColumn[];
  readOnly: boolean;
  onSave: (body: UpdateTeamBody) => void;
  /** The DSQ or withdrawn switch turned: the tab says what it did and offers undo. */
  onFlag: (flag: ResultFlag, value: boolean) => void;
  onOpen: (action: TeamAction) => void;
  onMenu: (place: MenuPlace) => void;
}

/**
 * The team's name; when a team import stored its members' names or club, a tooltip (on hover,
 * focus or a long touch) shows them and a dotted underline says there is one.
 */
function TeamName({ team }: { team: TeamListEntry }) {
  const { t } = useTranslation();
  const name = <span data-testid={`team-name-${team.id}`}>{team.name}</span>;
  const people = team.people ?? [];
  if (people.length === 0 && team.club === undefined) return name;
  const title = (
    <Box data-testid={`team-people-${team.id}`}>
      {people.length > 0 && (
        <div>
          {t('reg.col.members')}: {people.join(', ')}
        </div>
      )}
      {team.club !== undefined && (
        <div>
          {t('reg.col.club')}: {team.club}
        </div>
      )}
    </Box>
  );
  return (
    <Tooltip title={title} arrow>
      <Box
        component="span"
        tabIndex={0}
        sx={{ textDecoration: 'underline dotted', textUnderlineOffset: 3, cursor: 'help' }}
      >
        {name}
      </Box>
    </Tooltip>
  );
}

/** One team of the list: quick switches and buttons, and its context menu on ⋮ or right-click. */
export function TeamRow({
  team,
  classes,
  columns,
  readOnly,
  onSave,
  onFlag,
  onOpen,
  onMenu,
}: TeamRowProps) {
  const { t } = useTranslation();
  const compact = !columns.includes('');
  const extras = Object.entries(team.lypoints);
  const classIds = [...classes.keys()];
  if (team.klassid !== null && !classes.has(team.klassid)) classIds.push(team.klassid);

  const menuButton = (
    <IconButton
      size="small"
      aria-label={t('teams.menu')}
      onClick={(e) => onMenu({ el: e.currentTarget })}
      data-testid={`team-more-${team.id}`}
    >
      <MoreVertIcon fontSize="small" />
    </IconButton>
  );
  const nr = <span data-testid={`team-nr-${team.id}`}>{team.nr ?? ''}</span>;
  const colour = (
    <Box
      role="img"
      aria-label={team.col ?? t('teams.colournone')}
      data-testid={`team-col-${team.id}`}
      data-colour={team.col ?? ''}
      sx={{
        flex: 'none',
        width: 18,
        height: 18,
        borderRadius: '50%',
        bgcolor: team.col ?? 'transparent',
        border: team.col ? 'none' : '1px dashed',
        borderColor: 'text.disabled',
      }}
    />
  );
  const name = (
    <Stack
      direction="row"
      sx={
        compact
          ? {
              gap: 0.5,
              alignItems: 'center',
              flexWrap: 'wrap',
              minWidth: 0,
              overflowWrap: 'break-word',
            }
          : { gap: 1, alignItems: 'center', whiteSpace: 'nowrap' }
      }
    >
      <TeamName team={team} />
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
  );
  const flagSwitch = (flag: 'allowed' | ResultFlag) => (
    <Switch
      size="small"
      checked={team[flag]}
      disabled={readOnly}
      onChange={(e) =>
        flag === 'allowed' ? onSave({ allowed: e.target.checked }) : onFlag(flag, e.target.checked)
      }
      slotProps={{ input: { 'aria-label': t(`teams.${flag}`) } }}
      data-testid={`team-${flag}-${team.id}`}
    />
  );

  const cell = (key: TeamColumn) => {
    switch (key) {
      case '':
        return (
          <TableCell key={key} padding="checkbox">
            {menuButton}
          </TableCell>
        );
      case 'teams.nr':
        return <TableCell key={key}>{nr}</TableCell>;
      case 'teams.colour':
        return <TableCell key={key}>{colour}</TableCell>;
      case 'teams.name':
        return compact ? (
          <TableCell
            key={key}
            padding="none"
            sx={{ ...STICKY_CELL, width: 200, minWidth: 200, maxWidth: 200, pr: 1 }}
          >
            <Stack direction="row" sx={{ alignItems: 'center', gap: 0.75 }}>
              {menuButton}
              <Box sx={{ minWidth: '1.5em', textAlign: 'right' }}>{nr}</Box>
              {colour}
              {name}
            </Stack>
          </TableCell>
        ) : (
          <TableCell key={key}>{name}</TableCell>
        );
      case 'teams.klass':
        return (
          <TableCell key={key}>
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
        );
      case 'teams.startfinish':
        return (
          <TableCell key={key} sx={{ whiteSpace: 'nowrap' }}>
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
        );
      case 'teams.allowed':
        return <TableCell key={key}>{flagSwitch('allowed')}</TableCell>;
      case 'teams.dsq':
        return <TableCell key={key}>{flagSwitch('dsq')}</TableCell>;
      case 'teams.katk':
        return <TableCell key={key}>{flagSwitch('katk')}</TableCell>;
      case 'teams.extras':
        return (
          <TableCell key={key}>
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
        );
      case 'teams.answers':
        return (
          <TableCell key={key}>
            <Button
              size="small"
              onClick={() => onOpen('answers')}
              data-testid={`team-answers-${team.id}`}
              sx={{ whiteSpace: 'nowrap' }}
            >
              {t('teams.answerscount', { count: team.answers })}
            </Button>
          </TableCell>
        );
    }
  };

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
      {columns.map(cell)}
    </TableRow>
  );
}
