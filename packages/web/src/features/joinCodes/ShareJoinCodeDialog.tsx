import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  InputAdornment,
  Stack,
  TextField,
  Tooltip,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DownloadIcon from '@mui/icons-material/Download';
import ImageIcon from '@mui/icons-material/Image';
import { useTranslation } from 'react-i18next';
import { JOIN_QR_SIZE_PX } from '@rada/core';
import type { JoinCodeView } from '@rada/core';
import { useNotify } from '../../components/NotifyProvider.tsx';
import { downloadUrl } from '../export/download.ts';
import { dataUrlToBlob, joinUrl, qrFileName } from './joinCodeText.ts';
import { useQrDataUrl } from './useQrDataUrl.ts';

/**
 * Sharing one code (spec 01 screen 3): the code in large letters, its link with a copy button,
 * and a 256 px QR image of the link (error level M) to download as PNG or copy as an image.
 */
export function ShareJoinCodeDialog({
  code,
  onClose,
}: {
  code: JoinCodeView;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const link = joinUrl(window.location.origin, code.link);
  const { dataUrl, failed: qrFailed } = useQrDataUrl(link);

  const handleCopyLink = async () => {
    try {
      await navigator.clipboard.writeText(link);
      notify(t('joinc.share.linkcopied'));
    } catch {
      notify(t('joinc.share.copyfailed'), 'error');
    }
  };

  const handleCopyImage = async () => {
    if (!dataUrl) return;
    try {
      if (typeof ClipboardItem === 'undefined' || !navigator.clipboard?.write) {
        throw new Error('no image clipboard');
      }
      await navigator.clipboard.write([new ClipboardItem({ 'image/png': dataUrlToBlob(dataUrl) })]);
      notify(t('joinc.share.imagecopied'));
    } catch {
      notify(t('joinc.share.copyimagefailed'), 'error');
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={fullScreen}
      maxWidth="xs"
      fullWidth
      data-testid="joincode-share-dialog"
    >
      <DialogTitle>{t('joinc.share.title')}</DialogTitle>
      <DialogContent>
        <Stack sx={{ gap: 2, alignItems: 'center', pt: 1 }}>
          <Typography
            component="p"
            data-testid="joincode-share-code"
            sx={{
              fontFamily: 'monospace',
              fontSize: { xs: '2.25rem', sm: '3rem' },
              fontWeight: 700,
              letterSpacing: '0.15em',
              lineHeight: 1.1,
              wordBreak: 'break-all',
              textAlign: 'center',
            }}
          >
            {code.code}
          </Typography>
          <TextField
            fullWidth
            size="small"
            label={t('joinc.share.link')}
            value={link}
            slotProps={{
              htmlInput: { readOnly: true, 'data-testid': 'joincode-link' },
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    <Tooltip title={t('joinc.share.copylink')}>
                      <IconButton
                        edge="end"
                        aria-label={t('joinc.share.copylink')}
                        onClick={() => void handleCopyLink()}
                        data-testid="joincode-copylink"
                      >
                        <ContentCopyIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </InputAdornment>
                ),
              },
            }}
            onFocus={(e) => e.target.select()}
          />
          <Box
            sx={{
              width: JOIN_QR_SIZE_PX,
              height: JOIN_QR_SIZE_PX,
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
                width={JOIN_QR_SIZE_PX}
                height={JOIN_QR_SIZE_PX}
                alt={t('joinc.share.qralt', { code: code.code })}
                data-testid="joincode-qr"
              />
            ) : (
              <Typography color={qrFailed ? 'error' : 'text.secondary'}>
                {qrFailed ? t('joinc.share.qrfailed') : t('common.loading')}
              </Typography>
            )}
          </Box>
          <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, width: '100%' }}>
            <Button
              fullWidth
              variant="outlined"
              startIcon={<DownloadIcon />}
              disabled={!dataUrl}
              onClick={() => dataUrl && downloadUrl(dataUrl, qrFileName(code.code))}
              data-testid="joincode-download"
            >
              {t('joinc.share.download')}
            </Button>
            <Button
              fullWidth
              variant="outlined"
              startIcon={<ImageIcon />}
              disabled={!dataUrl}
              onClick={() => void handleCopyImage()}
              data-testid="joincode-copyimage"
            >
              {t('joinc.share.copyimage')}
            </Button>
          </Stack>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="joincode-share-close">
          {t('common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
