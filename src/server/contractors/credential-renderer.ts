/** Workers' credentials drawn in the invitations' worker pool: one PNG, or a zip streamed as drawn. */
import type { FastifyReply } from 'fastify';
import { uniqueFileNames } from '../../shared/massive-events/invitation-rules.js';
import { CREDENTIALS_ZIP_NAME } from '../../shared/contractors/worker-rules.js';
import type { CredentialJob } from './credential-jobs.js';
import { renderPool, sharedImages, streamPngZip, type RenderOne } from '../massive-events/invitation-renderer.js';
import type { FileStorage } from '../platform/services/storage.js';

async function credentialRenderer(
  storage: FileStorage,
  jobs: CredentialJob[],
  signal?: AbortSignal,
): Promise<RenderOne<CredentialJob>> {
  const images = await sharedImages(
    storage,
    jobs.map((j) => j.photoKey),
  );
  return async (job) => {
    const png = await renderPool().run(
      {
        credential: job.credential,
        pass: job.pass,
        photo: job.photoKey ? (images.get(job.photoKey) ?? null) : null,
      },
      { signal },
    );
    return Buffer.from(png.buffer, png.byteOffset, png.byteLength);
  };
}

/** The credentials as credenciales.zip, one PNG each, for one worker as for many (X-Credential-Count says how many). */
export async function sendCredentials(reply: FastifyReply, storage: FileStorage, jobs: CredentialJob[]) {
  const names = uniqueFileNames(jobs).map((n) => `credencial_${n}`);
  return streamPngZip(
    reply,
    { items: jobs, names, zipName: CREDENTIALS_ZIP_NAME, countHeader: 'x-credential-count' },
    (signal) => credentialRenderer(storage, jobs, signal),
  );
}
