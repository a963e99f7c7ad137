import { CameraOff } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '@client/lib/translation';
import { translate } from '@client/lib/i18n';
import { createQrDetector, type QrDetector } from './qr-detector';
import './codes-texts';

export interface CameraScannerProps {
  /** Called once per code the camera reads (again only after REREAD_AFTER_MS); the camera runs until the scanner unmounts. */
  onDecoded: (text: string) => void;
}

type CameraState = { kind: 'starting' } | { kind: 'scanning' } | { kind: 'failed'; error: unknown };

/** How often a frame is decoded: quick enough to feel instant, light enough for a cheap phone. */
export const DETECT_EVERY_MS = 200;
/** The camera sees the same code in every frame: it is reported again only after this long. */
export const REREAD_AFTER_MS = 4_000;

/** What the person is told when the camera does not start (`t` is the screen's translator). */
export function describeCameraError(error: unknown, t: (key: string) => string = translate): string {
  const text = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  if (/NotAllowed|Permission|denied/i.test(text)) return t('codes:camera.blocked');
  if (/NotFound|Overconstrained|no camera|not found/i.test(text)) return t('codes:camera.notFound');
  if (/secure|https|getUserMedia|not supported/i.test(text)) return t('codes:camera.unsupported');
  return t('codes:camera.failed');
}

/** Decides whether a read is news: a different code, or the same one after REREAD_AFTER_MS. */
export function createRepeatFilter(rereadAfterMs = REREAD_AFTER_MS) {
  let last: { text: string; at: number } | null = null;
  return (text: string, now: number): boolean => {
    if (last && last.text === text && now - last.at < rereadAfterMs) return false;
    last = { text, at: now };
    return true;
  };
}

function stopStream(stream: MediaStream | null): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/**
 * The phone's back camera reading QR codes: getUserMedia into a <video>, a frame decoded every
 * DETECT_EVERY_MS by the browser's BarcodeDetector or, where there is none, the ZXing ponyfill
 * (downloaded only when a scanner opens, so the dashboards stay light).
 */
export function CameraScanner({ onDecoded }: CameraScannerProps) {
  const { t } = useTranslation('codes');
  const videoRef = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<CameraState>({ kind: 'starting' });
  const onDecodedRef = useRef(onDecoded);
  useEffect(() => {
    onDecodedRef.current = onDecoded;
  });

  useEffect(() => {
    let cancelled = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const isNews = createRepeatFilter();

    async function detectLoop(detector: QrDetector, video: HTMLVideoElement) {
      if (cancelled) return;
      if (video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA && video.videoWidth > 0) {
        try {
          const texts = await detector.detect(video);
          for (const text of texts) {
            if (!cancelled && isNews(text, Date.now())) onDecodedRef.current(text);
          }
        } catch {
          // A frame the decoder could not take (the stream was resizing): the next one will do.
        }
      }
      if (!cancelled) timer = setTimeout(() => void detectLoop(detector, video), DETECT_EVERY_MS);
    }

    void (async () => {
      try {
        if (!navigator.mediaDevices?.getUserMedia) throw new Error('getUserMedia not supported');
        // The decoder downloads while the person answers the camera prompt.
        const detectorReady = createQrDetector();
        detectorReady.catch(() => undefined);
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: { ideal: 'environment' } },
          audio: false,
        });
        const video = videoRef.current;
        if (cancelled || !video) {
          stopStream(stream);
          return;
        }
        video.srcObject = stream;
        await video.play();
        const detector = await detectorReady;
        if (cancelled) return;
        setState({ kind: 'scanning' });
        void detectLoop(detector, video);
      } catch (error) {
        stopStream(stream);
        if (!cancelled) setState({ kind: 'failed', error });
      }
    })();

    const video = videoRef.current;
    return () => {
      cancelled = true;
      clearTimeout(timer);
      stopStream(stream);
      if (video) video.srcObject = null;
    };
  }, []);

  return (
    <div className="relative mx-auto aspect-square w-full max-w-80 overflow-hidden rounded-xl bg-stone-900">
      <video ref={videoRef} muted playsInline aria-label={t('codes:camera.view')} className="size-full object-cover" />
      {state.kind === 'scanning' ? (
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-[15%] rounded-lg border-2 border-white/80 shadow-[0_0_0_999px_rgba(0,0,0,0.35)]"
        />
      ) : (
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 p-6 text-center text-sm text-stone-100">
          {state.kind === 'failed' ? (
            <>
              <CameraOff aria-hidden="true" className="size-8 text-stone-300" />
              <p role="status">{describeCameraError(state.error, t)}</p>
            </>
          ) : (
            <>
              <span
                aria-hidden="true"
                className="inline-block size-8 animate-spin rounded-full border-4 border-current border-e-transparent"
              />
              <p role="status">{t('codes:camera.starting')}</p>
            </>
          )}
        </div>
      )}
    </div>
  );
}
