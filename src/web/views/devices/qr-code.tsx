import { create } from 'qrcode';
import { useMemo } from 'react';

/**
 * A QR code drawn in the page (no external QR service, no request leaves the browser):
 * the `qrcode` library encodes the text into modules; they are drawn as one SVG path, with the
 * standard quiet zone of 4 modules.
 */
export function QrCode({ text, size = 220, label }: { text: string; size?: number; label: string }) {
  const { path, width } = useMemo(() => {
    const { modules } = create(text, { errorCorrectionLevel: 'M' });
    const parts: string[] = [];
    for (let row = 0; row < modules.size; row++) {
      for (let col = 0; col < modules.size; col++)
        if (modules.get(row, col)) parts.push(`M${col + 4} ${row + 4}h1v1h-1z`);
    }
    return { path: parts.join(''), width: modules.size + 8 };
  }, [text]);
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${width} ${width}`}
      width={size}
      height={size}
      shapeRendering="crispEdges"
      data-qr-text={text}
    >
      <rect width={width} height={width} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
