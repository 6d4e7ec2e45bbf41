import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../src/server/platform/db/db.js';
import {
  APPLICATION_ROLE,
  asPlatform,
  inCommunities,
  withoutScope,
} from '../../../src/server/platform/db/row-scope.js';
import { acrossCommunities } from '../../../src/server/platform/http/across-communities.js';
import type { AuthContext } from '../../../src/server/platform/http/auth-context.js';
import { AppError } from '../../../src/shared/platform/errors.js';
import { openDatabase } from '../../../src/server/platform/db/open.js';
import { LOGIN_ROLE } from '../../support/app-role.js';
import { testApp, type TestApp } from '../../support/test-app.js';

// The rule: "PostgreSQL row-level security on every community table, as a second wall … A test
// that deliberately runs a query without the community filter sees only the session's community's
// rows … The general administrator and integrators, who span communities, get an explicit,
// audited path, not a bypass by default." Runs on PGlite and, with DATABASE_URL, on PostgreSQL.

let t: TestApp;
/** The app's own handle: every statement as the application role, under the scope of the caller. */
let app: Db;
let palmas: number;
let valle: number;
let sol: number;

/** Tables whose rows carry a community of their own; sessions and the audit trail are read by their own rules. */
const NOT_WALLED = new Set(['sessions', 'audit_events']);

beforeAll(async () => {
  t = await testApp();
  app = t.app.deps.db;
  const id = async (name: string) =>
    (await t.db.one<{ id: number }>('SELECT id FROM communities WHERE name = $1', [name]))!.id;
  [palmas, valle, sol] = [
    await id('Residencial Las Palmas'),
    await id('Bosques del Valle'),
    await id('Villas del Sol'),
  ];
});
afterAll(async () => {
  await t?.close();
});

const communityTables = async () =>
  (
    await t.db.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
    WHERE c.relkind = 'r' AND EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'community_id' AND NOT a.attisdropped)
    ORDER BY 1`,
    )
  )
    .map((r) => r.name)
    .filter((name) => !NOT_WALLED.has(name));

describe('the application acts as a role that row-level security contains', () => {
  it('statements run as porton_app, neither superuser nor BYPASSRLS', async () => {
    const role = await app.one<{ name: string; bypass: boolean }>(
      'SELECT current_user AS name, (rolsuper OR rolbypassrls) AS bypass FROM pg_roles WHERE rolname = current_user',
    );
    expect(role).toEqual({ name: APPLICATION_ROLE, bypass: false });
  });

  it('every table with a community of its own has row-level security on and a policy for porton_app', async () => {
    const tables = await communityTables();
    expect(tables.length).toBeGreaterThanOrEqual(18);
    const walled = await t.db.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_class c WHERE c.relrowsecurity
          AND EXISTS (SELECT 1 FROM pg_policy p WHERE p.polrelid = c.oid AND $1::regrole::oid = ANY (p.polroles))`,
      [APPLICATION_ROLE],
    );
    const names = new Set(walled.map((r) => r.name));
    expect(tables.filter((name) => !names.has(name))).toEqual([]);
    // And the rows that belong to a community through their parent.
    const children = [
      'massive_event_guests',
      'resident_phones',
      'resident_codes',
      'device_tokens',
      'device_link_codes',
      'notice_zones',
      'notice_streets',
      'notice_residents',
    ];
    expect(children.filter((name) => !names.has(name))).toEqual([]);
  });
});

describe("a query without the community filter sees only the scope's community", () => {
  it("every community table, read with no condition under Las Palmas's scope, answers Las Palmas's rows only", async () => {
    const seen: Record<string, number[]> = {};
    for (const table of await communityTables()) {
      const rows = await inCommunities([palmas], () =>
        app.query<{ community_id: number }>(`SELECT DISTINCT community_id FROM ${table}`),
      );
      seen[table] = rows.map((r) => r.community_id).filter((c) => c !== palmas);
    }
    expect(Object.entries(seen).filter(([, others]) => others.length)).toEqual([]);
  });

  it('the same filterless reads on the platform path do see other communities (the wall, not empty tables, is what hid them)', async () => {
    const others = await asPlatform('prueba', () =>
      app.query<{ community_id: number }>(
        'SELECT DISTINCT community_id FROM residents UNION SELECT DISTINCT community_id FROM zones',
      ),
    );
    expect(new Set(others.map((r) => r.community_id))).toEqual(new Set([palmas, valle, sol]));
  });

  it("rows reached through their parent (an event's guests, a resident's phones) follow the parent's community", async () => {
    const direct = async (sql: string, community: number) => (await t.db.one<{ n: number }>(sql, [community]))!.n;
    for (const [child, parentSql] of [
      [
        'massive_event_guests',
        'SELECT count(*)::int AS n FROM massive_event_guests g JOIN massive_events e ON e.id = g.massive_event_id WHERE e.community_id = $1',
      ],
      [
        'resident_phones',
        'SELECT count(*)::int AS n FROM resident_phones p JOIN residents r ON r.id = p.resident_id WHERE r.community_id = $1',
      ],
    ] as const) {
      const total = (await t.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM ${child}`))!.n;
      const counts = [];
      for (const community of [palmas, sol]) {
        const bare = await inCommunities([community], () =>
          app.one<{ n: number }>(`SELECT count(*)::int AS n FROM ${child}`),
        );
        counts.push(bare!.n);
        expect({ child, community, n: bare!.n }).toEqual({ child, community, n: await direct(parentSql, community) });
      }
      expect(counts.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(total);
    }
  });

  it('with no scope at all, community tables show no rows', async () => {
    for (const table of await communityTables()) {
      const rows = await withoutScope(() => app.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`));
      expect({ table, n: rows[0].n }).toEqual({ table, n: 0 });
    }
  });

  it("another community's rows can be neither written into nor changed nor deleted from a scope", async () => {
    await expect(
      inCommunities([palmas], () =>
        app.query('INSERT INTO zones (community_id, name) VALUES ($1, $2)', [sol, 'Zona Intrusa']),
      ),
    ).rejects.toThrow(/row-level security/);
    const changed = await inCommunities([palmas], () =>
      app.query('UPDATE zones SET name = name || $2 WHERE community_id = $1 RETURNING id', [sol, ' (cambiada)']),
    );
    const deleted = await inCommunities([palmas], () =>
      app.query('DELETE FROM common_area_visits WHERE community_id = $1 RETURNING id', [sol]),
    );
    expect([changed.length, deleted.length]).toEqual([0, 0]);
    expect(await t.db.one('SELECT 1 FROM zones WHERE name LIKE $1', ['%(cambiada)'])).toBeUndefined();
    expect(await t.db.one('SELECT 1 FROM zones WHERE name = $1', ['Zona Intrusa'])).toBeUndefined();
  });

  it('a transaction keeps its scope for every statement in it, and the next one does not inherit it', async () => {
    const inside = await inCommunities([sol], () =>
      app.tx(async (q) =>
        [
          ...(await q.query<{ community_id: number }>('SELECT DISTINCT community_id FROM zones')),
          ...(await q.query<{ community_id: number }>('SELECT DISTINCT community_id FROM streets')),
        ].map((r) => r.community_id),
      ),
    );
    expect(new Set(inside)).toEqual(new Set([sol]));
    const after = await withoutScope(() => app.query<{ n: number }>('SELECT count(*)::int AS n FROM zones'));
    expect(after[0].n).toBe(0);
  });
});

describe('people who span communities take an explicit path', () => {
  const request = async (email: string) => {
    const user = (await t.db.one<{ id: number; uuid: string; user_type_id: number }>(
      'SELECT id, uuid, user_type_id FROM users WHERE email = $1',
      [email],
    ))!;
    const role = email.startsWith('admin@') ? 'generalAdmin' : email.startsWith('integrador') ? 'integrator' : 'admin';
    const logged: unknown[] = [];
    const auth = { userId: user.id, userUuid: user.uuid, role, communityId: null } as unknown as AuthContext;
    return {
      auth,
      logged,
      log: {
        info: (entry: unknown) => {
          logged.push(entry);
        },
      } as never,
    };
  };
  const communitiesSeen = (req: Awaited<ReturnType<typeof request>>) =>
    acrossCommunities(
      req,
      'prueba',
      async () =>
        new Set(
          (await app.query<{ community_id: number }>('SELECT DISTINCT community_id FROM zones')).map(
            (r) => r.community_id,
          ),
        ),
    );

  it('the general administrator reaches every community, and the access is logged with who and why', async () => {
    const req = await request('admin@porton.mx');
    expect(await communitiesSeen(req)).toEqual(new Set([palmas, valle, sol]));
    expect(req.logged).toEqual([
      expect.objectContaining({ rowScope: 'all', actor: req.auth.userUuid, reason: 'prueba' }),
    ]);
  });

  it('an integrator reaches the communities it owns and no other', async () => {
    expect(await communitiesSeen(await request('integrador@porton.mx'))).toEqual(new Set([palmas, valle]));
    expect(await communitiesSeen(await request('integrador2@porton.mx'))).toEqual(new Set([sol]));
  });

  it('anyone else is refused (403), whatever the route asked', async () => {
    await expect(communitiesSeen(await request('administrador@porton.mx'))).rejects.toSatisfy(
      (e) => e instanceof AppError && e.status === 403,
    );
  });
});

describe.skipIf(!process.env.DATABASE_URL)(
  'with DATABASE_OWNER_URL the app connects as a role that owns nothing (PostgreSQL only: PGlite has one user)',
  () => {
    it("migrations run on the owner's connection; the app's connection is a login role acting as porton_app, contained even if it dropped that role", async () => {
      const loginUrl = new URL(t.url!);
      loginUrl.username = LOGIN_ROLE;
      const db = await openDatabase({
        databaseUrl: loginUrl.toString(),
        databaseOwnerUrl: t.url!,
        dataDir: '/nonexistent',
      });
      try {
        expect(await db.one('SELECT session_user::text AS login, current_user::text AS acting')).toEqual({
          login: LOGIN_ROLE,
          acting: APPLICATION_ROLE,
        });
        const palmasZones = await inCommunities([palmas], () =>
          db.query<{ community_id: number }>('SELECT DISTINCT community_id FROM zones'),
        );
        expect(palmasZones.map((r) => r.community_id)).toEqual([palmas]);
        // Even a statement that dropped the role is contained: the login role has porton_app's rights through membership, and its policies.
        const dropped = (scope: number[]) =>
          inCommunities(scope, () =>
            db.tx(async (q) => {
              await q.query('SET LOCAL ROLE NONE');
              const who = await q.one<{ acting: string }>('SELECT current_user::text AS acting');
              const rows = await q.query<{ community_id: number }>('SELECT DISTINCT community_id FROM zones');
              return { acting: who!.acting, communities: rows.map((r) => r.community_id) };
            }),
          );
        expect(await dropped([sol])).toEqual({ acting: LOGIN_ROLE, communities: [sol] });
        expect(await dropped([])).toEqual({ acting: LOGIN_ROLE, communities: [] });
        await expect(
          db.tx(async (q) => {
            await q.query('SET LOCAL ROLE NONE');
            await q.query('TRUNCATE zones');
          }),
        ).rejects.toThrow(/permission denied|must be owner/);
      } finally {
        await db.close();
      }
    });
  },
);
