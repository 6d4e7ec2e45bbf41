/**
 * The worker request's data and pure rules: the shapes the form holds and sends, the payload it
 * builds, and the schema's messages on its fields. The machine (worker-request.machine.ts) decides
 * when they apply.
 */
import * as v from 'valibot';
import { fieldErrors } from '../../src/shared/platform/form-validation.js';
import { WorkerRequestSchema } from '../../src/shared/contractors/construction-worker.schema.js';

/** A file as it is sent (the file payload). */
export interface FileValue {
  name: string;
  extension: string;
  mimeType: string;
  content: string;
}
/** A worker of the request as it is sent (POST api/constructionWorkerRequests); an edit sends unchanged files as `{ uuid }`. */
export interface RequestedWorker {
  firstName: string;
  lastName: string;
  photo: FileValue | { uuid: string };
  identification: FileValue | { uuid: string };
  proofOfAddress: FileValue | { uuid: string };
}
export interface WorkerRequestPayload {
  construction: { uuid: string };
  workers: RequestedWorker[];
}

/** What the server answered for each requested worker. */
export interface SentWorker {
  uuid: string;
  name: string;
  status: string;
  rejectReason: string | null;
}

export type FileSlot = 'photo' | 'identification' | 'proofOfAddress';
/** The slots filled by a picked document (the photo comes from the cropper, already read). */
export type DocumentSlot = 'identification' | 'proofOfAddress';
/** What the document reader is given: the picked file (a File in the browser) and its slot. */
export interface ReadDocumentInput {
  slot: DocumentSlot;
  file: File;
}
/** The id of a document slot's reading child (one at a time per slot). */
export const readingId = (slot: DocumentSlot) => `read.${slot}` as const;
/** A file the worker already has (editing): shown by its link, sent back unchanged as `{ uuid }`. */
export interface StoredFile {
  uuid: string;
  name: string;
  mimeType: string;
  publicUrl: string;
}
export type SlotValue = FileValue | StoredFile;
export const isStoredFile = (file: SlotValue | null): file is StoredFile =>
  file !== null && 'uuid' in file && !('content' in file);

/** The worker being edited as the form loads it (GET api/constructionWorkers/{id}). */
export interface EditedWorker {
  uuid: string;
  firstName: string;
  lastName: string;
  status: string;
  construction: { uuid: string };
  photo: StoredFile | null;
  identification: StoredFile | null;
  proofOfAddress: StoredFile | null;
}

export interface WorkerRequestInput {
  construction?: string | null;
  /** `token` of /createWorker: the worker to edit ('Editar trabajador'). */
  token?: string | null;
  /** The user may create and edit workers directly (administrators; a contractor cannot edit). */
  administrator?: boolean;
}
/** What the send child is given: the payload, and the worker when it is an edit (PUT .../{id}/administrator). */
export interface SendInput {
  payload: WorkerRequestPayload;
  editing: string | null;
}

export interface WorkerRequestContext {
  /** The form: names and the site; the site is locked when the screen was given one. */
  values: { firstName: string; lastName: string; construction: string };
  files: Record<FileSlot, SlotValue | null>;
  /** Document slots whose picked file is being read. */
  reading: DocumentSlot[];
  /** The worker being edited (its uuid), or null when registering. */
  editing: string | null;
  administrator: boolean;
  lockedSite: boolean;
  /** The sites the select offers (the contractor's own). */
  sites: { value: string; label: string }[];
  errors: Record<string, string>;
  payload: WorkerRequestPayload | null;
  /** Percent of the request body sent (0–100). */
  progress: number;
  sent: SentWorker[];
  error: string | null;
}

export type WorkerRequestEvent =
  | { type: 'field.change'; name: 'firstName' | 'lastName' | 'construction'; value: string }
  /** A picked document, or the cropped 100x100 photo, read as base64. */
  | { type: 'file.set'; slot: FileSlot; file: FileValue }
  /** A picked document, read by the `readDocument` child (a phone's photo is made smaller first). */
  | { type: 'file.pick'; slot: DocumentSlot; file: File }
  | { type: 'xstate.done.actor.read.identification'; output: FileValue }
  | { type: 'xstate.done.actor.read.proofOfAddress'; output: FileValue }
  | { type: 'file.remove'; slot: FileSlot }
  | { type: 'form.submit' }
  | { type: 'sites.loaded'; sites: { value: string; label: string }[] }
  | { type: 'submit'; payload: WorkerRequestPayload }
  | { type: 'upload.progress'; percent: number }
  | { type: 'upload.done'; workers: SentWorker[] }
  /** `status` is the HTTP status of the refusal (409: the worker is approved, so it cannot be edited). */
  | { type: 'upload.failed'; error: string; status?: number }
  | { type: 'dialog.close' }
  /** The administrator decided (pushed over the contractor's room). */
  | { type: 'worker.decided'; uuid: string; status: string; rejectReason: string | null }
  | { type: 'request.again' }
  | { type: 'xstate.done.actor.loadWorker'; output: EditedWorker };

export const withoutKey = (errors: Record<string, string>, key: string) =>
  Object.fromEntries(Object.entries(errors).filter(([k]) => k !== key));

/** The read document fills its slot, as a set file does. */
export const withRead = (context: WorkerRequestContext, slot: DocumentSlot, file: FileValue) => ({
  files: { ...context.files, [slot]: file },
  errors: withoutKey(context.errors, slot),
  reading: context.reading.filter((s) => s !== slot),
});

/** A new file is sent whole; a stored one unchanged as `{ uuid }`. */
const sent = (file: SlotValue | null) => (file === null ? undefined : isStoredFile(file) ? { uuid: file.uuid } : file);

/** What the form sends: the site and one worker with its three files. */
export function payloadOf(context: WorkerRequestContext): unknown {
  const { firstName, lastName, construction } = context.values;
  return {
    construction: construction ? { uuid: construction } : undefined,
    workers: [
      {
        firstName,
        lastName,
        photo: sent(context.files.photo),
        identification: sent(context.files.identification),
        proofOfAddress: sent(context.files.proofOfAddress),
      },
    ],
  };
}

/** The schema's messages on the form's fields ('workers.0.firstName' → 'firstName'). */
export function errorsOf(context: WorkerRequestContext): Record<string, string> {
  const result = v.safeParse(WorkerRequestSchema, payloadOf(context));
  if (result.success) return {};
  return Object.fromEntries(
    Object.entries(fieldErrors(result.issues)).map(([key, message]) => [key.split('.').at(-1)!, message]),
  );
}
