import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoCatalogues } from '../../../src/server/catalogues/seed-catalogues.js';
import { signInActors, type Actors } from '../../support/catalogue-actors.js';
import { communityUuid } from '../../support/community-fixtures.js';
import { currentDates } from '../../support/content/content-dates.js';
import { inHours, residentUuid } from '../../support/massive-events/event-fixtures.js';
import { testApp, type TestApp } from '../../support/test-app.js';

/**
 * A child row deleted with its parent (the database's cascade: an event's guests, a notice's
 * audience) is recorded with the parent's community, so a community's trail, and the general
 * administrator's filter by community, show it.
 */

let t: TestApp;
let a: Actors;
let palmas: string;
beforeAll(async () => {
  t = await testApp();
  await seedDemoCatalogues(t.db);
  a = await signInActors(t);
  palmas = await communityUuid(t, 'Residencial Las Palmas');
});
afterAll(async () => {
  await t?.close();
});

interface Event {
  action: string;
  recordUuid: string | null;
  community: { uuid: string; name: string } | null;
}
const trail = async (who: Actors[keyof Actors], query: string) => {
  const res = await who.get(`/api/audit?size=100&${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { content: Event[] }).content;
};

describe('cascaded deletes on the trail', () => {
  it("deleting an event deletes its guests; each guest's deletion is on the trail of the event's community", async () => {
    const uuid = (
      await a.admin.post('/api/massiveEvents', {
        title: 'Evento que se borra',
        startDate: inHours(72),
        commonArea: null,
        resident: { uuid: await residentUuid(t, 'Lucía') },
      })
    ).json() as string;
    const guests = (
      await a.admin.post('/api/massiveEventGuests/multiple', {
        massiveEvent: { uuid },
        guests: [
          { firstName: 'Ana', lastName: 'Luna' },
          { firstName: 'Beto', lastName: 'Sol' },
        ],
      })
    ).json() as { uuid: string }[];
    expect(guests).toHaveLength(2);
    expect((await a.admin.del(`/api/massiveEvents/${uuid}`)).statusCode).toBe(204);

    const mine = (await trail(a.admin, 'action=massiveEventGuest.delete')).filter((e) =>
      guests.some((g) => g.uuid === e.recordUuid),
    );
    expect(mine.map((e) => e.recordUuid).sort()).toEqual(guests.map((g) => g.uuid).sort());
    for (const event of mine) expect(event.community?.name).toBe('Residencial Las Palmas');

    // The general administrator's filter by that community finds them too.
    const filtered = await trail(a.generalAdmin, `community=${palmas}&action=massiveEventGuest.delete`);
    expect(filtered.filter((e) => guests.some((g) => g.uuid === e.recordUuid))).toHaveLength(2);

    // Stored with the community, not only shown with it.
    const stored = await t.db.query<{ community_id: number | null }>(
      `SELECT community_id FROM audit_events WHERE action = 'massiveEventGuest.delete' AND record_uuid = ANY($1::uuid[])`,
      [guests.map((g) => g.uuid)],
    );
    expect(stored).toHaveLength(2);
    const community = await t.db.one<{ id: number }>('SELECT id FROM communities WHERE uuid = $1', [palmas]);
    for (const row of stored) expect(row.community_id).toBe(community!.id);
  });

  it("deleting a segmented notice deletes its audience; the audience's deletion is on the trail of the notice's community", async () => {
    const zone = await t.db.one<{ id: number }>("SELECT id FROM zones WHERE name = 'Zona Norte'");
    const created = await a.admin.post('/api/notices', {
      title: 'Aviso que se borra',
      description: 'Para la Zona Norte.',
      contactName: 'Administración',
      contactPhone: '5512345678',
      contactEmail: 'admin@porton.mx',
      contactLink: '',
      segmented: true,
      zones: [{ idZone: zone!.id }],
      streets: null,
      residents: null,
      ...currentDates(),
    });
    expect(created.statusCode, created.body).toBe(201);
    const before = (await trail(a.admin, 'action=noticeAudience.delete')).length;
    expect((await a.admin.del(`/api/notices/${created.json().uuid}`)).statusCode).toBe(204);

    const after = await trail(a.admin, 'action=noticeAudience.delete');
    expect(after.length).toBe(before + 1);
    expect(after[0]!.community?.name).toBe('Residencial Las Palmas');
    const nowhere = await t.db.one<{ n: number }>(
      "SELECT count(*)::int AS n FROM audit_events WHERE action LIKE '%.delete' AND record_table IN ('notice_zones', 'massive_event_guests') AND community_id IS NULL",
    );
    expect(nowhere!.n).toBe(0);
  });
});
