import { Box } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import {
  CREDENTIAL_HEIGHT,
  CREDENTIAL_WIDTH,
  drawCredential,
  type CredentialData,
} from '../../../shared/contractors/credential-drawing.js';

/**
 * A worker's credential drawn by the shared drawing module (the server's PNG is the same
 * picture, with the pass's QR where this preview shows an empty frame). The photo is decoded by
 * the browser first; the canvas is drawn again when it arrives.
 */
export function CredentialCanvas({
  data,
  photoUrl,
  label,
}: {
  data: Omit<CredentialData, 'photo' | 'qr'>;
  photoUrl: string | null;
  label: string;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const draw = (photo: HTMLImageElement | null) => {
      const ctx = canvas.current?.getContext('2d');
      if (ctx) drawCredential<HTMLImageElement>(ctx, { ...data, photo, qr: null });
    };
    draw(null);
    if (!photoUrl) return undefined;
    const image = new Image();
    let live = true;
    image.onload = () => {
      if (live) draw(image);
    };
    image.src = photoUrl;
    return () => {
      live = false;
    };
  }, [data, photoUrl]);
  return (
    <Box overflowX="auto">
      <canvas
        ref={canvas}
        width={CREDENTIAL_WIDTH}
        height={CREDENTIAL_HEIGHT}
        role="img"
        aria-label={label}
        style={{ maxWidth: '100%', height: 'auto' }}
      />
    </Box>
  );
}
