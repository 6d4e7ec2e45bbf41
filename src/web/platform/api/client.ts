import type { ApiFailure } from '../../../shared/platform/api-failure.js';
import { isErrorBody } from '../../../shared/platform/errors.js';
import { LOCALE } from '../../../shared/platform/constants.js';
import { tokenStore } from './storage.js';

/** The OAuth client's public identity; the server configures the real secret check. */
const CLIENT_BASIC = `Basic ${btoa(`${import.meta.env.VITE_OAUTH_CLIENT_ID ?? 'porton-web'}:${import.meta.env.VITE_OAUTH_CLIENT_SECRET ?? 'porton-web-secret'}`)}`;

let onUnauthorized: () => void = () => {};
/** The session machine decides what a 401 means; the transport only reports it. */
export function setUnauthorizedHandler(handler: () => void) {
  onUnauthorized = handler;
}

type Body = { json: unknown } | { form: Record<string, string> } | { text: string } | undefined;

async function request<T>(
  method: string,
  path: string,
  body?: Body,
  auth: 'bearer' | 'client' | 'none' = 'bearer',
  tokenOverride?: string,
): Promise<T> {
  const headers: Record<string, string> = { 'Accept-Language': LOCALE, Accept: 'application/json' };
  const token = tokenOverride ?? tokenStore.get();
  if (auth === 'bearer' && token) headers.Authorization = `Bearer ${token}`;
  if (auth === 'client') headers.Authorization = CLIENT_BASIC;
  let payload: BodyInit | undefined;
  if (body && 'json' in body) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body.json);
  }
  if (body && 'form' in body) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    payload = new URLSearchParams(body.form).toString();
  }
  if (body && 'text' in body) {
    headers['Content-Type'] = 'text/plain';
    payload = body.text;
  }
  let response: Response;
  try {
    response = await fetch(path, { method, headers, body: payload });
  } catch {
    throw { kind: 'network' } satisfies ApiFailure;
  }
  const text = await response.text();
  const data: unknown = text ? safeJson(text) : undefined;
  if (!response.ok) {
    if (response.status === 401 && auth === 'bearer' && token && !tokenOverride) onUnauthorized();
    const errorBody = isErrorBody(data)
      ? data
      : { error: 'server_error', error_description: 'Error interno del servidor' };
    throw { kind: 'http', status: response.status, body: errorBody } satisfies ApiFailure;
  }
  return data as T;
}

const safeJson = (text: string) => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

/** One typed client: every call sends es-MX and the bearer token; failures are ApiFailure. */
export const api = {
  get: <T>(path: string) => request<T>('GET', path),
  post: <T>(path: string, json?: unknown) => request<T>('POST', path, { json: json ?? {} }),
  put: <T>(path: string, json?: unknown) => request<T>('PUT', path, { json: json ?? {} }),
  del: <T>(path: string) => request<T>('DELETE', path),
  /** A PUT whose body is plain text (a worker's rejection reason). */
  putText: <T>(path: string, text: string) => request<T>('PUT', path, { text }),
  /** A call with a token that is not (yet) the stored one: sign-in checks, revoking a rejected token. */
  withToken: <T>(method: 'GET' | 'POST', path: string, token: string) =>
    request<T>(method, path, method === 'POST' ? { json: {} } : undefined, 'bearer', token),
  form: <T>(path: string, form: Record<string, string>) => request<T>('POST', path, { form }, 'client'),
  clientText: <T>(path: string, text: string) => request<T>('POST', path, { text }, 'client'),
  public: {
    get: <T>(path: string) => request<T>('GET', path, undefined, 'none'),
    post: <T>(path: string, json: unknown) => request<T>('POST', path, { json }, 'none'),
  },
};

/** Query string for list calls. */
export const listQuery = (q: { page: number; size: number; search: string }) =>
  new URLSearchParams({
    page: String(q.page),
    size: String(q.size),
    ...(q.search ? { search: q.search } : {}),
  }).toString();
