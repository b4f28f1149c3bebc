import { Box, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useQrDataUrl } from '../joinCodes/useQrDataUrl.ts';

/** The QR code of `text` as an image `size` px square, drawn as the join codes' are. */
export function QrImage({
  text,
  size,
  alt,
  testId,
}: {
  text: string;
  size: number;
  alt: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const { dataUrl, failed } = useQrDataUrl(text, size);
  return (
    <Box
      sx={{
        width: size,
        height: size,
        flex: 'none',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        border: 1,
        borderColor: 'divider',
      }}
    >
      {dataUrl ? (
        <img
          src={dataUrl}
          width={size}
          height={size}
          alt={alt}
          data-testid={testId}
          data-text={text}
        />
      ) : (
        <Typography variant="body2" color={failed ? 'error' : 'text.secondary'} sx={{ p: 1 }}>
          {failed ? t('tracking.qr.failed') : t('common.loading')}
        </Typography>
      )}
    </Box>
  );
}
