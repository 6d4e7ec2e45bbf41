import { Box, Text } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';

interface DetectorLike {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
declare global {
  interface Window {
    BarcodeDetector?: new (options: { formats: string[] }) => DetectorLike;
  }
}

/** How frames are read: the browser's BarcodeDetector, or jsQR (loaded only when needed) over a canvas. */
async function frameReader(video: HTMLVideoElement): Promise<() => Promise<string | null>> {
  if (window.BarcodeDetector) {
    const detector = new window.BarcodeDetector({ formats: ['qr_code'] });
    return async () => (await detector.detect(video))[0]?.rawValue ?? null;
  }
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
  return async () => {
    if (!video.videoWidth) return null;
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    ctx.drawImage(video, 0, 0);
    return jsQR(ctx.getImageData(0, 0, canvas.width, canvas.height).data, canvas.width, canvas.height)?.data ?? null;
  };
}

/**
 * The camera's picture while scanning a QR code: reports the first code read, or that this
 * browser offers no camera. The video element is the camera's, not the workflow's: what was read
 * goes to the machine as an event.
 */
export function CameraScanner({
  onDetected,
  onUnavailable,
  label,
}: {
  onDetected: (text: string) => void;
  onUnavailable: () => void;
  label: string;
}) {
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    (async () => {
      if (!navigator.mediaDevices?.getUserMedia) {
        onUnavailable();
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } });
      } catch {
        onUnavailable();
        return;
      }
      if (stopped || !video.current) return;
      video.current.srcObject = stream;
      await video.current.play().catch(() => undefined);
      const read = await frameReader(video.current);
      const tick = async () => {
        if (stopped) return;
        const text = await read().catch(() => null);
        if (text && !stopped) {
          onDetected(text);
          return;
        }
        timer = setTimeout(tick, 200);
      };
      void tick();
    })();
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((t) => {
        t.stop();
      });
    };
  }, [onDetected, onUnavailable]);
  return (
    <Box borderWidth="1px" borderRadius="md" overflow="hidden" maxW="md">
      <video ref={video} muted playsInline aria-label={label} style={{ width: '100%' }} />
      <Text fontSize="sm" p="2" color="fg.muted">
        {label}
      </Text>
    </Box>
  );
}
