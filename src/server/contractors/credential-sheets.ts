/**
 * Workers' credentials as a PDF to print: each credential's two faces are drawn by the
 * invitations' thread pool as JPEGs (the same drawing as the PNG credential), then one thread
 * lays out the sheets (credential-sheet-pdf.ts), so the event loop only sends the file.
 */
import type { FastifyReply } from 'fastify';
import { CREDENTIALS_PDF_NAME } from '../../shared/contractors/worker-rules.js';
import type { CredentialJob } from './credential-jobs.js';
import type { CredentialFaces } from './credential-sheet-pdf.js';
import { attachment, renderPool, sharedImages } from '../massive-events/invitation-renderer.js';
import type { FileStorage } from '../platform/services/storage.js';

/** What a back face shows (the QR aside): the same for every worker of a site. */
const backOf = (job: CredentialJob) => {
  const { siteNumber, siteAddress, company, communityName } = job.credential;
  return JSON.stringify([siteNumber, siteAddress, company, communityName]);
};

/**
 * Every credential's faces, drawn by the pool's threads in parallel, in the jobs' order; each
 * different back is drawn once and the same bytes serve every worker of its site.
 */
async function renderAll(storage: FileStorage, jobs: CredentialJob[]): Promise<CredentialFaces[]> {
  const images = await sharedImages(
    storage,
    jobs.map((j) => j.photoKey),
  );
  const firstWithBack = new Map<string, number>();
  for (const [i, job] of jobs.entries()) if (!firstWithBack.has(backOf(job))) firstWithBack.set(backOf(job), i);
  const drawn = await Promise.all(
    jobs.map(
      (job, i) =>
        renderPool().run({
          faces: true,
          back: firstWithBack.get(backOf(job)) === i,
          credential: job.credential,
          pass: job.pass,
          photo: job.photoKey ? (images.get(job.photoKey) ?? null) : null,
        }) as Promise<{ front: Uint8Array; back: Uint8Array | null; qr: CredentialFaces['qr'] }>,
    ),
  );
  return drawn.map((faces, i) => ({
    ...faces,
    back: faces.back ?? drawn[firstWithBack.get(backOf(jobs[i]!))!]!.back!,
  }));
}

/** The credentials as credenciales.pdf (X-Credential-Count says how many). */
export async function sendCredentialSheets(reply: FastifyReply, storage: FileStorage, jobs: CredentialJob[]) {
  const faces = await renderAll(storage, jobs);
  const pdf = (await renderPool().run({ sheets: faces })) as Uint8Array;
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', attachment(CREDENTIALS_PDF_NAME))
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .header('x-credential-count', String(jobs.length))
    .send(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
}
