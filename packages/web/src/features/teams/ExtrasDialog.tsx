import { useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Stack,
  TextField,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { useTranslation } from 'react-i18next';

interface ExtrasDialogProps {
  teamName: string;
  /** The event's `ly` names; empty when the event defines none (then names are free). */
  names: string[];
  value: Record<string, number>;
  onClose: () => void;
  onSave: (lypoints: Record<string, number>) => void;
}

interface Line {
  name: string;
  points: string;
}

/** Extras points of one team: one field per `ly` name, or free name/points lines. */
export function ExtrasDialog({ teamName, names, value, onClose, onSave }: ExtrasDialogProps) {
  const { t } = useTranslation();
  const fixed = names.length > 0;
  const [lines, setLines] = useState<Line[]>(() => {
    const keys = fixed
      ? [...names, ...Object.keys(value).filter((k) => !names.includes(k))]
      : Object.keys(value);
    return keys.map((name) => ({
      name,
      points: value[name] === undefined ? '' : String(value[name]),
    }));
  });
  const setLine = (i: number, patch: Partial<Line>) =>
    setLines((ls) => ls.map((l, j) => (j === i ? { ...l, ...patch } : l)));
  const handleSave = () => {
    const out: Record<string, number> = {};
    for (const l of lines) {
      const n = Number(l.points.replace(',', '.'));
      if (l.name.trim() !== '' && l.points.trim() !== '' && Number.isFinite(n))
        out[l.name.trim()] = n;
    }
    onSave(out);
  };
  return (
    <Dialog open onClose={onClose} data-testid="extras-dialog">
      <DialogTitle>
        {t('teams.editextras')}: {teamName}
      </DialogTitle>
      <DialogContent>
        <Stack sx={{ gap: 1.5, pt: 1 }}>
          {lines.map((l, i) => (
            <Stack key={i} direction="row" sx={{ gap: 1, alignItems: 'center' }}>
              <TextField
                size="small"
                label={t('teams.extraname')}
                value={l.name}
                disabled={fixed && names.includes(l.name)}
                onChange={(e) => setLine(i, { name: e.target.value })}
              />
              <TextField
                size="small"
                type="number"
                label={t('teams.extrapoints')}
                value={l.points}
                onChange={(e) => setLine(i, { points: e.target.value })}
                slotProps={{ htmlInput: { 'data-testid': `extra-points-${i}` } }}
                sx={{ width: 120 }}
              />
              {!(fixed && names.includes(l.name)) && (
                <IconButton
                  aria-label={t('teams.removeextra')}
                  onClick={() => setLines((ls) => ls.filter((_, j) => j !== i))}
                >
                  <DeleteIcon />
                </IconButton>
              )}
            </Stack>
          ))}
          {!fixed && (
            <Button onClick={() => setLines((ls) => [...ls, { name: '', points: '' }])}>
              {t('teams.addextra')}
            </Button>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('teams.cancel')}</Button>
        <Button variant="contained" onClick={handleSave} data-testid="extras-save">
          {t('teams.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
