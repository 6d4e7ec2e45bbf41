import { imageSize } from 'image-size';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoCatalogues } from '../../../src/server/catalogues/seed-catalogues.js';
import { countRows, signInActors, type Actors } from '../../support/catalogue-actors.js';
import { areaUuid, inHours, pngBase64, residentUuid, upload } from '../../support/massive-events/event-fixtures.js';
import { testApp, type TestApp } from '../../support/test-app.js';

let t: TestApp;
let a: Actors;
beforeAll(async () => {
  t = await testApp();
  await seedDemoCatalogues(t.db);
  a = await signInActors(t);
});
afterAll(async () => {
  await t?.close();
});

const COVER = pngBase64(700, 300);
const HOST = pngBase64(100, 100, [20, 120, 200]);

async function eventWithGuest(title = 'Fiesta con diseño') {
  const res = await a.admin.post('/api/massiveEvents', {
    title,
    startDate: inHours(72),
    commonArea: { uuid: await areaUuid(t, 'Residencial Las Palmas', 'Alberca') },
    resident: { uuid: await residentUuid(t, 'Lucía') },
  });
  const uuid = res.json() as string;
  await a.admin.post('/api/massiveEventGuests/', { massiveEvent: { uuid }, firstName: 'Ana', lastName: 'Luna' });
  return uuid;
}
const read = async (uuid: string) => (await a.admin.get(`/api/massiveEvents/${uuid}`)).json();
/** A link's path without its signature, as a caller with a session of its own asks for it. */
const bare = (url: string) => url.split('?')[0]!;

describe('PUT api/massiveEvents/{id}/configure', () => {
  it('saves colours and the PNG cover (700x300) and host (100x100); the event is finished (Próximo); the images are served to readers only', async () => {
    const uuid = await eventWithGuest();
    const res = await a.admin.put(`/api/massiveEvents/${uuid}/configure`, {
      backgroundColor: 'FDF2E9',
      foregroundColor: '333333',
      backgroundImage: upload(COVER, 'portada.png'),
      profile: upload(HOST),
    });
    expect(res.statusCode).toBe(200);
    const event = res.json();
    expect(event).toMatchObject({ status: 'Próximo', backgroundColor: 'fdf2e9', foregroundColor: '333333' });
    // With a session, a reader reaches the image by its path (the answer's link is the administrator's own).
    const image = await a.guard.get(bare(event.backgroundImage.publicUrl));
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    // Stored re-encoded: the same picture, not the uploaded bytes.
    expect(imageSize(image.rawPayload)).toMatchObject({ type: 'png', width: 700, height: 300 });
    expect(imageSize((await a.capturista.get(bare(event.profile.publicUrl))).rawPayload)).toMatchObject({
      type: 'png',
      width: 100,
      height: 100,
    });
    expect((await a.admin2.get(event.profile.publicUrl)).statusCode).toBe(404);
    expect((await a.resident.get(event.profile.publicUrl)).statusCode).toBe(404);
    expect((await a.admin2.get(bare(event.profile.publicUrl))).statusCode).toBe(404);
    expect((await a.resident.get(bare(event.profile.publicUrl))).statusCode).toBe(404);
  });

  it('every answer that carries the event (configure, update, cancel, restore, read) names its images by signed links an <img> loads without a header', async () => {
    const uuid = await eventWithGuest('Fiesta de enlaces');
    const loadsWithoutHeader = async (event: {
      backgroundImage: { publicUrl: string };
      profile: { publicUrl: string };
    }) => {
      for (const image of [event.backgroundImage, event.profile]) {
        expect(image.publicUrl).toMatch(/\?exp=\d+&u=[0-9a-f-]+&sig=/);
        const res = await t.app.inject({ method: 'GET', url: image.publicUrl });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('image/png');
      }
    };
    const configured = await a.admin.put(`/api/massiveEvents/${uuid}/configure`, {
      backgroundImage: upload(COVER),
      profile: upload(HOST),
    });
    expect(configured.statusCode).toBe(200);
    await loadsWithoutHeader(configured.json());
    const original = await read(uuid);
    await loadsWithoutHeader(original);
    const updated = await a.admin.put(`/api/massiveEvents/${uuid}`, {
      title: 'Fiesta de enlaces (cambiada)',
      startDate: original.startDate,
      commonArea: original.commonArea && { uuid: original.commonArea.uuid },
      resident: { uuid: original.resident.uuid },
    });
    expect(updated.statusCode).toBe(200);
    await loadsWithoutHeader(updated.json());
    const restored = await a.admin.put(`/api/massiveEvents/${uuid}/restore`, {
      title: original.title,
      additionalInformation: original.additionalInformation,
      startDate: original.startDate,
      commonArea: original.commonArea && { uuid: original.commonArea.uuid },
      resident: { uuid: original.resident.uuid },
      guests: original.massiveEventGuests.map(
        ({ uuid: u, firstName, lastName, phone, email }: Record<string, string>) => ({
          uuid: u,
          firstName,
          lastName,
          phone,
          email,
        }),
      ),
    });
    expect(restored.statusCode).toBe(200);
    await loadsWithoutHeader(restored.json());
    const cancelled = await a.admin.put(`/api/massiveEvents/${uuid}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().status).toBe('Cancelado');
    await loadsWithoutHeader(cancelled.json());
  });

  it("a resident's signed link is re-checked when served: once the event is another resident's, it opens nothing; staff links still load", async () => {
    const uuid = await eventWithGuest('Cumpleaños de Rosa');
    const event = await read(uuid);
    const forRosa = await a.admin.put(`/api/massiveEvents/${uuid}`, {
      title: event.title,
      startDate: event.startDate,
      commonArea: event.commonArea && { uuid: event.commonArea.uuid },
      resident: { uuid: await residentUuid(t, 'Rosa') },
    });
    expect(forRosa.statusCode).toBe(200);
    await a.admin.put(`/api/massiveEvents/${uuid}/configure`, { backgroundImage: upload(COVER) });
    const rosasLink = (await a.resident.get(`/api/massiveEvents/${uuid}`)).json().backgroundImage.publicUrl;
    const guardsLink = (await a.guard.get(`/api/massiveEvents/${uuid}`)).json().backgroundImage.publicUrl;
    const loads = async (url: string) => (await t.app.inject({ method: 'GET', url })).statusCode;
    expect(await loads(rosasLink)).toBe(200);
    const now = await read(uuid);
    await a.admin.put(`/api/massiveEvents/${uuid}`, {
      title: now.title,
      startDate: now.startDate,
      commonArea: now.commonArea && { uuid: now.commonArea.uuid },
      resident: { uuid: await residentUuid(t, 'Lucía') },
    });
    expect((await a.resident.get(`/api/massiveEvents/${uuid}`)).statusCode).toBe(404);
    expect(await loads(rosasLink)).toBe(404);
    expect(await loads(guardsLink)).toBe(200);
  });

  it('also takes a 500x300 cover; colours left out are the defaults (stored as none); an image sent as { uuid } is kept', async () => {
    const uuid = await eventWithGuest();
    const first = (
      await a.admin.put(`/api/massiveEvents/${uuid}/configure`, {
        backgroundImage: upload(pngBase64(500, 300)),
        profile: upload(HOST),
      })
    ).json();
    expect(first).toMatchObject({ backgroundColor: null, foregroundColor: null });
    const again = await a.admin.put(`/api/massiveEvents/${uuid}/configure`, {
      backgroundImage: { uuid: first.backgroundImage.uuid },
      foregroundColor: '112233',
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().backgroundImage.uuid).toBe(first.backgroundImage.uuid);
    expect(again.json().profile).toBeNull();
    expect((await a.admin.get(first.profile.publicUrl)).statusCode).toBe(404);
  });

  it('refuses a text file named .png (415), a 10 MB or 3 MB cover (413), a cover or host of the wrong size (400), a colour with # (400): nothing changes', async () => {
    const uuid = await eventWithGuest();
    const files = await countRows(t, 'files');
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [
        { backgroundImage: upload(Buffer.from('no soy una imagen, solo texto').toString('base64'), 'falsa.png') },
        415,
        /PNG/,
      ],
      // 10 MB passes the request's body limit (12 MB) only as bytes, not as base64: refused before it is read.
      [{ backgroundImage: upload(Buffer.alloc(10 * 1024 * 1024, 1).toString('base64')) }, 413, /demasiado grande/],
      [{ backgroundImage: upload(Buffer.alloc(3 * 1024 * 1024, 1).toString('base64')) }, 413, /2 MB/],
      [{ backgroundImage: upload(pngBase64(600, 300)) }, 400, /700x300 o 500x300/],
      [{ profile: upload(pngBase64(120, 100)) }, 400, /100x100/],
      [{ profile: upload(COVER), backgroundImage: upload(COVER) }, 400, /100x100/],
      [{ backgroundColor: '#ffffff' }, 400, /6 dígitos/],
      [{ foregroundColor: 'zzzzzz' }, 400, /6 dígitos/],
      [{ profile: { uuid: '00000000-0000-4000-8000-000000000000' } }, 404, /no existe/],
    ];
    for (const [body, status, message] of cases) {
      const res = await a.admin.put(`/api/massiveEvents/${uuid}/configure`, body);
      expect(res.statusCode, JSON.stringify(Object.keys(body))).toBe(status);
      expect(res.json().error_description).toMatch(message);
    }
    expect(await read(uuid)).toMatchObject({
      status: 'Incompleto',
      backgroundImage: null,
      profile: null,
      backgroundColor: null,
    });
    expect(await countRows(t, 'files')).toBe(files);
  });

  it('an event without guests cannot be finished (409): step 2 needs at least one guest', async () => {
    const res = await a.admin.post('/api/massiveEvents', {
      title: 'Sin invitados',
      startDate: inHours(72),
      commonArea: null,
      resident: { uuid: await residentUuid(t, 'Lucía') },
    });
    const configured = await a.admin.put(`/api/massiveEvents/${res.json()}/configure`, {});
    expect(configured.statusCode).toBe(409);
    expect((await read(res.json())).status).toBe('Incompleto');
  });
});

describe('PUT api/massiveEvents/{id}/restore (discarding an edit restores the original exactly)', () => {
  it('after the title, a guest added, a guest changed and a guest deleted, the event and exactly its original guests are back', async () => {
    const uuid = await eventWithGuest('Título original');
    await a.admin.post('/api/massiveEventGuests/multiple', {
      massiveEvent: { uuid },
      guests: [
        { firstName: 'Beto', lastName: 'Sol', phone: '55', email: 'beto@correo.mx' },
        { firstName: 'Ceci', lastName: 'Mar' },
      ],
    });
    const original = await read(uuid);
    // the edit session
    await a.admin.put(`/api/massiveEvents/${uuid}`, {
      title: 'Título cambiado',
      startDate: inHours(96),
      commonArea: null,
      resident: { uuid: await residentUuid(t, 'Jorge') },
    });
    const [ana, beto, ceci] = original.massiveEventGuests;
    await a.admin.put(`/api/massiveEventGuests/${beto.uuid}`, { ...beto, firstName: 'Roberto' });
    await a.admin.del(`/api/massiveEventGuests/${ceci.uuid}`);
    await a.admin.post('/api/massiveEventGuests/', {
      massiveEvent: { uuid },
      firstName: 'Nuevo',
      lastName: 'Invitado',
    });
    const edited = await read(uuid);
    const res = await a.admin.put(`/api/massiveEvents/${uuid}/restore`, {
      title: original.title,
      additionalInformation: original.additionalInformation,
      startDate: original.startDate,
      commonArea: original.commonArea && { uuid: original.commonArea.uuid },
      resident: { uuid: original.resident.uuid },
      version: edited.version,
      guests: original.massiveEventGuests.map(
        ({ uuid: u, firstName, lastName, phone, email }: Record<string, string>) => ({
          uuid: u,
          firstName,
          lastName,
          phone,
          email,
        }),
      ),
    });
    expect(res.statusCode).toBe(200);
    const restored = await read(uuid);
    const strip = (e: { massiveEventGuests: { id: number; uuid: string }[]; version: number }) => ({
      ...e,
      version: 0,
      massiveEventGuests: e.massiveEventGuests.map(({ id: _, ...g }) => g),
    });
    const byUuid = (list: { uuid: string }[]) => [...list].sort((x, y) => x.uuid.localeCompare(y.uuid));
    expect({ ...strip(restored), massiveEventGuests: byUuid(strip(restored).massiveEventGuests) }).toEqual({
      ...strip(original),
      massiveEventGuests: byUuid(strip(original).massiveEventGuests),
    });
    expect(restored.massiveEventGuests.map((g: { uuid: string }) => g.uuid)).toContain(ana.uuid);
  });

  it('a guest uuid of another event is refused (409) and nothing changes', async () => {
    const one = await eventWithGuest('Uno');
    const two = await eventWithGuest('Dos');
    const other = (await read(two)).massiveEventGuests[0];
    const before = await read(one);
    const res = await a.admin.put(`/api/massiveEvents/${one}/restore`, {
      title: 'Robado',
      startDate: before.startDate,
      commonArea: null,
      resident: { uuid: before.resident.uuid },
      guests: [{ uuid: other.uuid, firstName: 'X', lastName: 'Y', phone: '', email: '' }],
    });
    expect(res.statusCode).toBe(409);
    expect(await read(one)).toEqual(before);
    expect((await read(two)).massiveEventGuests[0]).toEqual(other);
  });

  it('a guest uuid of another community answers 409 like one of another event, never 500, and changes nothing in either community', async () => {
    const mine = await eventWithGuest('Mío');
    const theirs = (
      await a.admin2.post('/api/massiveEvents', {
        title: 'De Villas',
        startDate: inHours(72),
        commonArea: { uuid: await areaUuid(t, 'Villas del Sol', 'Alberca') },
        resident: { uuid: await residentUuid(t, 'Daniel') },
      })
    ).json() as string;
    await a.admin2.post('/api/massiveEventGuests/', {
      massiveEvent: { uuid: theirs },
      firstName: 'Otra',
      lastName: 'Comunidad',
    });
    const foreign = (await a.admin2.get(`/api/massiveEvents/${theirs}`)).json().massiveEventGuests[0];
    const before = await read(mine);
    const res = await a.admin.put(`/api/massiveEvents/${mine}/restore`, {
      title: 'Robado',
      startDate: before.startDate,
      commonArea: null,
      resident: { uuid: before.resident.uuid },
      version: before.version,
      guests: [{ uuid: foreign.uuid, firstName: 'X', lastName: 'Y', phone: '', email: '' }],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error_description).toBe('Uno de los invitados a restaurar pertenece a otro evento.');
    expect(await read(mine)).toEqual(before);
    expect((await a.admin2.get(`/api/massiveEvents/${theirs}`)).json().massiveEventGuests[0]).toEqual(foreign);
  });
});
