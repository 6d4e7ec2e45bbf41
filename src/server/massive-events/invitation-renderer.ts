/**
 * Invitations rendered off the event loop and streamed: a piscina pool of worker
 * threads draws each PNG (invitation-render.thread.mjs); one is sent as image/png, several as a
 * zip that archiver writes to the response while the next pages render. A slow client slows the
 * rendering (at most RENDER_AHEAD pages wait), a client that leaves stops it.
 */
import type { FastifyReply } from 'fastify';
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { ZIP_FILE_NAME } from '../../shared/massive-events/invitation-rules.js';
import type { FileStorage } from '../platform/services/storage.js';
import type { InvitationGuest, InvitationJobs } from './invitation-jobs.js';

/** Threads that draw: INVITATION_RENDER_THREADS, or the machine's cores (at most 4). */
export const renderThreads = () => Number(process.env.INVITATION_RENDER_THREADS) || Math.min(4, availableParallelism());

let pool: Piscina | null = null;

/** The process's pool, started on first use; idle threads end after a minute. */
export function renderPool(): Piscina {
  pool ??= new Piscina({
    filename: new URL('./invitation-render.thread.mjs', import.meta.url).href,
    maxThreads: renderThreads(),
    minThreads: 0,
    idleTimeout: 60_000,
  });
  return pool;
}

/** Stops the pool (tests, benchmarks, shutdown). */
export async function closeRenderPool() {
  const current = pool;
  pool = null;
  await current?.destroy();
}

export interface ImageRef {
  key: string;
  bytes: Uint8Array;
}

/** Stored images read once each and put in shared memory (the workers read them without a copy). */
export async function sharedImages(
  storage: FileStorage,
  keys: Iterable<string | null>,
): Promise<Map<string, ImageRef>> {
  const refs = new Map<string, ImageRef>();
  for (const key of keys) {
    if (!key || refs.has(key)) continue;
    const data = await storage.get(key);
    if (!data) continue;
    const bytes = new Uint8Array(new SharedArrayBuffer(data.byteLength));
    bytes.set(data);
    refs.set(key, { key, bytes });
  }
  return refs;
}

export type RenderOne<T = InvitationGuest> = (item: T) => Promise<Buffer>;

/** A function that renders one guest's invitation of these jobs. */
export async function invitationRenderer(
  storage: FileStorage,
  jobs: InvitationJobs,
  signal?: AbortSignal,
): Promise<RenderOne> {
  const images = await sharedImages(
    storage,
    [...jobs.events.values()].flatMap((e) => [e.coverKey, e.profileKey]),
  );
  const ref = (key: string | null) => (key ? (images.get(key) ?? null) : null);
  return async (guest) => {
    const e = jobs.events.get(guest.eventId)!;
    const png = await renderPool().run(
      {
        data: {
          title: e.title,
          startDate: e.startDate,
          place: e.place,
          message: e.message,
          foregroundColor: e.foregroundColor,
          backgroundColor: e.backgroundColor,
          guestName: `${guest.firstName} ${guest.lastName}`.trim(),
        },
        pass: guest.pass,
        cover: ref(e.coverKey),
        profile: ref(e.profileKey),
      },
      { signal },
    );
    return Buffer.from(png.buffer, png.byteOffset, png.byteLength);
  };
}

export const attachment = (name: string) =>
  `attachment; filename="${name.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/** One drawing (an invitation, a credential) as image/png. */
export async function sendInvitationPng<T>(reply: FastifyReply, render: RenderOne<T>, guest: T, fileName: string) {
  const png = await render(guest);
  return reply
    .header('content-type', 'image/png')
    .header('content-disposition', attachment(fileName))
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(png);
}

/** Pages rendered ahead of the zip's writing (bounded memory, every thread busy). */
const RENDER_AHEAD = () => renderThreads() * 2;

/**
 * The invitations as invitaciones.zip, streamed: entries stored (PNGs do not compress), written
 * in the guests' order as soon as each is drawn. `X-Invitation-Count` tells the client how many.
 */
export function streamInvitationZip(
  reply: FastifyReply,
  jobs: InvitationJobs,
  names: string[],
  makeRender: (signal: AbortSignal) => Promise<RenderOne>,
) {
  return streamPngZip(
    reply,
    { items: jobs.guests, names, zipName: ZIP_FILE_NAME, countHeader: 'x-invitation-count' },
    makeRender,
  );
}

/** Drawings zipped as they are drawn (invitations, credentials): at most RENDER_AHEAD wait; a client that leaves stops it. */
export async function streamPngZip<T>(
  reply: FastifyReply,
  zip: { items: T[]; names: string[]; zipName: string; countHeader: string },
  makeRender: (signal: AbortSignal) => Promise<RenderOne<T>>,
) {
  const jobs = { guests: zip.items };
  const names = zip.names;
  const stop = new AbortController();
  const render = await makeRender(stop.signal);
  const { ZipArchive } = await import('archiver'); // loaded with the first zip, not with every start
  const archive = new ZipArchive({ store: true });
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) stop.abort();
  });
  reply
    .header('content-type', 'application/zip')
    .header('content-disposition', attachment(zip.zipName))
    .header('cache-control', 'no-store')
    .header(zip.countHeader, String(jobs.guests.length))
    .send(archive);

  let written = 0;
  const entryWritten = () => new Promise<void>((resolve) => archive.once('entry', () => resolve()));
  const pending: Promise<Buffer>[] = [];
  try {
    for (let i = 0; i < jobs.guests.length || pending.length > 0; ) {
      while (i < jobs.guests.length && pending.length < RENDER_AHEAD()) pending.push(render(jobs.guests[i++]));
      const png = await pending.shift()!;
      if (stop.signal.aborted) break;
      const entry = entryWritten();
      archive.append(png, { name: names[written++] });
      await entry;
    }
    if (!stop.signal.aborted) await archive.finalize();
  } catch (error) {
    stop.abort();
    for (const p of pending) p.catch(() => undefined);
    archive.abort();
    reply.raw.destroy(error as Error);
    if (!(error instanceof Error && error.name === 'AbortError')) reply.log.error({ err: error }, 'png zip failed');
  }
  return reply;
}
