import { fromCallback } from 'xstate';
import type { UploadReport } from '../../../../machines/residents/resident-import.machine.js';
import { LOCALE } from '../../../shared/platform/constants.js';
import { ERROR_WORKBOOK_NAME, XLSX_MIME } from '../../../shared/residents/resident-import.js';
import { tokenStore } from '../../platform/api/storage.js';

export const IMPORT_URL = '/api/residents/importResidents/';

const parsed = (text: string): unknown => {
  try {
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
};

/**
 * The import's upload (`POST api/residents/importResidents/`, multipart `file`): an
 * XMLHttpRequest, because only it reports the upload's progress. It tells the import machine the
 * progress, that the file is sent, and the answer (status and body) or a network failure; stopping
 * it (the modal closed) aborts the request.
 */
export const uploadResidentsFile = fromCallback<UploadReport, { file: unknown }>(({ input, sendBack }) => {
  const xhr = new XMLHttpRequest();
  xhr.open('POST', IMPORT_URL);
  const token = tokenStore.get();
  if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
  xhr.setRequestHeader('Accept', 'application/json');
  xhr.setRequestHeader('Accept-Language', LOCALE);
  xhr.upload.onprogress = (e) => {
    if (e.lengthComputable && e.total > 0) sendBack({ type: 'upload.progress', percent: (e.loaded / e.total) * 100 });
  };
  xhr.upload.onload = () => sendBack({ type: 'upload.sent' });
  xhr.onload = () => sendBack({ type: 'upload.answered', status: xhr.status, body: parsed(xhr.responseText) });
  xhr.onerror = () => sendBack({ type: 'upload.failed' });
  const form = new FormData();
  form.append('file', input.file as Blob);
  xhr.send(form);
  return () => {
    if (xhr.readyState !== XMLHttpRequest.DONE) xhr.abort();
  };
});

/** The bytes of a base64 workbook; refuses text that is not base64 of a zip (every .xlsx starts with 'PK'). */
export function workbookBytes(base64: string): Uint8Array {
  const binary = atob(base64.replace(/\s+/g, ''));
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  if (bytes.length < 4 || bytes[0] !== 0x50 || bytes[1] !== 0x4b)
    throw new Error('El archivo de errores no es un libro de Excel.');
  return bytes;
}

/** The failed rows' workbook is saved as Errores.xlsx (a Blob and an <a download>). */
export async function saveErrorWorkbook(base64: string): Promise<void> {
  const blob = new Blob([workbookBytes(base64) as BlobPart], { type: XLSX_MIME });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = ERROR_WORKBOOK_NAME;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
