import { Menu, MenuItem } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { EXPORT_FORMATS } from './kpFiles.ts';
import type { ExportFormat } from './kpFiles.ts';

/** The JSON / CSV / GPX choice shown under a download button; items are `{testIdPrefix}-{format}`. */
export function ExportFormatMenu({
  anchor,
  onClose,
  onDownload,
  testIdPrefix,
}: {
  anchor: HTMLElement | null;
  onClose: () => void;
  onDownload: (format: ExportFormat) => void;
  testIdPrefix: string;
}) {
  const { t } = useTranslation();
  return (
    <Menu anchorEl={anchor} open={anchor !== null} onClose={onClose}>
      {EXPORT_FORMATS.map((format) => (
        <MenuItem
          key={format}
          onClick={() => {
            onClose();
            onDownload(format);
          }}
          data-testid={`${testIdPrefix}-${format}`}
        >
          {t(`kp.download.${format}`)}
        </MenuItem>
      ))}
    </Menu>
  );
}
