import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../src/shared/platform/errors.js';
import {
  CommunityScope,
  communityScope,
  communityScopeOf,
  SqlValue,
} from '../../../src/server/platform/db/community-scope.js';
import type { Db } from '../../../src/server/platform/db/db.js';
import { migrate } from '../../../src/server/platform/db/migrate.js';
import { seedIfEmpty } from '../../../src/server/platform/db/seed.js';
import type { AuthContext } from '../../../src/server/platform/http/auth-context.js';
import { freshDatabase } from '../../support/test-app.js';

let db: Db;
let drop: () => Promise<void>;
let palmas: number;
let sol: number;
const scopeOf = (communityId: number | null) => communityScope(db, { communityId } as AuthContext);
const zonesOf = async (communityId: number) =>
  (await db.query<{ name: string }>('SELECT name FROM zones WHERE community_id = $1 ORDER BY name', [communityId])).map(
    (z) => z.name,
  );
const zoneOf = async (communityId: number, name: string) =>
  (await db.one<{ id: number; uuid: string }>('SELECT id, uuid FROM zones WHERE community_id = $1 AND name = $2', [
    communityId,
    name,
  ]))!;

beforeAll(async () => {
  ({ db, drop } = await freshDatabase());
  await migrate(db);
  await seedIfEmpty(db);
  const id = async (name: string) =>
    (await db.one<{ id: number }>('SELECT id FROM communities WHERE name = $1', [name]))!.id;
  [palmas, sol] = [await id('Residencial Las Palmas'), await id('Villas del Sol')];
  for (const [community, name] of [
    [palmas, 'Zona Scope Palmas'],
    [sol, 'Zona Scope Sol'],
  ] as const) {
    await db.query('INSERT INTO zones (community_id, name) VALUES ($1, $2)', [community, name]);
  }
});
afterAll(async () => {
  await drop?.();
});

describe("every query of community data filters by the session's community", () => {
  it("a select with no condition of its own answers only the scope's community's rows", async () => {
    const names = (
      await scopeOf(palmas).select<{ name: string }>({
        select: 'z.name',
        from: { table: 'zones', alias: 'z' },
        orderBy: 'z.name',
      })
    ).map((z) => z.name);
    expect(names).toEqual(await zonesOf(palmas));
    expect(names).toContain('Zona Scope Palmas');
    expect(names).not.toContain('Zona Scope Sol');
  });

  it("the caller's own conditions and parameters keep their numbers; the community is added after them", async () => {
    const { uuid } = await zoneOf(sol, 'Zona Scope Sol');
    const where = ['z.uuid = $1'];
    expect(
      await scopeOf(sol).first({ select: 'z.name', from: { table: 'zones', alias: 'z' }, where, params: [uuid] }),
    ).toEqual({ name: 'Zona Scope Sol' });
    expect(
      await scopeOf(palmas).first({ select: 'z.name', from: { table: 'zones', alias: 'z' }, where, params: [uuid] }),
    ).toBeUndefined();
  });

  it("a condition of the caller's with an OR cannot reach around the community's", async () => {
    const { uuid } = await zoneOf(sol, 'Zona Scope Sol');
    const zones = { table: 'zones', alias: 'z' } as const;
    const where = ['z.uuid = $1 OR z.name = $2'];
    expect(
      await scopeOf(palmas).select({ select: 'z.name', from: zones, where, params: [uuid, 'Zona Scope Sol'] }),
    ).toEqual([]);
    const page = await scopeOf(palmas).page(
      { select: 'z.name', from: zones, where, params: [uuid, 'Zona Scope Sol'], searchColumns: [], orderBy: 'z.name' },
      { page: 0, size: 10, search: '' },
    );
    expect(page.totalElements).toBe(0);
  });

  it("a page counts and searches the scope's community only", async () => {
    const page = await scopeOf(palmas).page(
      { select: 'z.name', from: { table: 'zones', alias: 'z' }, searchColumns: ['z.name'], orderBy: 'z.name' },
      { page: 0, size: 100, search: 'zona scope' },
    );
    expect(page).toMatchObject({ content: [{ name: 'Zona Scope Palmas' }], totalElements: 1 });
  });

  it('a row of another community is not there: get, update and delete answer nothing and change nothing', async () => {
    const foreign = await zoneOf(sol, 'Zona Scope Sol');
    const palmasScope = scopeOf(palmas);
    expect(await palmasScope.idOf('zones', { uuid: foreign.uuid })).toBeUndefined();
    expect(await palmasScope.update('zones', { uuid: foreign.uuid }, { name: 'Robada' })).toBeUndefined();
    expect(await palmasScope.update('zones', { id: foreign.id }, { name: 'Robada' })).toBeUndefined();
    expect(await palmasScope.delete('zones', { id: foreign.id })).toBeUndefined();
    expect(await zonesOf(sol)).toContain('Zona Scope Sol');
    expect(await zonesOf(sol)).not.toContain('Robada');
  });

  it("an insert writes the scope's community, and the scope refuses a community column from its caller", async () => {
    const id = await scopeOf(sol).insert('zones', { name: 'Zona Insertada Sol' });
    expect(
      (await db.one<{ community_id: number }>('SELECT community_id FROM zones WHERE id = $1', [id]))!.community_id,
    ).toBe(sol);
    await expect(scopeOf(sol).insert('zones', { name: 'Otra', community_id: palmas })).rejects.toThrow(/community_id/);
    await expect(scopeOf(sol).update('zones', { id }, { 'name = 1; --': 'x' })).rejects.toThrow(/column/);
  });

  it("an update may set an expression written in code, still only on the scope's rows", async () => {
    const own = await zoneOf(palmas, 'Zona Scope Palmas');
    const foreign = await zoneOf(sol, 'Zona Scope Sol');
    const shout = new SqlValue('upper(name)');
    expect(await scopeOf(palmas).update('zones', { id: own.id }, { name: shout })).toBe(own.id);
    expect(await scopeOf(palmas).update('zones', { id: foreign.id }, { name: shout })).toBeUndefined();
    expect(await zonesOf(palmas)).toContain('ZONA SCOPE PALMAS');
    expect(await zonesOf(sol)).toContain('Zona Scope Sol');
    await scopeOf(palmas).update('zones', { id: own.id }, { name: 'Zona Scope Palmas' });
  });

  it("a grouped summary counts the scope's community's rows only", async () => {
    const counted = await scopeOf(sol).first<{ n: number }>({
      select: 'count(*)::int AS n, z.community_id',
      from: { table: 'zones', alias: 'z' },
      groupBy: 'z.community_id',
    });
    expect(counted!.n).toBe((await zonesOf(sol)).length);
  });

  it("a membership is added and removed in the scope's community only", async () => {
    const user = (await db.one<{ id: number }>(
      "INSERT INTO users (email, first_name, last_name, user_type_id, status) VALUES ('scope@porton.test', 'Ana', 'Scope', 15, 'PENDING') RETURNING id",
    ))!.id;
    const memberships = async () =>
      (
        await db.query<{ community_id: number }>(
          'SELECT community_id FROM user_communities WHERE user_id = $1 ORDER BY community_id',
          [user],
        )
      ).map((m) => m.community_id);
    await scopeOf(palmas).insertRow('user_communities', { user_id: user });
    await db.query('INSERT INTO user_communities (user_id, community_id) VALUES ($1, $2)', [user, sol]);
    await expect(scopeOf(palmas).insertRow('user_communities', { user_id: user })).rejects.toThrow();
    await scopeOf(palmas).insertRow('user_communities', { user_id: user }, { ifAbsent: true });
    expect(await memberships()).toEqual([palmas, sol].sort((x, y) => x - y));
    expect(await scopeOf(palmas).deleteWhere('user_communities', ['user_id = $1'], [user])).toBe(1);
    expect(await memberships()).toEqual([sol]);
    await expect(scopeOf(palmas).deleteWhere('user_communities', [], [])).rejects.toThrow(/condition/);
  });

  it("a referenced id of another community answers 404 with the caller's message", async () => {
    const own = await zoneOf(palmas, 'Zona Scope Palmas');
    const foreign = await zoneOf(sol, 'Zona Scope Sol');
    await expect(
      scopeOf(palmas).assertIds('zones', [own.id, own.id], 'La zona seleccionada no existe.'),
    ).resolves.toBeUndefined();
    const refused = await scopeOf(palmas)
      .assertIds('zones', [own.id, foreign.id], 'La zona seleccionada no existe.')
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: 'not_found', message: 'La zona seleccionada no existe.' });
  });

  it('a transaction keeps the scope, and a thrown error rolls back what it wrote', async () => {
    await expect(
      scopeOf(palmas).tx(async (scope) => {
        expect(scope).toBeInstanceOf(CommunityScope);
        expect(scope.communityId).toBe(palmas);
        await scope.insert('zones', { name: 'Zona Deshecha' });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await zonesOf(palmas)).not.toContain('Zona Deshecha');
  });

  it('a write is read back in its own statement, with its joins; an update only of a row that also meets its conditions', async () => {
    const read = {
      select: 'z.name, c.name AS community',
      alias: 'z',
      joins: 'JOIN communities c ON c.id = z.community_id',
    };
    const row = await scopeOf(sol).insertAndRead<{ name: string; community: string }>(
      'zones',
      { name: 'Zona Leída' },
      read,
    );
    expect(row).toEqual({ name: 'Zona Leída', community: 'Villas del Sol' });
    const { id } = await zoneOf(sol, 'Zona Leída');
    expect(await scopeOf(palmas).updateAndRead('zones', { id }, { name: 'Robada' }, read)).toBeUndefined();
    expect(
      await scopeOf(sol).updateAndRead('zones', { id }, { name: 'Nunca' }, read, ["name = 'Otra'"]),
    ).toBeUndefined();
    expect(
      await scopeOf(sol).updateAndRead('zones', { id }, { name: new SqlValue("name || ' Dos'") }, read, [
        "name = 'Zona Leída'",
      ]),
    ).toEqual({ name: 'Zona Leída Dos', community: 'Villas del Sol' });
    expect(await zonesOf(palmas)).not.toContain('Robada');
  });

  it('a community named otherwise than by the session is bound explicitly; over a transaction it stays in it', async () => {
    expect(communityScopeOf(db, sol).communityId).toBe(sol);
    expect(
      await communityScopeOf(db, sol).idOf('zones', { uuid: (await zoneOf(palmas, 'Zona Scope Palmas')).uuid }),
    ).toBeUndefined();
    await expect(
      db.tx(async (q) => {
        await communityScopeOf(q, palmas).tx((scope) => scope.insert('zones', { name: 'Zona Deshecha Dos' }));
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await zonesOf(palmas)).not.toContain('Zona Deshecha Dos');
  });

  it("a session without an active community gets no scope: 404 'No tienes un fraccionamiento activo.'", () => {
    expect(() => scopeOf(null)).toThrow('No tienes un fraccionamiento activo.');
  });
});
