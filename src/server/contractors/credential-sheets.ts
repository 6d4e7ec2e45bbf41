/**
 * Workers' credentials as a PDF to print (pdf-lib): A4 sheets of 9, fronts on one page and the
 * backs on the next with mirrored columns (duplex, long-edge flip), cut marks in the margins.
 * Each face is drawn by the invitations' thread pool as a JPEG (the same drawing as the PNG
 * credential), so the event loop only lays out pages; the QR is drawn again over the back as
 * vector squares, sharp at any printer's resolution.
 */
import type { FastifyReply } from 'fastify';
import {
  fill,
  lineTo,
  moveTo,
  PDFDocument,
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
import { CREDENTIALS_PDF_NAME } from '../../shared/contractors/worker-rules.js';
import type { CredentialJob } from './credential-jobs.js';
import { attachment, renderPool, sharedImages } from '../massive-events/invitation-renderer.js';
import type { FileStorage } from '../platform/services/storage.js';

/** What the thread answers for one credential. */
interface Faces {
  front: Uint8Array;
  back: Uint8Array;
  qr: { size: number; modules: Uint8Array };
}

/** The QR's modules as filled squares inside its white box (the quiet zone around them). */
function drawQr(page: PDFPage, face: Box, qr: Faces['qr']) {
  const box = qrBox(face);
  const cell = box.size / (qr.size + box.quietModules * 2);
  const origin = { x: box.x + box.quietModules * cell, y: box.y + box.size - box.quietModules * cell };
  const squares = [];
  for (let row = 0; row < qr.size; row++)
    for (let col = 0; col < qr.size; col++)
      if (qr.modules[row * qr.size + col])
        squares.push(rectangle(origin.x + col * cell, origin.y - (row + 1) * cell, cell, cell));
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

async function drawFace(document: PDFDocument, page: PDFPage, jpeg: Uint8Array, box: Box) {
  page.drawImage(await document.embedJpg(jpeg), box);
}

/** Draws every credential's faces in the pool (at most one task per thread waits) in the jobs' order. */
async function renderAll(storage: FileStorage, jobs: CredentialJob[]): Promise<Faces[]> {
  const images = await sharedImages(
    storage,
    jobs.map((j) => j.photoKey),
  );
  return Promise.all(
    jobs.map(
      (job) =>
        renderPool().run({
          faces: true,
          credential: job.credential,
          pass: job.pass,
          photo: job.photoKey ? (images.get(job.photoKey) ?? null) : null,
        }) as Promise<Faces>,
    ),
  );
}

/** The credentials' PDF: per sheet of 9, the fronts' page then the backs' page. */
export async function credentialSheetsPdf(storage: FileStorage, jobs: CredentialJob[]): Promise<Uint8Array> {
  const faces = await renderAll(storage, jobs);
  const document = await PDFDocument.create();
  document.setTitle('Credenciales de trabajadores de obra');
  document.setCreator('Portón');
  document.setLanguage('es-MX');
  for (let start = 0; start < faces.length; start += CREDENTIALS_PER_SHEET) {
    const sheet = faces.slice(start, start + CREDENTIALS_PER_SHEET);
    const fronts = document.addPage([A4.width, A4.height]);
    const backs = document.addPage([A4.width, A4.height]);
    for (const [i, f] of sheet.entries()) {
      await drawFace(document, fronts, f.front, frontBox(i));
      await drawFace(document, backs, f.back, backBox(i));
      drawQr(backs, backBox(i), f.qr);
    }
    drawCutMarks(fronts);
    drawCutMarks(backs);
  }
  return document.save();
}

/** The credentials as credenciales.pdf (X-Credential-Count says how many). */
export async function sendCredentialSheets(reply: FastifyReply, storage: FileStorage, jobs: CredentialJob[]) {
  const pdf = await credentialSheetsPdf(storage, jobs);
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', attachment(CREDENTIALS_PDF_NAME))
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .header('x-credential-count', String(jobs.length))
    .send(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
}
