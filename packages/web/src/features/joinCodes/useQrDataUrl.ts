import { useEffect, useState } from 'react';
import { toDataURL } from 'qrcode';
import { QR_OPTIONS } from './joinCodeText.ts';

/**
 * The QR code of `text` as a PNG data URL, drawn with the join codes' options (`width` px when
 * given): null while it is drawn, and `failed` when it cannot be (text too long for a code).
 */
export function useQrDataUrl(
  text: string,
  width?: number,
): { dataUrl: string | null; failed: boolean } {
  const [qr, setQr] = useState<{ text: string; dataUrl: string } | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    const options = { ...QR_OPTIONS, ...(width === undefined ? {} : { width }) };
    toDataURL(text, { ...options, type: 'image/png' }).then(
      (dataUrl) => {
        if (live) setQr({ text, dataUrl });
      },
      () => {
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [text, width]);
  return { dataUrl: qr?.text === text ? qr.dataUrl : null, failed };
}
