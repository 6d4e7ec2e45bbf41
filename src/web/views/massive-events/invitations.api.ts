import { fromCallback } from 'xstate';
import type {
  InvitationDownloadReport,
  InvitationTarget,
} from '../../../../machines/massive-events/invitation-download.machine.js';
import type { ApiFailure } from '../../../shared/platform/api-failure.js';
import { LOCALE } from '../../../shared/platform/constants.js';
import { isErrorBody } from '../../../shared/platform/errors.js';
import { ZIP_FILE_NAME } from '../../../shared/massive-events/invitation-rules.js';
import { saveBlob } from '../reports/report-export.api.js';
import { tokenStore } from '../../platform/api/storage.js';

const uuidQuery = (uuids: string[]) => uuids.map((u) => `uuid=${encodeURIComponent(u)}`).join('&');

/** The invitations' or the credentials' address. */
export function invitationUrl(target: InvitationTarget): string {
  if (target.kind === 'event') return `/api/massiveEvents/${encodeURIComponent(target.uuid)}/invitation`;
  if (target.kind === 'workers')
    return `/api/constructionWorkers/workerLicense?${target.format === 'pdf' ? 'format=pdf&' : ''}${uuidQuery(target.uuids)}`;
  return `/api/massiveEventGuests/invitation?${uuidQuery(target.uuids)}`;
}

/** The file name the server gave (Content-Disposition filename*), or the zip's. */
export function fileNameOf(response: Response): string {
  const header = response.headers.get('content-disposition') ?? '';
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star) return decodeURIComponent(star[1]);
  return /filename="([^"]+)"/i.exec(header)?.[1] ?? ZIP_FILE_NAME;
}

export async function failureOf(response: Response): Promise<ApiFailure> {
  let body: unknown = null;
  try {
    body = JSON.parse(await response.text());
  } catch {
    /* not JSON */
  }
  return {
    kind: 'http',
    status: response.status,
    body: isErrorBody(body) ? body : { error: 'server_error', error_description: 'Error interno del servidor' },
  };
}

export interface DownloadHooks {
  signal: AbortSignal;
  report: (event: InvitationDownloadReport) => void;
}

/** Streams the invitations (png or zip) reporting headers and bytes received, and saves the file. */
export async function fetchInvitations(target: InvitationTarget, { signal, report }: DownloadHooks, save = saveBlob) {
  const headers: Record<string, string> = {
    'Accept-Language': LOCALE,
    Accept: 'image/png, application/zip, application/pdf, application/json',
  };
  const token = tokenStore.get();
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(invitationUrl(target), { headers, signal });
  } catch (error) {
    if (signal.aborted) throw error;
    throw { kind: 'network' } satisfies ApiFailure;
  }
  if (!response.ok || !response.body) throw await failureOf(response);
  const fileName = fileNameOf(response);
  report({
    type: 'download.headers',
    fileName,
    count: Number(response.headers.get('x-invitation-count') ?? response.headers.get('x-credential-count') ?? 1),
  });
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    report({ type: 'download.progress', received });
  }
  save(
    new Blob(chunks as BlobPart[], { type: response.headers.get('content-type') ?? 'application/octet-stream' }),
    fileName,
  );
}

/** The invitationDownload machine's child: stopping it aborts the request. */
export function downloadInvitations(fetchIt: typeof fetchInvitations = fetchInvitations) {
  return fromCallback<InvitationDownloadReport, { target: InvitationTarget }>(({ input, sendBack }) => {
    const abort = new AbortController();
    fetchIt(input.target, { signal: abort.signal, report: sendBack }).then(
      () => sendBack({ type: 'download.saved' }),
      (error: unknown) => {
        if (!abort.signal.aborted) sendBack({ type: 'download.failed', error });
      },
    );
    return () => abort.abort();
  });
}
