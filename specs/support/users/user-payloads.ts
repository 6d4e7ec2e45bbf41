import { expect } from 'vitest';
import type { ManagedUser } from '../../../src/shared/users/user-management-types.js';
import type { TestApp } from '../test-app.js';

let seq = 0;
/** A valid capturista (type 2) payload with a fresh email. */
export const capturista = (over: Record<string, unknown> = {}) => ({
  idUsersTypes: 2,
  email: `nuevo${++seq}@porton.mx`,
  firstName: 'Nuevo',
  lastName: 'Usuario Prueba',
  ...over,
});
/** A valid guard (type 5) payload with its code and no email. */
export const guard = (code: string, over: Record<string, unknown> = {}) => ({
  idUsersTypes: 5,
  vigilantCode: code,
  firstName: 'Guardia',
  lastName: 'De Turno',
  ...over,
});

/** Calls on the users API of one test app. */
export function usersApi(t: TestApp) {
  const list = async (token: string, query = '') => {
    const res = await t.as(token).get(`/api/users/?size=100${query}`);
    expect(res.statusCode).toBe(200);
    return res.json() as { content: ManagedUser[]; totalElements: number; totalPages: number };
  };
  return {
    list,
    emails: async (token: string, query = '') => (await list(token, query)).content.map((u) => u.email),
    create: (token: string, ...users: Record<string, unknown>[]) => t.as(token).post('/api/users', users),
    uuidOf: async (email: string) =>
      (await t.db.one<{ uuid: string }>('SELECT uuid FROM users WHERE email = $1 AND deleted_at IS NULL', [email]))!
        .uuid,
    /** Completes the registration of the last invitation mailed, with `password`. */
    register: async (password: string) => {
      const ticket = /uuid=([0-9a-f-]{36})/.exec(t.mailer.sent.at(-1)!.text)![1];
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/users/newPassword',
        payload: { uuid: ticket, password },
      });
      expect(res.statusCode).toBe(200);
    },
  };
}
