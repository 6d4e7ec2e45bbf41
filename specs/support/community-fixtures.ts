import type { TestApp } from './test-app.js';

/** Helpers of the integrator, community and licence API specs. */

export const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

/** A raw `POST /oauth/token` (t.signIn throws on failure; these specs assert failures). */
export const tokenRequest = (t: TestApp, username: string, password = 'Porton2026') =>
  t.app.inject({
    method: 'POST',
    url: '/oauth/token',
    headers: { authorization: t.basic, 'content-type': 'application/x-www-form-urlencoded' },
    payload: form({ grant_type: 'password', username, password }),
  });

export const addressId = async (t: TestApp, cp: string) =>
  (await t.db.one<{ id: number }>('SELECT id FROM addresses WHERE cp = $1 ORDER BY id LIMIT 1', [cp]))!.id;

export const userId = async (t: TestApp, email: string) =>
  (await t.db.one<{ id: number }>('SELECT id FROM users WHERE lower(email) = lower($1) AND deleted_at IS NULL', [
    email,
  ]))!.id;

export const communityUuid = async (t: TestApp, name: string) =>
  (await t.db.one<{ uuid: string }>('SELECT uuid FROM communities WHERE name = $1', [name]))!.uuid;

export const integratorUuid = async (t: TestApp, email: string) =>
  (await t.db.one<{ uuid: string }>(
    'SELECT i.uuid FROM integrators i JOIN users u ON u.id = i.user_id WHERE u.email = $1',
    [email],
  ))!.uuid;

/** A type-4 user that belongs to no community, created by `createdBy` (as the users screen records it). */
export async function unassignedAdmin(
  t: TestApp,
  email: string,
  createdBy: string | null,
  firstName = 'Úrsula',
  lastName = 'Sin Asignar',
) {
  const row = await t.db.one<{ id: number; uuid: string }>(
    `INSERT INTO users (email, first_name, last_name, user_type_id, status, created_by)
     VALUES ($1, $2, $3, 4, 'PENDING', (SELECT id FROM users WHERE email = $4)) RETURNING id, uuid`,
    [email, firstName, lastName, createdBy],
  );
  return row!;
}

/** A valid `POST api/integrator` body. */
export async function integratorBody(
  t: TestApp,
  overrides: Record<string, unknown> = {},
  email = 'nuevo.integrador@porton.mx',
) {
  return {
    name: 'Nora',
    lastName: 'Quintero Salas',
    number: '250',
    licenses: 50,
    idAddress: await addressId(t, '64000'),
    street: 'Av. Constitución',
    intNumber: '',
    phone: '8112345678',
    cp: '64000',
    user: {
      idUser: null,
      uuid: null,
      email,
      firstName: 'Nora',
      lastName: 'Quintero Salas',
      status: 'ACTIVE',
      idUsersTypes: 14,
    },
    ...overrides,
  };
}

/** A valid `POST api/fracs/admin` body. */
export async function communityBody(
  t: TestApp,
  overrides: Record<string, unknown> = {},
  adminEmail = 'administrador@porton.mx',
) {
  const idUser = await userId(t, adminEmail);
  return {
    name: 'Lomas del Río',
    cp: '76000',
    city: 'Querétaro',
    state: 'Querétaro',
    idAddress: await addressId(t, '76000'),
    street: 'Calle Hidalgo',
    extNumber: '45',
    intNumber: '',
    idUser,
    licenseTotal: 10,
    starDate: '',
    endDate: '',
    user: { idUser },
    ...overrides,
  };
}

/** A 1×1 PNG and a tiny JPEG (real files: valid signatures and structure). */
export const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
/** A real 2×2 JPEG (uploads are decoded and encoded again, so an image must decode). */
export const JPEG_BASE64 =
  '/9j/4AAQSkZJRgABAQAAAQABAAD/4gHYSUNDX1BST0ZJTEUAAQEAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAAAABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAAABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAAAAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAAAAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAAAABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADb/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAACAAIDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAH/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAAAwb/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCgBQD/2Q==';
export const GIF_BASE64 = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1').toString('base64');

export const logo = (content: string, mimeType = 'image/png', name = 'logo.png') => ({
  uuid: null,
  name,
  extension: name.split('.').pop(),
  mimeType,
  content,
});
