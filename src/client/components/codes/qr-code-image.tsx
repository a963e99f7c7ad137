import { clsx } from 'clsx';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

export interface QrCodeImageProps {
  value: string;
  /** Describes the code for screen readers, e.g. "Your customer QR code". */
  label: string;
  className?: string;
}

/** Renders a QR code as an image (data URL), crisp at any size. */
export function QrCodeImage({ value, label, className }: QrCodeImageProps) {
  const [image, setImage] = useState<{ value: string; url: string } | null>(null);
  useEffect(() => {
    let cancelled = false;
    QRCode.toDataURL(value, {
      errorCorrectionLevel: 'M',
      margin: 1,
      width: 480,
      color: { dark: '#1c1917', light: '#ffffff' },
    })
      .then((url) => {
        if (!cancelled) setImage({ value, url });
      })
      .catch(() => {
        if (!cancelled) setImage(null);
      });
    return () => {
      cancelled = true;
    };
  }, [value]);

  return (
    <div className={clsx('relative aspect-square w-full overflow-hidden rounded-xl bg-white', className)}>
      {image ? (
        <img src={image.url} alt={label} className="size-full [image-rendering:pixelated]" />
      ) : (
        <div role="img" aria-label={label} className="size-full animate-pulse bg-stone-100" />
      )}
    </div>
  );
}
