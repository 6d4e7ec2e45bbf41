/**
 * The threads that read uploads (upload.thread.mjs): large JSON bodies parsed, and
 * construction workers' images checked and encoded again. A piscina pool with a bounded queue;
 * by default one thread fewer than the machine's cores (at least one, at most two), so a core
 * stays with the API's event loop while uploads are read.
 */
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { AppError } from '../../../shared/platform/errors.js';
import type { JsonBody } from '../http/json-body.js';
import type { CleanAnswer, CleanTask } from './image-clean.js';

/** Threads that read uploads: UPLOAD_THREADS, or the machine's cores less one (1 or 2). */
export const uploadThreads = () =>
  Number(process.env.UPLOAD_THREADS) || Math.max(1, Math.min(2, availableParallelism() - 1));
/** Tasks waiting for a thread, at most; beyond, the upload is asked to come back (429). */
const QUEUE_PER_THREAD = 32;

export const UploadPoolMessages = {
  busy: 'Hay muchos archivos en proceso en este momento. Inténtalo de nuevo en unos segundos.',
} as const;

type Task = ({ kind: 'image' } & CleanTask) | { kind: 'json'; bytes: Uint8Array };

let pool: Piscina<Task, CleanAnswer | JsonBody> | null = null;

/** The process's pool, started on first use; idle threads end after a minute. */
function uploadPool(): Piscina<Task, CleanAnswer | JsonBody> {
  pool ??= new Piscina<Task, CleanAnswer | JsonBody>({
    filename: new URL('./upload.thread.mjs', import.meta.url).href,
    maxThreads: uploadThreads(),
    minThreads: 0,
    idleTimeout: 60_000,
    maxQueue: uploadThreads() * QUEUE_PER_THREAD,
    // A thread holds one body or image at a time (12 MB of text at most): a small heap is collected often, so memory stays flat.
    resourceLimits: { maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 16 },
  });
  return pool;
}

/** Stops the pool (tests, benchmarks, shutdown). */
export async function closeUploadPool() {
  const current = pool;
  pool = null;
  await current?.destroy();
}

async function run<T extends CleanAnswer | JsonBody>(
  task: Task,
  options: { signal?: AbortSignal; transferList?: ArrayBuffer[] },
): Promise<T> {
  try {
    return (await uploadPool().run(task, options)) as T;
  } catch (error) {
    if (error instanceof Error && error.message === 'Task queue is at limit')
      throw new AppError('too_many_requests', UploadPoolMessages.busy);
    throw error;
  }
}

/** One image checked and encoded again off the event loop (image-clean.ts); a full queue answers 429. */
export const cleanInPool = (task: CleanTask, signal?: AbortSignal) =>
  run<CleanAnswer>({ kind: 'image', ...task }, { signal });

/** A JSON body parsed off the event loop (json-body.ts); its bytes are moved to the thread. */
export const parseInPool = (bytes: Uint8Array) =>
  run<JsonBody>({ kind: 'json', bytes }, { transferList: [bytes.buffer as ArrayBuffer] });
