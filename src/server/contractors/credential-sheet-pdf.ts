/**
 * The printable credentials' PDF laid out with pdf-lib from the faces already drawn: A4 sheets
 * of 9, the fronts on one page and the backs on the next with mirrored columns (duplex, long-edge
 * flip), cut marks in the margins, and the QR drawn again over each back as vector squares, sharp
 * at any printer's resolution. Runs in a render thread (invitation-render.thread.mjs): building
 * and writing thousands of operators would hold the API's event loop for most of a second.
 */
import {
  fill,
  lineTo,
  moveTo,
  PDFDocument,
  type PDFImage,
  type PDFPage,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  setFillingRgbColor,
  setLineWidth,
  setStrokingRgbColor,
  stroke,
} from 'pdf-lib';
import {
  A4,
  backBox,
  CREDENTIALS_PER_SHEET,
  cutMarks,
  frontBox,
  qrBox,
  type Box,
} from '../../shared/contractors/credential-sheet.js';

/** What the thread answers for one credential. */
export interface CredentialFaces {
  front: Uint8Array;
  back: Uint8Array;
  qr: { size: number; modules: Uint8Array };
}

/** The QR's modules as filled squares inside its white box (the quiet zone around them). */
function drawQr(page: PDFPage, face: Box, qr: CredentialFaces['qr']) {
  const box = qrBox(face);
  const cell = box.size / (qr.size + box.quietModules * 2);
  const origin = { x: box.x + box.quietModules * cell, y: box.y + box.size - box.quietModules * cell };
  // One rectangle per run of dark modules in a row (fewer operators than one per module).
  const squares = [];
  for (let row = 0; row < qr.size; row++) {
    for (let col = 0; col < qr.size; ) {
      if (!qr.modules[row * qr.size + col]) {
        col++;
        continue;
      }
      const first = col;
      while (col < qr.size && qr.modules[row * qr.size + col]) col++;
      squares.push(rectangle(origin.x + first * cell, origin.y - (row + 1) * cell, (col - first) * cell, cell));
    }
  }
  page.pushOperators(
    pushGraphicsState(),
    setFillingRgbColor(1, 1, 1),
    rectangle(box.x, box.y, box.size, box.size),
    fill(),
    setFillingRgbColor(0, 0, 0),
    ...squares,
    fill(),
    popGraphicsState(),
  );
}

function drawCutMarks(page: PDFPage) {
  const lines = cutMarks().flatMap((m) => [moveTo(m.x1, m.y1), lineTo(m.x2, m.y2)]);
  page.pushOperators(
    pushGraphicsState(),
    setStrokingRgbColor(0, 0, 0),
    setLineWidth(0.3),
    ...lines,
    stroke(),
    popGraphicsState(),
  );
}

/** Embeds each JPEG once: a site's workers share one back (the same bytes, kept by reference). */
function embedder(document: PDFDocument) {
  const embedded = new Map<Uint8Array, Promise<PDFImage>>();
  return (jpeg: Uint8Array) => {
    let image = embedded.get(jpeg);
    if (!image) {
      image = document.embedJpg(jpeg);
      embedded.set(jpeg, image);
    }
    return image;
  };
}

/** The credentials' PDF: per sheet of 9, the fronts' page then the backs' page. */
export async function credentialSheetsPdf(faces: CredentialFaces[]): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  document.setTitle('Credenciales de trabajadores de obra');
  document.setCreator('Portón');
  document.setLanguage('es-MX');
  const embed = embedder(document);
  for (let start = 0; start < faces.length; start += CREDENTIALS_PER_SHEET) {
    const sheet = faces.slice(start, start + CREDENTIALS_PER_SHEET);
    const fronts = document.addPage([A4.width, A4.height]);
    const backs = document.addPage([A4.width, A4.height]);
    for (const [i, f] of sheet.entries()) {
      fronts.drawImage(await embed(f.front), frontBox(i));
      backs.drawImage(await embed(f.back), backBox(i));
      drawQr(backs, backBox(i), f.qr);
    }
    drawCutMarks(fronts);
    drawCutMarks(backs);
  }
  // Without object streams: pdf-lib deflates them in JavaScript (several times slower) for a file a few % smaller.
  return document.save({ useObjectStreams: false });
}
