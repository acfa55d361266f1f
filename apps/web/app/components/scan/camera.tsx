import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './scan.css';

/** How often a frame is read: often enough to feel instant, rarely enough to spare a phone's battery. */
const READ_EVERY_MS = 150;
/** Frames are read at most this wide: a badge held at the stand is large in the picture. */
const MAX_WIDTH = 640;

type Decode = (frame: HTMLCanvasElement) => Promise<string | null>;

interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<{ rawValue: string }[]>;
}
declare global {
  interface Window {
    BarcodeDetector?: {
      new (options: { formats: string[] }): BarcodeDetectorLike;
      getSupportedFormats(): Promise<string[]>;
    };
  }
}

/**
 * The phone's own QR reader where it has one (Chrome on Android), else jsQR on the frame's
 * pixels. Both read every badge; zxing-js, tried first, missed some badges at some sizes
 * whatever the light (zxing-js/library#653). jsQR is loaded here, only on this page.
 */
async function makeDecoder(): Promise<Decode> {
  const Detector = window.BarcodeDetector;
  if (Detector && (await Detector.getSupportedFormats().catch((): string[] => [])).includes('qr_code')) {
    const detector = new Detector({ formats: ['qr_code'] });
    return async (frame) => (await detector.detect(frame))[0]?.rawValue ?? null;
  }
  const { default: jsQR } = await import('jsqr');
  return (frame) => {
    const context = frame.getContext('2d', { willReadFrequently: true })!;
    const pixels = context.getImageData(0, 0, frame.width, frame.height);
    // Badges are printed dark on light: trying the inverted picture too would halve the rate.
    return Promise.resolve(
      jsQR(pixels.data, pixels.width, pixels.height, { inversionAttempts: 'dontInvert' })?.data ?? null,
    );
  };
}

/**
 * The back camera, decoding QR codes for as long as the page is open. The camera is released
 * when the page closes.
 */
export function Camera({ onRead }: { onRead: (text: string) => void }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [unavailable, setUnavailable] = useState(false);
  const read = useRef(onRead);
  useEffect(() => {
    read.current = onRead;
  }, [onRead]);

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const start = async () => {
      // Plain HTTP pages and old browsers have no camera access at all.
      if (!navigator.mediaDevices?.getUserMedia || !video.current) throw new Error('no camera');
      const [media, decode] = await Promise.all([
        navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false }),
        makeDecoder(),
      ]);
      stream = media;
      // The page closed while the camera was opening: the cleanup could not stop it then.
      if (stopped) {
        for (const track of media.getTracks()) track.stop();
        return;
      }
      const element = video.current;
      element.srcObject = media;
      await element.play();
      const frame = document.createElement('canvas');
      const tick = async () => {
        if (stopped) return;
        if (element.videoWidth > 0) {
          const scale = Math.min(1, MAX_WIDTH / element.videoWidth);
          frame.width = Math.round(element.videoWidth * scale);
          frame.height = Math.round(element.videoHeight * scale);
          frame.getContext('2d', { willReadFrequently: true })!.drawImage(element, 0, 0, frame.width, frame.height);
          const text = await decode(frame).catch(() => null);
          if (text && !stopped) read.current(text);
        }
        timer = setTimeout(() => void tick(), READ_EVERY_MS);
      };
      void tick();
    };
    start().catch(() => {
      if (!stopped) setUnavailable(true);
    });
    return () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, []);

  return (
    <div className="scanner-camera">
      {unavailable && (
        <p className="scanner-camera-off" data-testid="camera-unavailable">
          {t('scanner.cameraUnavailable')}
        </p>
      )}
      <video ref={video} aria-label={t('scanner.camera')} muted playsInline hidden={unavailable} />
    </div>
  );
}
