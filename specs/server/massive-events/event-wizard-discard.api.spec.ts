/**
 * The wizard's discard against the real API: the `eventWizard` machine
 * with its real actors (the web's API client, routed into the test server), driven as a person
 * would. Oracles from the rules: after a discard in edit mode the server holds the original title
 * and exactly the original guests; a discarded new event is gone; 'Guardar y salir' keeps it.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { seedDemoCatalogues } from '../../../src/server/catalogues/seed-catalogues.js';
import { RESIDENT_HOME } from '../../../src/shared/massive-events/massive-event.schema.js';
import { wizardLogic } from '../../../src/web/views/massive-events/event-wizard-actors.js';
import { signInActors, type Actors } from '../../support/catalogue-actors.js';
import { inHours, pngBase64, residentUuid, upload } from '../../support/massive-events/event-fixtures.js';
import { testApp, type TestApp } from '../../support/test-app.js';

let t: TestApp;
let a: Actors;
// The files of a worker share its globals: what this file replaces is put back after it.
const realFetch = globalThis.fetch;

beforeAll(async () => {
  t = await testApp();
  await seedDemoCatalogues(t.db);
  a = await signInActors(t);
  // The web client reads its token from local storage and calls relative paths: both routed to the test server.
  const store = new Map<string, string>();
  (globalThis as { localStorage?: unknown }).localStorage = {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => {
      store.set(k, v);
    },
    removeItem: (k: string) => {
      store.delete(k);
    },
    clear: () => store.clear(),
  };
  globalThis.fetch = (async (path: string, init: RequestInit = {}) => {
    const res = await t.app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url: path,
      headers: init.headers as Record<string, string>,
      ...(init.body ? { payload: init.body as string } : {}),
    });
    return new Response(res.statusCode === 204 ? null : new Uint8Array(res.rawPayload), {
      status: res.statusCode,
      headers: res.headers as Record<string, string>,
    });
  }) as typeof fetch;
});
afterAll(async () => {
  globalThis.fetch = realFetch;
  delete (globalThis as { localStorage?: unknown }).localStorage;
  await t?.close();
});

const read = async (uuid: string) => (await a.admin.get(`/api/massiveEvents/${uuid}`)).json();
const guestsOf = (event: {
  massiveEventGuests: { uuid: string; firstName: string; lastName: string; phone: string; email: string }[];
}) =>
  event.massiveEventGuests
    .map(({ uuid, firstName, lastName, phone, email }) => ({ uuid, firstName, lastName, phone, email }))
    .sort((x, y) => x.uuid.localeCompare(y.uuid));

function start(tokenParam: string | null) {
  const actor = createActor(wizardLogic(), { input: { token: tokenParam, role: 'admin', saved: null } });
  actor.start();
  return actor;
}
const reach = (actor: ReturnType<typeof start>, state: string) =>
  waitFor(actor, (s) => s.matches(state as never) || s.status === 'done', { timeout: 10_000 });

describe('eventWizard against the API', () => {
  beforeEach(async () => {
    localStorage.setItem('porton.token', await t.signIn('administrador@porton.mx'));
  });

  it('after discard in edit mode the server holds the original title and exactly the original guests', async () => {
    // An event with three guests, as the list would open it in the wizard.
    const uuid = (
      await a.admin.post('/api/massiveEvents', {
        title: 'Posada de la calle',
        startDate: inHours(96),
        commonArea: null,
        resident: { uuid: await residentUuid(t, 'Lucía') },
      })
    ).json() as string;
    await a.admin.post('/api/massiveEventGuests/multiple', {
      massiveEvent: { uuid },
      guests: [
        { firstName: 'Ana', lastName: 'Luna' },
        { firstName: 'Bruno', lastName: 'Sol', phone: '5511' },
        { firstName: 'Carla', lastName: 'Mar', email: 'carla@correo.mx' },
      ],
    });
    const original = await read(uuid);

    const w = start(uuid);
    await reach(w, 'step1');
    w.send({ type: 'field.change', name: 'title', value: 'Título cambiado' });
    w.send({ type: 'next' });
    await reach(w, 'step2');
    expect((await read(uuid)).title).toBe('Título cambiado');
    // A guest edited, one removed, one added: all saved with Siguiente.
    w.send({ type: 'guest.edit', index: 0 });
    w.send({ type: 'guest.change', name: 'firstName', value: 'Anita' });
    w.send({ type: 'guest.submit' });
    w.send({ type: 'guest.remove', index: 1 });
    w.send({ type: 'guest.change', name: 'firstName', value: 'Diego' });
    w.send({ type: 'guest.change', name: 'lastName', value: 'Río' });
    w.send({ type: 'guest.submit' });
    w.send({ type: 'next' });
    await reach(w, 'step3');
    expect(
      guestsOf(await read(uuid))
        .map((g) => g.firstName)
        .sort(),
    ).toEqual(['Anita', 'Carla', 'Diego']);

    w.send({ type: 'leave.request' });
    expect(w.getSnapshot().matches('confirmingLeave')).toBe(true);
    w.send({ type: 'leave.confirm' });
    await reach(w, 'left');
    const after = await read(uuid);
    expect(after.title).toBe(original.title);
    expect(after.additionalInformation).toBe(original.additionalInformation);
    expect(after.startDate).toBe(original.startDate);
    expect(guestsOf(after)).toEqual(guestsOf(original));
  });

  it('a discarded new event is deleted; Guardar y salir keeps what was saved', async () => {
    const values = {
      title: 'Boda en la alberca',
      place: RESIDENT_HOME,
      resident: await residentUuid(t, 'Lucía'),
      date: inHours(120).slice(0, 10),
      time: '18:30',
    };
    const fill = (w: ReturnType<typeof start>) => {
      for (const [name, value] of Object.entries(values)) w.send({ type: 'field.change', name, value });
    };
    const count = async () =>
      ((await a.admin.get('/api/massiveEvents/')).json() as [{ title: string }, number][]).filter(
        ([e]) => e.title === values.title,
      ).length;

    const w = start(null);
    await reach(w, 'step1');
    expect(w.getSnapshot().context.active).toBe(false);
    fill(w);
    w.send({ type: 'next' });
    await reach(w, 'step2');
    expect(await count()).toBe(1);
    w.send({ type: 'next' });
    expect(w.getSnapshot().matches('noGuests')).toBe(true);
    w.send({ type: 'dialog.close' });
    w.send({ type: 'leave.request', to: '/residents' });
    w.send({ type: 'leave.confirm' });
    await reach(w, 'left');
    expect(await count()).toBe(0);
    expect(w.getSnapshot().context.leaveTo).toBe('/residents');

    const kept = start(null);
    await reach(kept, 'step1');
    fill(kept);
    kept.send({ type: 'next' });
    await reach(kept, 'step2');
    kept.send({ type: 'guest.change', name: 'firstName', value: 'Eva' });
    kept.send({ type: 'guest.change', name: 'lastName', value: 'Paz' });
    kept.send({ type: 'guest.submit' });
    kept.send({ type: 'saveExit' });
    await reach(kept, 'left');
    const [[event, guests]] = (
      (await a.admin.get('/api/massiveEvents/')).json() as [{ title: string; status: string }, number][]
    ).filter(([e]) => e.title === values.title);
    expect(event!.status).toBe('Incompleto');
    expect(guests).toBe(1);
  });

  it('editing a designed event: step 3 previews the stored cover and host images, and Finalizar keeps them (sent back by uuid)', async () => {
    const uuid = (
      await a.admin.post('/api/massiveEvents', {
        title: 'Aniversario diseñado',
        startDate: inHours(100),
        commonArea: null,
        resident: { uuid: await residentUuid(t, 'Lucía') },
      })
    ).json() as string;
    await a.admin.post('/api/massiveEventGuests/', { massiveEvent: { uuid }, firstName: 'Ana', lastName: 'Luna' });
    const designed = (
      await a.admin.put(`/api/massiveEvents/${uuid}/configure`, {
        backgroundImage: upload(pngBase64(700, 300)),
        profile: upload(pngBase64(100, 100)),
        backgroundColor: '112233',
      })
    ).json();

    const w = start(uuid);
    await reach(w, 'step1');
    const design = w.getSnapshot().context.design;
    // The previews are the stored files' signed links, loaded as an <img> loads them (no Bearer header): the very bytes the server holds.
    for (const slot of ['backgroundImage', 'profile'] as const) {
      expect(design[slot]?.uuid).toBe(designed[slot].uuid);
      const preview = design[slot]!.preview!;
      expect(preview).toContain('sig=');
      const viaLink = await t.app.inject({ method: 'GET', url: preview.replace(/^https?:\/\/[^/]+/, '') });
      expect(viaLink.statusCode).toBe(200);
      const stored = await a.admin.get(designed[slot].publicUrl);
      expect(viaLink.rawPayload.equals(stored.rawPayload)).toBe(true);
      // The link is its user's: with another community's session it answers 404, as its bare path does.
      expect((await a.admin2.get(preview.replace(/^https?:\/\/[^/]+/, ''))).statusCode).toBe(404);
      expect((await a.admin2.get(designed[slot].publicUrl)).statusCode).toBe(404);
    }
    w.send({ type: 'next' });
    await reach(w, 'step2');
    w.send({ type: 'next' });
    await reach(w, 'step3');
    w.send({ type: 'finish' });
    await reach(w, 'finished');
    const after = await read(uuid);
    expect(after.backgroundImage.uuid).toBe(designed.backgroundImage.uuid);
    expect(after.profile.uuid).toBe(designed.profile.uuid);
    expect(after.backgroundColor).toBe('112233');
  });
});
