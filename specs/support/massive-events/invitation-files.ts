import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import yauzl from 'yauzl';

/** The entries of a zip: name → bytes. */
export function unzip(data: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(data, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const files = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (err, stream) => {
          if (err) return reject(err);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(files));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

/** A PNG's size and the text of the QR code drawn in it (null when none is found). */
export function readInvitation(png: Buffer): { width: number; height: number; qr: string | null } {
  const image = PNG.sync.read(png);
  const code = jsQR(
    new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.byteLength),
    image.width,
    image.height,
  );
  return { width: image.width, height: image.height, qr: code?.data ?? null };
}
