import {
  Box,
  Chip,
  IconButton,
  Switch,
  TableCell,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import QrCodeIcon from '@mui/icons-material/QrCode2';
import { useTranslation } from 'react-i18next';
import type { JoinCodeView } from '@rada/core';
import { userLabel, validUntilText } from './joinCodeText.ts';

interface JoinCodeRowProps {
  code: JoinCodeView;
  expired: boolean;
  readOnly: boolean;
  /** Narrow screens: the validity goes under the code instead of its own column. */
  compact: boolean;
  onSingleTeam: (singleteam: boolean) => void;
  onOpen: (kind: 'share' | 'usedby' | 'delete') => void;
}

/** One code in the organiser's list: code, single-team switch, used by, validity, share, delete. */
export function JoinCodeRow({
  code,
  expired,
  readOnly,
  compact,
  onSingleTeam,
  onOpen,
}: JoinCodeRowProps) {
  const { t } = useTranslation();
  const validity = (
    <Box sx={{ whiteSpace: compact ? undefined : 'nowrap' }}>
      <Typography
        variant={compact ? 'caption' : 'body2'}
        component="div"
        color={expired ? 'error' : compact ? 'text.secondary' : undefined}
        sx={expired ? { textDecoration: 'line-through' } : undefined}
        data-testid={`joincode-valid-${code.code}`}
      >
        {validUntilText(t, code.valid, code.timeZone)}
      </Typography>
      {expired && (
        <Chip
          size="small"
          color="error"
          variant="outlined"
          label={t('joinc.expired')}
          data-testid={`joincode-expired-${code.code}`}
        />
      )}
    </Box>
  );
  const first = code.uses[0];
  return (
    <TableRow data-testid={`joincode-row-${code.code}`} data-expired={expired ? 'true' : 'false'}>
      <TableCell>
        <Typography sx={{ fontFamily: 'monospace', fontWeight: 600, letterSpacing: '0.05em' }}>
          {code.code}
        </Typography>
        {code.teamName && (
          <Typography variant="caption" component="div" color="text.secondary">
            {t('joinc.forteam', { team: code.teamName })}
          </Typography>
        )}
        {compact && validity}
      </TableCell>
      <TableCell padding={compact ? 'none' : 'normal'}>
        <Switch
          checked={code.singleteam}
          disabled={readOnly}
          onChange={(e) => onSingleTeam(e.target.checked)}
          slotProps={{ input: { 'aria-label': t('joinc.singleteam') } }}
          data-testid={`joincode-single-${code.code}`}
        />
      </TableCell>
      <TableCell>
        {!first ? (
          // An imported code may name its user without any recorded use.
          <Typography
            color={code.used ? undefined : 'text.secondary'}
            data-testid={`joincode-usedby-${code.code}`}
          >
            {code.used ?? '—'}
          </Typography>
        ) : (
          <Chip
            size="small"
            clickable
            onClick={() => onOpen('usedby')}
            data-testid={`joincode-usedby-${code.code}`}
            sx={{ maxWidth: compact ? 120 : 220 }}
            label={
              code.uses.length === 1
                ? userLabel(first)
                : t('joinc.usedbymany', { name: userLabel(first), count: code.uses.length - 1 })
            }
          />
        )}
      </TableCell>
      {!compact && <TableCell>{validity}</TableCell>}
      <TableCell padding="none" sx={{ whiteSpace: compact ? undefined : 'nowrap' }}>
        <Tooltip title={t('joinc.share')}>
          <IconButton
            aria-label={t('joinc.share')}
            onClick={() => onOpen('share')}
            data-testid={`joincode-share-${code.code}`}
          >
            <QrCodeIcon />
          </IconButton>
        </Tooltip>
        <Tooltip title={t('joinc.delete')}>
          <span>
            <IconButton
              aria-label={t('joinc.delete')}
              disabled={readOnly}
              onClick={() => onOpen('delete')}
              data-testid={`joincode-delete-${code.code}`}
            >
              <DeleteIcon />
            </IconButton>
          </span>
        </Tooltip>
      </TableCell>
    </TableRow>
  );
}
