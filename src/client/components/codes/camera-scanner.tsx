import { CameraOff } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import type { Html5Qrcode } from 'html5-qrcode';

export interface CameraScannerProps {
  /** Called for every QR code read; the camera runs until the scanner unmounts. */
  onDecoded: (text: string) => void;
}

type CameraState = { kind: 'starting' } | { kind: 'scanning' } | { kind: 'failed'; message: string };

function describeCameraError(error: unknown): string {
  const text = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  if (/NotAllowed|Permission|denied/i.test(text)) {
    return 'Camera access was blocked. Allow the camera for this site in your browser settings, or type the code below.';
  }
  if (/NotFound|Overconstrained|no camera|not found/i.test(text)) {
    return 'No camera was found on this device. Type the code shown at the counter below.';
  }
  if (/secure|https|getUserMedia|not supported/i.test(text)) {
    return 'This browser cannot use the camera here. Type the code shown at the counter below.';
  }
  return 'The camera could not be started. Type the code shown at the counter below.';
}

async function stopScanner(scanner: Html5Qrcode): Promise<void> {
  try {
    if (scanner.isScanning) await scanner.stop();
    scanner.clear();
  } catch {
    // Already stopped (the dialog closed while the camera was starting).
  }
}

/**
 * The phone's back camera reading QR codes, through html5-qrcode (loaded only when the scanner
 * opens, so the dashboard stays light).
 */
export function CameraScanner({ onDecoded }: CameraScannerProps) {
  const regionId = `qr-region-${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  const [state, setState] = useState<CameraState>({ kind: 'starting' });
  const onDecodedRef = useRef(onDecoded);
  useEffect(() => {
    onDecodedRef.current = onDecoded;
  });

  useEffect(() => {
    let cancelled = false;
    let scanner: Html5Qrcode | null = null;
    void (async () => {
      try {
        const { Html5Qrcode, Html5QrcodeSupportedFormats } = await import('html5-qrcode');
        if (cancelled) return;
        scanner = new Html5Qrcode(regionId, { verbose: false, formatsToSupport: [Html5QrcodeSupportedFormats.QR_CODE] });
        await scanner.start(
          { facingMode: 'environment' },
          {
            fps: 10,
            qrbox: (width, height) => {
              const size = Math.max(120, Math.floor(Math.min(width, height) * 0.7));
              return { width: size, height: size };
            },
          },
          (text) => {
            if (!cancelled) onDecodedRef.current(text);
          },
          () => undefined,
        );
        if (cancelled) await stopScanner(scanner);
        else setState({ kind: 'scanning' });
      } catch (error) {
        if (!cancelled) setState({ kind: 'failed', message: describeCameraError(error) });
      }
    })();
    return () => {
      cancelled = true;
      if (scanner) void stopScanner(scanner);
    };
  }, [regionId]);

  return (
    <div className="relative mx-auto w-full max-w-80 overflow-hidden rounded-xl bg-stone-900">
      <div id={regionId} className="aspect-square w-full [&_video]:!h-full [&_video]:!w-full [&_video]:object-cover" />
      {state.kind !== 'scanning' ? (
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 p-6 text-center text-sm text-stone-100">
          {state.kind === 'failed' ? (
            <>
              <CameraOff aria-hidden="true" className="size-8 text-stone-300" />
              <p role="status">{state.message}</p>
            </>
          ) : (
            <>
              <span aria-hidden="true" className="inline-block size-8 animate-spin rounded-full border-4 border-current border-r-transparent" />
              <p role="status">Starting the camera…</p>
            </>
          )}
        </div>
      ) : null}
    </div>
  );
}
