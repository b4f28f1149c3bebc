import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import QrCodeScannerIcon from '@mui/icons-material/QrCodeScanner';
import { useTranslation } from 'react-i18next';
import { pathFromQr } from './qrLink.ts';

interface Detector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
type DetectorClass = new (options: { formats: string[] }) => Detector;

const detectorClass = (): DetectorClass | null =>
  (globalThis as unknown as { BarcodeDetector?: DetectorClass }).BarcodeDetector ?? null;

/**
 * Scans a join QR code with the camera (BarcodeDetector on a camera stream); hidden where the
 * browser cannot detect codes. A bare code is looked up by `onCode`'s caller via the join page.
 */
export function QrScanButton({ onUrl }: { onUrl: (path: string) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (!detectorClass() || !navigator.mediaDevices?.getUserMedia) return null;
  return (
    <>
      <Button
        startIcon={<QrCodeScannerIcon />}
        onClick={() => setOpen(true)}
        sx={{ mt: 1 }}
        data-testid="play-home-scan"
      >
        {t('play.home.scan')}
      </Button>
      {open && (
        <ScanDialog
          onClose={() => setOpen(false)}
          onFound={(path) => {
            setOpen(false);
            onUrl(path);
          }}
        />
      )}
    </>
  );
}

function ScanDialog({ onClose, onFound }: { onClose: () => void; onFound: (p: string) => void }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    const Klass = detectorClass();
    if (!Klass) return;
    const detector = new Klass({ formats: ['qr_code'] });
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setInterval> | null = null;
    let stopped = false;
    void navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' } })
      .then(async (s) => {
        stream = s;
        if (stopped || !video.current) return;
        video.current.srcObject = s;
        await video.current.play();
        timer = setInterval(() => {
          if (!video.current) return;
          void detector.detect(video.current).then((codes) => {
            for (const c of codes) {
              const path = pathFromQr(c.rawValue, (code) => `/play?code=${code}`);
              if (path && !stopped) {
                stopped = true;
                onFound(path);
                return;
              }
            }
          });
        }, 300);
      })
      .catch(() => setProblem(t('play.home.nocamera')));
    return () => {
      stopped = true;
      if (timer) clearInterval(timer);
      stream?.getTracks().forEach((tr) => tr.stop());
    };
  }, [onFound, t]);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{t('play.home.scan')}</DialogTitle>
      <DialogContent>
        {problem ? (
          <Alert severity="warning">{problem}</Alert>
        ) : (
          <video ref={video} muted playsInline style={{ width: '100%', borderRadius: 8 }} />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
