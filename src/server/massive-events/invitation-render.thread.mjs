// A guest's invitation drawn to PNG in a thread (piscina pool in
// invitation-renderer.ts), so drawing and PNG encoding never hold the API's event loop.
// Plain JavaScript started by Node itself; the shared drawing module (TypeScript) is loaded with
// tsx's loader, so this runs the same under `npm start`, the tests and the benchmarks.
//
// task: { data: InvitationData without images and qr, pass: string, cover: { key, bytes } | null, profile: same }
//       (image bytes sit in a SharedArrayBuffer: shared with every worker, not copied)
// or a worker's credential: { credential, pass, photo } (see renderCredential)
// answer: the PNG's bytes (Uint8Array)
// or a worker's credential for the printable sheets: { credential, pass, photo, faces: true, back } (see renderFaces)
// answer: { front, back } JPEG bytes (back null unless asked) and the pass's QR modules { size, modules }
// or the printable sheets of those faces: { sheets: [{ front, back, qr }] } (credential-sheet-pdf.ts)
// answer: the PDF's bytes (Uint8Array)
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { tsImport } from 'tsx/esm/api';

const drawing = await tsImport('../../shared/massive-events/invitation-drawing.ts', import.meta.url);
const credentials = await tsImport('../../shared/contractors/credential-drawing.ts', import.meta.url);
/** The sheets' layout (pdf-lib), loaded by the first thread asked for a PDF only. */
let sheets = null;
const sheetsModule = async () => {
  sheets ??= await tsImport('../contractors/credential-sheet-pdf.ts', import.meta.url);
  return sheets;
};

/** Decoded images by storage key: an event's cover and host photo are decoded once per worker. */
const images = new Map();
const IMAGE_CACHE = 16;

function imageOf(ref) {
  if (!ref) return null;
  let image = images.get(ref.key);
  if (!image) {
    if (images.size >= IMAGE_CACHE) images.delete(images.keys().next().value);
    image = loadImage(Buffer.from(ref.bytes));
    images.set(ref.key, image);
  }
  return image;
}

/** A worker's credential: task { credential: CredentialData without photo and qr, pass, photo: { key, bytes } | null }. */
function renderCredential({ credential, pass, photo }) {
  const canvas = createCanvas(credentials.CREDENTIAL_WIDTH, credentials.CREDENTIAL_HEIGHT);
  return imageOf(photo).then((image) => {
    credentials.drawCredential(canvas.getContext('2d'), { ...credential, photo: image, qr: drawing.qrMatrix(pass) });
    const png = canvas.toBuffer('image/png');
    return new Uint8Array(png.buffer, png.byteOffset, png.byteLength);
  });
}

/** Pixels drawn per unit of the drawing for the printed faces (a 58 mm face at about 280 dpi). */
const PRINT_SCALE = 1.5;

/** One face of the credential (its left edge at `x` on the drawing) as a JPEG. */
function faceJpeg(data, x) {
  const { width, height } = credentials.CREDENTIAL_FACE;
  const canvas = createCanvas(width * PRINT_SCALE, height * PRINT_SCALE);
  const ctx = canvas.getContext('2d');
  ctx.scale(PRINT_SCALE, PRINT_SCALE);
  ctx.translate(-x, 0);
  credentials.drawCredential(ctx, data);
  const jpeg = canvas.toBuffer('image/jpeg', 92);
  return new Uint8Array(jpeg.buffer, jpeg.byteOffset, jpeg.byteLength);
}

/**
 * A worker's credential as its printed faces. The QR is left out of the images (the sheet draws it as
 * vectors over the back's box), so a back is the same for every worker of a site: it is drawn only
 * when asked (`back`), once per site, and the sheet embeds it once.
 */
async function renderFaces({ credential, pass, photo, back }) {
  const qr = drawing.qrMatrix(pass);
  const data = { ...credential, photo: await imageOf(photo), qr: null };
  return {
    front: faceJpeg(data, 0),
    back: back ? faceJpeg(data, credentials.BACK_X) : null,
    qr: { size: qr.size, modules: Uint8Array.from(qr.modules, (m) => (m ? 1 : 0)) },
  };
}

export default async function renderInvitation(task) {
  if (task.sheets) return (await sheetsModule()).credentialSheetsPdf(task.sheets);
  if (task.faces) return renderFaces(task);
  if (task.credential) return renderCredential(task);
  const { data, pass, cover, profile } = task;
  const canvas = createCanvas(drawing.INVITATION_WIDTH, drawing.INVITATION_HEIGHT);
  drawing.drawInvitation(canvas.getContext('2d'), {
    ...data,
    cover: await imageOf(cover),
    profile: await imageOf(profile),
    qr: drawing.qrMatrix(pass),
  });
  const png = canvas.toBuffer('image/png');
  return new Uint8Array(png.buffer, png.byteOffset, png.byteLength);
}
