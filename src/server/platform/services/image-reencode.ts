import { imageSize } from 'image-size';
import { AppError } from '../../../shared/platform/errors.js';

/** Larger than any photo or logo the app shows; a bigger header is a decompression bomb. */
const MAX_PIXELS = 40_000_000;
const UNREADABLE = 'La imagen no se pudo leer. Envía una imagen JPEG o PNG válida.';

/**
 * Decodes an uploaded JPEG or PNG and encodes it again: what is stored and served
 * is only the pixels, so bytes appended after the image (HTML, SVG) and its metadata (EXIF,
 * location) never reach anyone. An image that does not decode is refused (415).
 */
export async function reencodeImage(
  data: Buffer,
  mimeType: 'image/jpeg' | 'image/png',
  field = 'file',
): Promise<Buffer> {
  let size: { width?: number; height?: number };
  try {
    size = imageSize(data);
  } catch {
    throw new AppError('unsupported_media_type', UNREADABLE, { [field]: UNREADABLE });
  }
  if (!size.width || !size.height || size.width * size.height > MAX_PIXELS)
    throw new AppError('unsupported_media_type', UNREADABLE, { [field]: UNREADABLE });
  // The canvas library loads with the first image, not with every start of the server.
  const { createCanvas, loadImage } = await import('@napi-rs/canvas');
  let image: Awaited<ReturnType<typeof loadImage>>;
  try {
    image = await loadImage(data);
  } catch {
    throw new AppError('unsupported_media_type', UNREADABLE, { [field]: UNREADABLE });
  }
  const canvas = createCanvas(image.width, image.height);
  canvas.getContext('2d').drawImage(image, 0, 0);
  return mimeType === 'image/png' ? canvas.encode('png') : canvas.encode('jpeg', 90);
}
