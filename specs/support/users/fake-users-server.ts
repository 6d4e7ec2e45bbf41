/**
 * An in-memory stand-in for the users screen's API behind `fetch`, so view tests
 * exercise the real API modules: users list/create/edit/delete, postal codes, the
 * administrative resident, zones and streets. Answers can be overridden per call.
 */
import type { AddressOption } from '../../../src/shared/platform/api-types.js';
import type { AdministrativeResident, ManagedUser } from '../../../src/shared/users/user-management-types.js';

export interface Sent {
  method: string;
  path: string;
  body: unknown;
}
type Answer = { status: number; body?: unknown };

const TYPE_NAMES: Record<number, string> = {
  1: 'Administrador general',
  2: 'Capturista',
  3: 'Residente',
  4: 'Administrador de fraccionamiento',
  5: 'Vigilante',
  6: 'Vigilante administrativo',
  14: 'Integrador',
  15: 'Contratista',
};

export function managedUser(
  over: Partial<ManagedUser> & Pick<ManagedUser, 'uuid' | 'firstName' | 'lastName' | 'idUsersTypes'>,
): ManagedUser {
  return {
    email: null,
    vigilantCode: null,
    status: 'ACTIVE',
    testUsersType: { name: TYPE_NAMES[over.idUsersTypes] ?? '' },
    testFrac: { uuid: 'f-1', name: 'Residencial Las Palmas' },
    address: null,
    idAddress: null,
    street: null,
    extNumber: null,
    intNumber: null,
    administrativeVisitsUser: { useapp: false, phone: null },
    ...over,
  };
}

export const POSTAL_CODES: Record<string, AddressOption[]> = {
  '01000': [
    { idAddress: 11, uuid: 'a-11', colony: 'San Ángel', state: 'Ciudad de México', location: 'Álvaro Obregón' },
    { idAddress: 12, uuid: 'a-12', colony: 'Tlacopac', state: 'Ciudad de México', location: 'Álvaro Obregón' },
  ],
};
export const ZONES = [
  {
    uuid: 'z-1',
    idZone: 1,
    name: 'Zona Norte',
    color: '#000000',
    idFrac: 1,
    testFrac: { uuid: 'f-1', name: 'Residencial Las Palmas' },
  },
  {
    uuid: 'z-2',
    idZone: 2,
    name: 'Zona Sur',
    color: '#000000',
    idFrac: 1,
    testFrac: { uuid: 'f-1', name: 'Residencial Las Palmas' },
  },
];
const STREETS: Record<string, { uuid: string; idStreet: number; name: string }[]> = {
  'z-1': [
    { uuid: 's-1', idStreet: 1, name: 'Calle Roble' },
    { uuid: 's-2', idStreet: 2, name: 'Calle Olmo' },
  ],
  'z-2': [{ uuid: 's-3', idStreet: 3, name: 'Calle Pino' }],
};

const json = ({ status, body }: Answer) =>
  new Response(body === undefined ? '' : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

export function fakeUsersServer(
  initial: ManagedUser[],
  options: { administrativeResident?: AdministrativeResident | null } = {},
) {
  const users = [...initial];
  const sent: Sent[] = [];
  /** Answers queued for the next calls of `METHOD /path-prefix`. */
  const next = new Map<string, Answer[]>();
  let resident = options.administrativeResident ?? null;
  let created = 0;

  const override = (method: string, path: string) => {
    for (const [key, list] of next) {
      const [m, prefix] = key.split(' ');
      if (m === method && path.startsWith(prefix) && list.length) return list.shift()!;
    }
    return null;
  };

  // biome-ignore lint/suspicious/noExplicitAny: a fake server's request body, of every route's shape
  function route(method: string, url: URL, body: any): Answer {
    const path = url.pathname;
    if (method === 'GET' && path === '/api/users') {
      const page = Number(url.searchParams.get('page') ?? 0);
      const size = Number(url.searchParams.get('size') ?? 15);
      const term = (url.searchParams.get('search') ?? '').toLowerCase();
      const found = users.filter(
        (u) =>
          !term ||
          [`${u.firstName} ${u.lastName}`, u.email ?? '', u.vigilantCode ?? '', u.testUsersType.name].some((text) =>
            text.toLowerCase().includes(term),
          ),
      );
      return {
        status: 200,
        body: {
          content: found.slice(page * size, page * size + size),
          totalElements: found.length,
          totalPages: Math.ceil(found.length / size),
          page,
          size,
        },
      };
    }
    if (method === 'POST' && path === '/api/users') {
      // biome-ignore lint/suspicious/noExplicitAny: a fake server's request body, of every route's shape
      const made = (body as any[]).map((u) => managedUser({ ...u, uuid: `new-${++created}`, status: 'PENDING' }));
      users.unshift(...made);
      return { status: 201, body: made };
    }
    const one = path.match(/^\/api\/users\/([^/]+)$/);
    if (one && method === 'PUT') {
      const i = users.findIndex((u) => u.uuid === one[1]);
      users[i] = { ...users[i], ...body };
      return { status: 200, body: users[i] };
    }
    if (one && method === 'DELETE') {
      users.splice(
        users.findIndex((u) => u.uuid === one[1]),
        1,
      );
      return { status: 204 };
    }
    const cp = path.match(/^\/api\/addresses\/(\d{5})$/);
    if (cp && method === 'GET') return { status: 200, body: POSTAL_CODES[cp[1]] ?? [] };
    if (path.startsWith('/api/administrativeVisitUser/administrativeResident')) {
      if (method === 'GET') return { status: 200, body: resident };
      resident = { ...(body as AdministrativeResident), uuid: 'r-1', idFrac: 1, fracUuid: 'f-1' };
      return { status: method === 'POST' ? 201 : 200, body: resident };
    }
    // As the API answers: every zone without `page`, one page with it.
    if (method === 'GET' && path === '/api/zones')
      return {
        status: 200,
        body: url.searchParams.has('page')
          ? { content: ZONES, totalElements: ZONES.length, totalPages: 1, page: 0, size: 100 }
          : ZONES,
      };
    const streets = path.match(/^\/api\/streets\/zones\/([^/]+)$/);
    if (streets && method === 'GET') return { status: 200, body: STREETS[streets[1]] ?? [] };
    return { status: 404, body: { error: 'not_found', error_description: `sin ruta ${method} ${path}` } };
  }

  const fetch = async (input: string, init: RequestInit = {}) => {
    const method = (init.method ?? 'GET').toUpperCase();
    const url = new URL(input, 'http://porton.test');
    const body = typeof init.body === 'string' && init.body ? JSON.parse(init.body) : undefined;
    sent.push({ method, path: url.pathname + url.search, body });
    return json(override(method, url.pathname) ?? route(method, url, body));
  };

  return {
    fetch,
    sent,
    users,
    /** The next `method path…` call answers this instead. */
    answerNext(method: string, pathPrefix: string, answer: Answer) {
      const key = `${method} ${pathPrefix}`;
      next.set(key, [...(next.get(key) ?? []), answer]);
    },
    calls: (method: string, prefix: string) => sent.filter((s) => s.method === method && s.path.startsWith(prefix)),
  };
}
