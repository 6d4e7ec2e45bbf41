import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORBIDDEN_CHARACTERS_MESSAGE } from '../../../src/shared/platform/form-validation.js';
import { testApp, type TestApp } from '../../support/test-app.js';

/**
 * Bad input swept over every operation of the OpenAPI document: a U+0000 in any text (path,
 * query, JSON, form or text body) answered 500 (PostgreSQL refuses it); some valibot messages
 * reached clients in English ('Invalid key: Expected …'). Every route now answers 400 in the
 * contract's shape, in Spanish, and changes nothing.
 */
let t: TestApp;
let tokens: (string | null)[];
interface Operation {
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
}
let operations: { method: string; path: string; op: Operation }[];

beforeAll(async () => {
  t = await testApp();
  const emails = ['admin', 'integrador', 'administrador', 'capturista', 'vigilante', 'residente', 'contratista'];
  tokens = [null, ...(await Promise.all(emails.map((e) => t.signIn(`${e}@porton.mx`))))];
  const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, Operation>>;
  };
  operations = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
  );
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const ENGLISH = /Invalid|Expected|Received|must be|required/;

/** Calls the operation as each demo role in turn and answers the first answer that is not 401/403 (null when none may call). */
async function callAsAnyone(method: string, url: string, headers: Record<string, string>, payload?: string) {
  for (const token of tokens) {
    const auth: Record<string, string> = token
      ? { authorization: `Bearer ${token}` }
      : url.startsWith('/oauth/token') || url.startsWith('/api/users/resetPassword')
        ? { authorization: t.basic }
        : {};
    const res = await t.app.inject({
      method: method as 'GET',
      url,
      headers: { ...headers, ...auth },
      ...(payload === undefined ? {} : { payload }),
    });
    if (res.statusCode !== 401 && res.statusCode !== 403) return res;
  }
  return null;
}

function requestWith(path: string, op: Operation, text: string, bodyValue: (props: string[]) => unknown) {
  const url = path.replace(/\{[^}]+\}/g, encodeURIComponent(text));
  const query = (op.parameters ?? [])
    .filter((p) => p.in === 'query')
    .map((p) => `${p.name}=${encodeURIComponent(text)}`)
    .join('&');
  const content = op.requestBody?.content ?? {};
  const types = Object.keys(content);
  let headers: Record<string, string> = {};
  let payload: string | undefined;
  if (types.includes('application/json')) {
    headers = { 'content-type': 'application/json' };
    payload = JSON.stringify(bodyValue(Object.keys(content['application/json']!.schema?.properties ?? {})));
  } else if (types.includes('application/x-www-form-urlencoded')) {
    headers = { 'content-type': 'application/x-www-form-urlencoded' };
    payload = new URLSearchParams({ grant_type: 'password', username: text, password: text }).toString();
  } else if (types.includes('text/plain')) {
    headers = { 'content-type': 'text/plain' };
    payload = `a${text}@porton.mx`;
  }
  const hasInput = path.includes('{') || query !== '' || payload !== undefined;
  return {
    url: query ? `${url}?${query}` : url,
    headers,
    payload,
    hasInput,
    multipartOnly: types.length > 0 && payload === undefined,
  };
}

describe('every route, every text input', () => {
  it('a null byte anywhere answers 400 invalid_request in Spanish, never 500', async () => {
    const checked: string[] = [];
    const failures: string[] = [];
    for (const { method, path, op } of operations) {
      const request = requestWith(path, op, 'x\u0000y', (props) =>
        Object.fromEntries((props.length ? props : ['name']).map((p) => [p, 'x\u0000y'])),
      );
      if (!request.hasInput || request.multipartOnly) continue;
      const res = await callAsAnyone(method, request.url, request.headers, request.payload);
      if (!res) continue; // only a device may call it (its body is swept as a session's would be: the same parse)
      checked.push(`${method} ${path}`);
      const body = res.json() as { error?: string; error_description?: string };
      if (
        res.statusCode !== 400 ||
        body.error !== 'invalid_request' ||
        body.error_description !== FORBIDDEN_CHARACTERS_MESSAGE
      ) {
        failures.push(`${method} ${path}: ${res.statusCode} ${res.body.slice(0, 160)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(checked.length).toBeGreaterThan(100);
  }, 300_000);

  it('a JSON body of the wrong shape gets Spanish messages only, on every route that reads one', async () => {
    const failures: string[] = [];
    let checked = 0;
    for (const { method, path, op } of operations) {
      if (!op.requestBody?.content['application/json']) continue;
      for (const wrong of [[], {}, { id: [1] }]) {
        // Path parameters of a real-looking uuid that exists nowhere: the body is read before any lookup.
        const request = requestWith(
          path,
          { ...op, parameters: [] },
          '00000000-0000-4000-8000-000000000000',
          () => wrong,
        );
        const res = await callAsAnyone(method, request.url, request.headers, request.payload);
        if (res?.statusCode !== 400) continue;
        checked++;
        const body = res.json() as { error_description: string; fields?: Record<string, string> };
        const texts = [body.error_description, ...Object.values(body.fields ?? {})];
        if (texts.some((text) => ENGLISH.test(text)))
          failures.push(`${method} ${path} ${JSON.stringify(wrong)}: ${res.body.slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(50);
  }, 300_000);
});
