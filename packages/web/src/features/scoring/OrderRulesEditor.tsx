import { useState } from 'react';
import { Box, Button, Chip, IconButton, Paper, Stack, Tooltip, Typography } from '@mui/material';
import ArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import ArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import CloseIcon from '@mui/icons-material/Close';
import DragIcon from '@mui/icons-material/DragIndicator';
import AddIcon from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import type { OrderRule } from '@rada/core';
import { effectiveRules, isDefaultOrder, moveRule, unusedRules } from './orderRules.ts';

/**
 * The ranking rules in priority order. Rows are reordered by dragging (HTML5 drag and drop) or
 * with the up/down buttons; unused rules can be added and used ones removed.
 */
export function OrderRulesEditor({
  stored,
  onChange,
}: {
  stored: unknown;
  onChange: (rules: OrderRule[] | null) => void;
}) {
  const { t } = useTranslation();
  const rules = effectiveRules(stored);
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [dropAt, setDropAt] = useState<number | null>(null);
  // The default order is stored as nothing, so the event follows future defaults.
  const commit = (next: OrderRule[]) => onChange(isDefaultOrder(next) ? null : next);
  const label = (r: OrderRule) => t(`settings.orderrule.${r}`);

  return (
    <Stack sx={{ gap: 1 }} data-testid="scoring-orderrules">
      <Stack component="ol" sx={{ gap: 0.5, m: 0, p: 0, listStyle: 'none' }}>
        {rules.map((rule, i) => (
          <Paper
            key={rule}
            component="li"
            variant="outlined"
            draggable
            data-testid={`orderrule-${rule}`}
            onDragStart={(e) => {
              e.dataTransfer.effectAllowed = 'move';
              e.dataTransfer.setData('text/plain', rule);
              setDragFrom(i);
            }}
            onDragOver={(e) => {
              if (dragFrom === null) return;
              e.preventDefault();
              e.dataTransfer.dropEffect = 'move';
              setDropAt(i);
            }}
            onDrop={(e) => {
              e.preventDefault();
              if (dragFrom !== null && dragFrom !== i) commit(moveRule(rules, dragFrom, i));
              setDragFrom(null);
              setDropAt(null);
            }}
            onDragEnd={() => {
              setDragFrom(null);
              setDropAt(null);
            }}
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1,
              px: 1,
              py: 0.25,
              cursor: 'grab',
              opacity: dragFrom === i ? 0.5 : 1,
              borderColor: dropAt === i && dragFrom !== i ? 'primary.main' : 'divider',
              maxWidth: 480,
            }}
          >
            <DragIcon fontSize="small" color="action" />
            <Typography variant="body2" sx={{ width: 20 }}>
              {i + 1}.
            </Typography>
            <Typography variant="body2" sx={{ flex: 1 }}>
              {label(rule)}
            </Typography>
            <Tooltip title={t('scoring.order.up')}>
              <span>
                <IconButton
                  size="small"
                  aria-label={`${t('scoring.order.up')}: ${label(rule)}`}
                  disabled={i === 0}
                  onClick={() => commit(moveRule(rules, i, i - 1))}
                  data-testid={`orderrule-${rule}-up`}
                >
                  <ArrowUpIcon fontSize="small" />
                </IconButton>
              </span>
            </Tooltip>
            <Tooltip title={t('scoring.order.down')}>
              <span>
                <IconButton
                  size="small"
                  aria-label={`${t('scoring.order.down')}: ${label(rule)}`}
                  disabled={i === rules.length - 1}
                  onClick={() => commit(moveRule(rules, i, i + 1))}
                  data-testid={`orderrule-${rule}-down`}
                >
                  <ArrowDownIcon fontSize="small" />
                </IconButton>
              </span>
            </Tooltip>
            <Tooltip title={t('scoring.remove')}>
              <span>
                <IconButton
                  size="small"
                  aria-label={`${t('scoring.remove')}: ${label(rule)}`}
                  disabled={rules.length === 1}
                  onClick={() => commit(rules.filter((r) => r !== rule))}
                >
                  <CloseIcon fontSize="small" />
                </IconButton>
              </span>
            </Tooltip>
          </Paper>
        ))}
      </Stack>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        {unusedRules(rules).map((r) => (
          <Chip
            key={r}
            size="small"
            variant="outlined"
            icon={<AddIcon />}
            label={label(r)}
            onClick={() => commit([...rules, r])}
            data-testid={`orderrule-add-${r}`}
          />
        ))}
        {!isDefaultOrder(rules) && (
          <Box>
            <Button size="small" onClick={() => onChange(null)}>
              {t('scoring.order.reset')}
            </Button>
          </Box>
        )}
      </Stack>
      <Typography variant="caption" color="text.secondary">
        {t('scoring.order.help')}
      </Typography>
    </Stack>
  );
}
