import { fromCallback } from 'xstate';
import type { DownloadReport, ReportFilters } from '../../../../machines/reports/report-filter.machine.js';
import type { ApiFailure } from '../../../shared/platform/api-failure.js';
import { LOCALE } from '../../../shared/platform/constants.js';
import { isErrorBody } from '../../../shared/platform/errors.js';
import { XLSX_MEDIA_TYPE } from '../../../shared/reports/report-rules.js';
import { reportQuery } from './reports.api.js';
import { tokenStore } from '../../platform/api/storage.js';

/** How a report's workbook is asked: the URL for the filters, and the file name to save. */
export interface ExportTarget {
  url: (query: URLSearchParams) => string;
  fileName: string;
}

/** What the download tells as it goes, and what it answers: the workbook's bytes. */
export interface DownloadHooks {
  onHeaders: () => void;
  onProgress: (received: number) => void;
  signal: AbortSignal;
}
export type FetchWorkbook = (url: string, hooks: DownloadHooks) => Promise<Blob>;

/**
 * Fetches a streamed workbook (bearer token, Accept: the spreadsheet type), reading the body a
 * chunk at a time so the page can show what has arrived and stays responsive; a failure answers
 * the server's error body as an ApiFailure.
 */
export const fetchWorkbook: FetchWorkbook = async (url, { onHeaders, onProgress, signal }) => {
  const headers: Record<string, string> = { Accept: XLSX_MEDIA_TYPE, 'Accept-Language': LOCALE };
  const token = tokenStore.get();
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(url, { headers, signal });
  } catch (error) {
    if (signal.aborted) throw error;
    throw { kind: 'network' } satisfies ApiFailure;
  }
  if (!response.ok || !response.body) {
    const text = await response.text();
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    throw {
      kind: 'http',
      status: response.status,
      body: isErrorBody(body) ? body : { error: 'server_error', error_description: 'Error interno del servidor' },
    } satisfies ApiFailure;
  }
  onHeaders();
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    onProgress(received);
  }
  return new Blob(chunks as BlobPart[], { type: XLSX_MEDIA_TYPE });
};

/** Saves a downloaded workbook under its name (a Blob and an <a download>). */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * The report machine's `downloadReport` child for a target: asks the workbook with the table's
 * filters, tells headers and progress, saves the file and says so; stopping it aborts the request.
 */
export function downloadReport(
  target: ExportTarget,
  fetchIt: FetchWorkbook = fetchWorkbook,
  save: typeof saveBlob = saveBlob,
) {
  return fromCallback<DownloadReport, { filters: ReportFilters }>(({ input, sendBack }) => {
    const abort = new AbortController();
    fetchIt(target.url(reportQuery(input.filters)), {
      signal: abort.signal,
      onHeaders: () => sendBack({ type: 'export.headers' }),
      onProgress: (received) => sendBack({ type: 'export.progress', received }),
    }).then(
      (blob) => {
        save(blob, target.fileName);
        sendBack({ type: 'export.saved', fileName: target.fileName });
      },
      (error: unknown) => {
        if (!abort.signal.aborted) sendBack({ type: 'export.failed', error });
      },
    );
    return () => abort.abort();
  });
}
