import { clsx } from 'clsx';
import { RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from '@client/lib/translation';
import type { RotatingCode } from '@shared/stamps/stamps';
import { Banner } from '@client/components/ui/banner';
import { Button } from '@client/components/ui/button';
import type { QrStyle } from '@shared/stamps/qr-style';
import { QrCodeImage } from '@client/components/codes/qr-code-image';
import { StyledQrCode } from '@client/components/codes/styled-qr-code';
import { useNow } from '@client/lib/use-now';
import './codes-texts';

export interface RotatingCodePanelProps {
  code: RotatingCode | undefined;
  /** For screen readers: what the QR code is. */
  qrLabel: string;
  error: Error | null;
  onRetry: () => void;
  /** Drawn around the QR code, e.g. the moving ring of a live reward code. */
  frame?: (qr: ReactNode) => ReactNode;
  className?: string;
  /** A vendor's plan style (counter codes); without it, the standard code. */
  qrStyle?: QrStyle;
}

/** Spells the typed code out for screen readers: "7 K Q 4, M 2 X Z". */
function spoken(typedCode: string): string {
  return typedCode
    .split('-')
    .map((part) => part.split('').join(' '))
    .join(', ');
}

/**
 * A rotating code: the QR to scan, the typed form for devices without a camera, and a countdown
 * to the next code. The owner of the query swaps the code before it expires.
 */
export function RotatingCodePanel({
  code,
  qrLabel,
  error,
  onRetry,
  frame = (qr) => qr,
  className,
  qrStyle,
}: RotatingCodePanelProps) {
  const { t } = useTranslation('codes');
  const now = useNow();
  if (!code) {
    if (error) {
      return (
        <Banner
          tone="error"
          title={t('codes:rotating.loadFailed')}
          action={
            <Button size="sm" variant="outline" onClick={onRetry}>
              {t('codes:rotating.tryAgain')}
            </Button>
          }
        >
          {error.message}
        </Banner>
      );
    }
    return (
      <div
        className={clsx('mx-auto aspect-square w-full max-w-72 animate-pulse rounded-xl bg-stone-100', className)}
        aria-hidden="true"
      />
    );
  }

  const expiresInSeconds = Math.max(0, Math.ceil((new Date(code.expiresAt).getTime() - now) / 1000));
  const refreshInSeconds = Math.max(0, Math.ceil((new Date(code.refreshAt).getTime() - now) / 1000));
  const expired = expiresInSeconds === 0;

  return (
    <div className={clsx('flex flex-col items-center gap-4', className)}>
      <div className={clsx('w-full max-w-72 transition-opacity', expired && 'opacity-30')}>
        {frame(
          qrStyle ? (
            <StyledQrCode value={code.qrPayload} style={qrStyle} label={qrLabel} />
          ) : (
            <QrCodeImage value={code.qrPayload} label={qrLabel} />
          ),
        )}
      </div>
      <div className="text-center">
        <p className="text-xs font-medium tracking-wide text-stone-600 uppercase">{t('codes:rotating.typeThisCode')}</p>
        {/* Codes read left to right in every language. */}
        <p
          dir="ltr"
          className="mt-1 font-mono text-3xl font-bold tracking-[0.2em] text-stone-900 tabular-nums"
          aria-label={spoken(code.typedCode)}
        >
          {code.typedCode}
        </p>
      </div>
      <p className="flex items-center gap-2 text-sm text-stone-600" aria-live="off">
        <RefreshCw
          aria-hidden="true"
          className={clsx('size-4', (expired || refreshInSeconds === 0) && 'animate-spin')}
        />
        {expired
          ? t('codes:rotating.refreshing')
          : refreshInSeconds > 0
            ? t('codes:rotating.newCodeIn', { refresh: refreshInSeconds, expires: expiresInSeconds })
            : t('codes:rotating.worksFor', { expires: expiresInSeconds })}
      </p>
      {error && expired ? (
        <Button size="sm" variant="outline" onClick={onRetry}>
          {t('codes:rotating.getNew')}
        </Button>
      ) : null}
    </div>
  );
}
