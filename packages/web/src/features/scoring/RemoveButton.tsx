import { IconButton, Tooltip } from '@mui/material';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { useTranslation } from 'react-i18next';

/**
 * The bin button at the end of an editor's row: `title` is its tooltip ("Remove" unless told),
 * `name` tells screen readers which row.
 */
export function RemoveButton({
  title,
  name,
  onClick,
}: {
  title?: string;
  name?: string;
  onClick: () => void;
}) {
  const { t } = useTranslation();
  const label = title ?? t('scoring.remove');
  return (
    <Tooltip title={label}>
      <IconButton aria-label={name === undefined ? label : `${label}: ${name}`} onClick={onClick}>
        <DeleteIcon />
      </IconButton>
    </Tooltip>
  );
}
