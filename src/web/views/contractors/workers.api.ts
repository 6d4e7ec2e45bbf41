import type * as v from 'valibot';
import type {
  WorkerAnswerSchema,
  WorkerRequestSummarySchema,
} from '../../../shared/contractors/construction-worker.answer.js';
import type { WorkerRequestPayload } from '../../../../machines/contractors/worker-request.machine.js';
import { api } from '../../platform/api/client.js';
import { tokenStore } from '../../platform/api/storage.js';
import type { ApiFailure } from '../../../shared/platform/api-failure.js';
import { isErrorBody } from '../../../shared/platform/errors.js';
import { LOCALE } from '../../../shared/platform/constants.js';

export type Worker = v.InferOutput<typeof WorkerAnswerSchema>;
export type WorkerRequestSummary = v.InferOutput<typeof WorkerRequestSummarySchema>;
export interface AdminWorkerPayload
  extends Omit<WorkerRequestPayload['workers'][number], 'photo' | 'identification' | 'proofOfAddress'> {
  construction: { uuid: string };
  photo: WorkerRequestPayload['workers'][number]['photo'] | { uuid: string };
  identification: WorkerRequestPayload['workers'][number]['identification'] | { uuid: string };
  proofOfAddress: WorkerRequestPayload['workers'][number]['proofOfAddress'] | { uuid: string };
}

const base = '/api/constructionWorkers';
const id = (uuid: string) => encodeURIComponent(uuid);

/**
 * Sends a JSON body with upload progress (XMLHttpRequest: fetch reports none); resolves with the
 * answer, rejects with an ApiFailure.
 */
export function sendWithProgress<T>(
  method: 'POST' | 'PUT',
  path: string,
  body: unknown,
  onProgress: (percent: number) => void,
): { promise: Promise<T>; abort: () => void } {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<T>((resolve, reject) => {
    xhr.open(method, path);
    xhr.setRequestHeader('Content-Type', 'application/json');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', LOCALE);
    const token = tokenStore.get();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress((e.loaded / e.total) * 100);
    };
    xhr.onerror = () => reject({ kind: 'network' } satisfies ApiFailure);
    xhr.onload = () => {
      let data: unknown;
      try {
        data = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        data = xhr.responseText;
      }
      if (xhr.status >= 200 && xhr.status < 300) return resolve(data as T);
      reject({
        kind: 'http',
        status: xhr.status,
        body: isErrorBody(data) ? data : { error: 'server_error', error_description: 'Error interno del servidor' },
      } satisfies ApiFailure);
    };
    xhr.send(JSON.stringify(body));
  });
  return { promise, abort: () => xhr.abort() };
}

/** Calls of the workers' screens . */
export const workersApi = {
  all: () => api.get<Worker[]>(`${base}/frac`),
  bySite: (construction: string) => api.get<Worker[]>(`${base}/construction?construction=${id(construction)}`),
  get: (uuid: string) => api.get<Worker>(`${base}/${id(uuid)}`),
  approve: (uuid: string) => api.put<Worker>(`${base}/${id(uuid)}/approve`),
  reject: (uuid: string, reason: string) => api.putText<Worker>(`${base}/${id(uuid)}/reject`, reason),
  remove: (uuid: string) => api.del<void>(`${base}/${id(uuid)}/administrator`),
  requests: () => api.get<WorkerRequestSummary[]>('/api/constructionWorkerRequests/byAdministrator'),
  /** Every site of the community (the list without `page`), for the worker form's selector. */
  sites: () => api.get<{ uuid: string; name: string }[]>('/api/constructions'),
};
export type WorkersApi = typeof workersApi;
