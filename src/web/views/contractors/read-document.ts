/**
 * The worker form's document reader, provided to the worker-request machine as its `readDocument`
 * actor: the picked file as the payload it is sent as.
 */
import imageCompression from 'browser-image-compression';
import type { FileValue } from '../../../../machines/contractors/worker-request.machine.js';
import { WORKER_DOCUMENT_MAX_SIDE } from '../../../shared/contractors/worker-rules.js';

/**
 * A picked document image as it is sent: a phone's photo (12 megapixels and more) shrunk, in the
 * browser, to WORKER_DOCUMENT_MAX_SIDE on its longer side, in its own format and without its
 * metadata; a smaller image, or a PDF, as it is.
 */
async function documentToSend(file: File): Promise<File> {
  if (file.type !== 'image/jpeg' && file.type !== 'image/png') return file;
  try {
    const shrunk = await imageCompression(file, {
      maxWidthOrHeight: WORKER_DOCUMENT_MAX_SIDE,
      useWebWorker: false,
      fileType: file.type,
      initialQuality: 0.9,
    });
    return new File([shrunk], file.name, { type: file.type });
  } catch {
    // A browser that cannot draw it sends it as picked; the server says if it is too large.
    return file;
  }
}

/** Reads a picked document as the payload: base64 without the data: prefix; an image at most the document size. */
export async function readDocument(file: File): Promise<FileValue> {
  return readPayload(await documentToSend(file));
}

/** Reads a picked file as the payload (base64 without the data: prefix). */
export function readPayload(file: File): Promise<FileValue> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      resolve({
        name: file.name,
        extension: file.name.split('.').pop() ?? '',
        mimeType: file.type,
        content: url.slice(url.indexOf(',') + 1),
      });
    };
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}
