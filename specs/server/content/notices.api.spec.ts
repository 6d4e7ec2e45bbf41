import { imageSize } from 'image-size';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NoticeAnswer } from '../../../src/shared/content/content.answer.js';
import { storageFor } from '../../../src/server/platform/services/storage.js';
import { countRows, signInActors, type Actors } from '../../support/catalogue-actors.js';
import { JPEG_BASE64, PNG_BASE64 } from '../../support/community-fixtures.js';
import { ContentMessages } from '../../../src/shared/content/content.schema.js';
import { communityNow, currentDates, FUTURE, makeEnded } from '../../support/content/content-dates.js';
import { testApp, type TestApp } from '../../support/test-app.js';

let t: TestApp;
let a: Actors;
beforeAll(async () => {
  t = await testApp();
  a = await signInActors(t);
});
afterAll(async () => {
  if (!t) return;
  const storage = storageFor(t.app.deps.config);
  for (const { storage_key } of await t.db.query<{ storage_key: string }>('SELECT storage_key FROM files'))
    await storage.remove(storage_key);
  await t.close();
});

/** "Current" started minutes ago and ends in 2099; "not started yet" is in 2098: true whatever day the suite runs. */
const CURRENT = currentDates();

const id = async (sql: string, name: string) => (await t.db.one<{ id: number }>(sql, [name]))!.id;
const zone = (name: string) => id('SELECT id FROM zones WHERE name = $1', name);
const street = (name: string) => id('SELECT id FROM streets WHERE name = $1', name);
const resident = (first: string) =>
  id('SELECT id FROM residents WHERE first_name = $1 AND deleted_at IS NULL ORDER BY id LIMIT 1', first);
const image = (content: string, name = 'foto.png', mimeType = 'image/png') => ({
  uuid: null,
  name,
  extension: name.split('.').pop(),
  mimeType,
  content,
});

const notice = (overrides: Record<string, unknown> = {}) => ({
  title: 'Corte de agua',
  description: 'Mañana no habrá agua de 9 a 14 h.',
  contactName: 'Administración',
  contactPhone: '5512345678',
  contactEmail: 'admin@porton.mx',
  contactLink: '',
  segmented: false,
  zones: null,
  streets: null,
  residents: null,
  idZone: '',
  idStreet: '',
  idResident: '',
  ...CURRENT,
  ...overrides,
});
/** As the web sends a segmented notice on create: the single ids and the one-item lists. */
const segmentedTo = async (z: string, s: string, r: string) => {
  const [idZone, idStreet, idResident] = [await zone(z), await street(s), await resident(r)];
  return {
    segmented: true,
    idZone,
    idStreet,
    idResident,
    zones: [{ idZone }],
    streets: [{ idStreet }],
    residents: [{ idResident }],
  };
};
const titles = async (who: ReturnType<TestApp['as']>, query = '') =>
  ((await who.get(`/api/notices?page=0&${query}`)).json().content as NoticeAnswer[]).map((n) => n.title);

describe('POST api/notices', () => {
  it('creates a notice for the whole community (201): segmented false answers null lists', async () => {
    const res = await a.admin.post('/api/notices', notice());
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      title: 'Corte de agua',
      contactLink: null,
      segmented: false,
      zones: null,
      streets: null,
      residents: null,
      file: null,
      fileId: null,
      ...CURRENT,
    });
  });

  it('creates a segmented notice as the capturista: the zone, street and resident are answered by name', async () => {
    const res = await a.capturista.post(
      '/api/notices',
      notice({ title: 'Poda en Calle Roble', ...(await segmentedTo('Zona Norte', 'Calle Roble', 'Rosa')) }),
    );
    expect(res.statusCode).toBe(201);
    const created: NoticeAnswer = res.json();
    expect(created.segmented).toBe(true);
    expect(created.zones!.map((z) => z.name)).toEqual(['Zona Norte']);
    expect(created.streets!.map((s) => s.name)).toEqual(['Calle Roble']);
    expect(created.residents!.map((r) => `${r.firstName} ${r.lastName}`)).toEqual(['Rosa Martínez Cruz']);
  });

  it('refuses guards and residents (403)', async () => {
    for (const who of [a.guard, a.resident]) expect((await who.post('/api/notices', notice())).statusCode).toBe(403);
  });

  it('answers 404 for a zone, street or resident of another community, and creates nothing', async () => {
    const n = await countRows(t, 'content_posts');
    const [otherZone, otherStreet, otherResident] = [
      await zone('Etapa 1'),
      await street('Calle Girasol'),
      await resident('Sofía'),
    ];
    for (const segments of [
      { segmented: true, zones: [{ idZone: otherZone }] },
      { segmented: true, streets: [{ idStreet: otherStreet }] },
      { segmented: true, residents: [{ idResident: otherResident }] },
      { ...(await segmentedTo('Zona Norte', 'Calle Roble', 'Rosa')), idResident: otherResident },
    ]) {
      const res = await a.admin.post('/api/notices', notice(segments));
      expect(res.statusCode, JSON.stringify(segments)).toBe(404);
    }
    expect(await countRows(t, 'content_posts')).toBe(n);
  });

  it('refuses a street outside the chosen zone, a resident outside the chosen street, and a segmented notice without segments (400)', async () => {
    const n = await countRows(t, 'content_posts');
    const bad = [
      await segmentedTo('Zona Sur', 'Calle Roble', 'Rosa'),
      await segmentedTo('Zona Norte', 'Calle Roble', 'Lucía'),
      { segmented: true },
      { segmented: false, zones: [{ idZone: await zone('Zona Norte') }] },
    ];
    for (const segments of bad) {
      const res = await a.admin.post('/api/notices', notice(segments));
      expect(res.statusCode, JSON.stringify(segments)).toBe(400);
      expect(res.json().error_description).toMatch(/[áéíóúñ]|zona|calle|residente/i);
    }
    expect(await countRows(t, 'content_posts')).toBe(n);
  });
});

describe('Bad input: dates, lengths, images', () => {
  it('refuses an end before the start and dates that are not strict YYYY-MM-DDTHH:mm:ss (400), creating nothing', async () => {
    const n = await countRows(t, 'content_posts');
    const cases: [Record<string, unknown>, string][] = [
      [{ startDate: '2026-05-02T10:00:00', endDate: '2026-05-01T10:00:00' }, 'endDate'],
      [{ startDate: '2026-13-01T10:00:00' }, 'startDate'],
      [{ startDate: '2026-02-30T10:00:00' }, 'startDate'],
      [{ endDate: '2026-02-30T10:00:00' }, 'endDate'],
      [{ startDate: '2026-02-28T10:00' }, 'startDate'],
      [{ startDate: '2026-02-28 10:00:00' }, 'startDate'],
      [{ startDate: '' }, 'startDate'],
    ];
    for (const [dates, field] of cases) {
      const res = await a.admin.post('/api/notices', notice(dates));
      expect(res.statusCode, JSON.stringify(dates)).toBe(400);
      expect(res.json().fields[field], JSON.stringify(dates)).toBeTruthy();
    }
    expect(
      (
        await a.admin.post('/api/notices', notice({ startDate: '2030-05-01T10:00:00', endDate: '2030-05-02T10:00:00' }))
      ).json().fields?.endDate,
    ).toBeUndefined();
    const same = await a.admin.post(
      '/api/notices',
      notice({ title: 'Mismo instante', startDate: '2030-01-01T10:00:00', endDate: '2030-01-01T10:00:00' }),
    );
    expect(same.statusCode).toBe(201);
    expect(await countRows(t, 'content_posts')).toBe(n + 2);
  });

  it('refuses a start in the past on create (the start minimum is now), and on edit a start before the stored one', async () => {
    const n = await countRows(t, 'content_posts');
    const past = await a.admin.post(
      '/api/notices',
      notice({ startDate: communityNow(-60 * 24), endDate: '2099-01-01T00:00:00' }),
    );
    expect(past.statusCode).toBe(400);
    expect(past.json().fields.startDate).toBe(ContentMessages.startInPast);
    expect(await countRows(t, 'content_posts')).toBe(n);
    const created: NoticeAnswer = (await a.admin.post('/api/notices', notice({ title: 'Ya empezó' }))).json();
    await makeEnded(t, created.uuid, { startDate: '2025-01-01T08:00:00', endDate: '2099-01-01T00:00:00' });
    const kept = await a.admin.put(
      `/api/notices/${created.uuid}`,
      notice({ title: 'Ya empezó (editado)', startDate: '2025-01-01T08:00:00', endDate: '2099-01-01T00:00:00' }),
    );
    expect(kept.statusCode).toBe(200);
    const earlier = await a.admin.put(
      `/api/notices/${created.uuid}`,
      notice({ startDate: '2024-12-31T08:00:00', endDate: '2099-01-01T00:00:00' }),
    );
    expect(earlier.statusCode).toBe(400);
    expect(earlier.json().fields.startDate).toBe(ContentMessages.startInPast);
    expect((await a.admin.get(`/api/notices/${created.uuid}`)).json()).toMatchObject({
      title: 'Ya empezó (editado)',
      startDate: '2025-01-01T08:00:00',
    });
  });

  it('holds title to 3–300, description to 1,500 and contact fields to 3–300 characters (400 with the field)', async () => {
    const n = await countRows(t, 'content_posts');
    const cases: [Record<string, unknown>, string][] = [
      [{ title: 'Ab' }, 'title'],
      [{ title: 'x'.repeat(301) }, 'title'],
      [{ title: '   ' }, 'title'],
      [{ description: 'd'.repeat(1501) }, 'description'],
      [{ description: '' }, 'description'],
      [{ contactName: 'Al' }, 'contactName'],
      [{ contactPhone: '5'.repeat(301) }, 'contactPhone'],
      [{ contactEmail: 'ab' }, 'contactEmail'],
      [{ contactLink: 'x'.repeat(301) }, 'contactLink'],
    ];
    for (const [field, key] of cases) {
      const res = await a.admin.post('/api/notices', notice(field));
      expect(res.statusCode, key).toBe(400);
      expect(res.json().fields[key], key).toBeTruthy();
    }
    expect(await countRows(t, 'content_posts')).toBe(n);
    const edges = await a.admin.post(
      '/api/notices',
      notice({ title: 'x'.repeat(300), description: 'd'.repeat(1500), contactName: 'Ana' }),
    );
    expect(edges.statusCode).toBe(201);
  });

  it('stores a PNG or JPEG (decided by content) and serves it as file.publicUrl to the community', async () => {
    const res = await a.admin.post(
      '/api/notices',
      notice({ title: 'Con imagen', file: image(JPEG_BASE64, 'cartel.png', 'image/png') }),
    );
    expect(res.statusCode).toBe(201);
    const created: NoticeAnswer = res.json();
    expect(created.file).toMatchObject({ mimeType: 'image/jpeg', extension: 'jpg', name: 'cartel.jpg' });
    expect(created.fileId).toEqual(expect.any(Number));
    for (const who of [a.admin, a.capturista, a.guard, a.resident]) {
      // Each reader's own signed link, from the post as it reads it.
      const own: NoticeAnswer = (await who.get(`/api/notices/${created.uuid}`)).json();
      const served = await who.get(own.file!.publicUrl);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/jpeg');
      expect(imageSize(served.rawPayload)).toMatchObject({ type: 'jpg', width: 2, height: 2 }); // re-encoded
    }
    // Another community's session: neither its own path nor the admin's link opens it.
    expect((await a.admin2.get(created.file!.publicUrl)).statusCode).toBe(404);
    expect((await a.admin2.get(created.file!.publicUrl.split('?')[0])).statusCode).toBe(404);
    // A tampered link: 404.
    const tampered = created.file!.publicUrl.replace(/sig=[^&]+/, 'sig=AAAA');
    expect((await t.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(404);
    // The signed link loads without a Bearer header (an <img>); the bare path asks for a session.
    expect((await t.app.inject({ method: 'GET', url: created.file!.publicUrl })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: created.file!.publicUrl.split('?')[0] })).statusCode).toBe(401);
  });

  it('refuses an SVG or HTML file renamed .png (415) and images over 5 MB (413), storing nothing', async () => {
    const [posts, files] = [await countRows(t, 'content_posts'), await countRows(t, 'files')];
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>').toString(
      'base64',
    );
    const html = Buffer.from('<!doctype html><html><body>hola</body></html>').toString('base64');
    for (const content of [svg, html]) {
      const res = await a.admin.post('/api/notices', notice({ file: image(content, 'foto.png', 'image/png') }));
      expect(res.statusCode).toBe(415);
      expect(res.json().error_description).toBe('La imagen debe ser JPEG o PNG.');
    }
    const sixMb = Buffer.concat([Buffer.from(PNG_BASE64, 'base64'), Buffer.alloc(6 * 1024 * 1024)]).toString('base64');
    const big = await a.admin.post('/api/notices', notice({ file: image(sixMb) }));
    expect(big.statusCode).toBe(413);
    expect(big.json().error_description).toBe('La imagen no debe pesar más de 5 MB.');
    const twentyMb = Buffer.concat([Buffer.from(PNG_BASE64, 'base64'), Buffer.alloc(20 * 1024 * 1024)]).toString(
      'base64',
    );
    expect((await a.admin.post('/api/notices', notice({ file: image(twentyMb) }))).statusCode).toBe(413);
    expect(await countRows(t, 'content_posts')).toBe(posts);
    expect(await countRows(t, 'files')).toBe(files);
  });
});

describe('GET api/notices: search, order, tenancy', () => {
  it('sorts by start date, newest first, and searches case-insensitively on the title', async () => {
    await a.admin.post(
      '/api/notices',
      notice({ title: 'Junta vecinal de marzo', startDate: '2031-03-01T18:00:00', endDate: '2031-03-01T20:00:00' }),
    );
    await a.admin.post(
      '/api/notices',
      notice({ title: 'Junta vecinal de abril', startDate: '2031-04-01T18:00:00', endDate: '2031-04-01T20:00:00' }),
    );
    await makeEnded(t, (await a.admin.post('/api/notices', notice({ title: 'Fumigación' }))).json().uuid, {
      startDate: '2019-06-01T08:00:00',
      endDate: '2019-06-02T08:00:00',
    });
    const page = (await a.admin.get('/api/notices?page=0&size=100')).json();
    const starts = (page.content as NoticeAnswer[]).map((n) => n.startDate);
    expect(starts).toEqual([...starts].sort().reverse());
    expect(await titles(a.admin, 'search=JUNTA%20VECINAL')).toEqual([
      'Junta vecinal de abril',
      'Junta vecinal de marzo',
    ]);
    expect(await titles(a.capturista, 'search=fumiga')).toEqual(['Fumigación']);
  });

  it('another community sees none of these notices, and reads, changes and deletes none (404)', async () => {
    const mine: NoticeAnswer = (await a.admin.post('/api/notices', notice({ title: 'Solo Las Palmas' }))).json();
    expect(await titles(a.admin2)).toEqual([]);
    expect((await a.admin2.get(`/api/notices/${mine.uuid}`)).statusCode).toBe(404);
    expect((await a.admin2.put(`/api/notices/${mine.uuid}`, notice({ title: 'Ajeno' }))).statusCode).toBe(404);
    expect((await a.admin2.del(`/api/notices/${mine.uuid}`)).statusCode).toBe(404);
    expect((await a.admin.get(`/api/notices/${mine.uuid}`)).json().title).toBe('Solo Las Palmas');
  });
});

describe("A resident's view of a notice holds no other resident's data", () => {
  it('a notice segmented to three residents reads, to one of them, as segmented with no zone, street or resident lists; the staff read the lists', async () => {
    const [rosa, miguel, lucia] = [await resident('Rosa'), await resident('Miguel'), await resident('Lucía')];
    const created: NoticeAnswer = (
      await a.admin.post(
        '/api/notices',
        notice({
          title: 'Confidencial: adeudo de cuotas',
          segmented: true,
          residents: [{ idResident: rosa }, { idResident: miguel }, { idResident: lucia }],
        }),
      )
    ).json();
    expect(created.residents!.map((r) => r.firstName).sort()).toEqual(['Lucía', 'Miguel', 'Rosa']);
    const listed = await a.resident.get('/api/notices?page=0&search=adeudo');
    const read = await a.resident.get(`/api/notices/${created.uuid}`);
    for (const answer of [listed, read]) {
      expect(answer.statusCode).toBe(200);
      expect(answer.body).not.toMatch(/Miguel|Lucía|Aguilar|Ramos/);
      for (const uuid of created.residents!.map((r) => r.uuid)) expect(answer.body).not.toContain(uuid);
    }
    expect(listed.json().content).toEqual([
      expect.objectContaining({
        title: 'Confidencial: adeudo de cuotas',
        segmented: true,
        zones: null,
        streets: null,
        residents: null,
      }),
    ]);
    expect(read.json()).toMatchObject({ segmented: true, zones: null, streets: null, residents: null });
    for (const staff of [a.admin, a.capturista]) {
      expect(((await staff.get(`/api/notices/${created.uuid}`)).json() as NoticeAnswer).residents).toHaveLength(3);
    }
  });
});

describe('PUT and DELETE api/notices/{uuid}', () => {
  it('updates fields, segments and the image (file null removes it; absent keeps it)', async () => {
    const created: NoticeAnswer = (
      await a.admin.post('/api/notices', notice({ title: 'Editable', file: image(PNG_BASE64) }))
    ).json();
    const kept = await a.capturista.put(
      `/api/notices/${created.uuid}`,
      notice({ title: 'Editado', ...(await segmentedTo('Zona Sur', 'Calle Cedro', 'Miguel')) }),
    );
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({ title: 'Editado', segmented: true, file: { uuid: created.file!.uuid } });
    expect(kept.json().streets.map((s: { name: string }) => s.name)).toEqual(['Calle Cedro']);
    const removed = await a.admin.put(`/api/notices/${created.uuid}`, notice({ title: 'Sin imagen', file: null }));
    expect(removed.json()).toMatchObject({ file: null, fileId: null, segmented: false, streets: null });
    expect((await a.admin.get(created.file!.publicUrl)).statusCode).toBe(404);
  });

  it('the capturista cannot delete (403); the administrator deletes (204) and the notice is gone', async () => {
    const created: NoticeAnswer = (await a.admin.post('/api/notices', notice({ title: 'Para borrar' }))).json();
    expect((await a.capturista.del(`/api/notices/${created.uuid}`)).statusCode).toBe(403);
    expect((await a.guard.del(`/api/notices/${created.uuid}`)).statusCode).toBe(403);
    expect((await a.admin.del(`/api/notices/${created.uuid}`)).statusCode).toBe(204);
    expect((await a.admin.get(`/api/notices/${created.uuid}`)).statusCode).toBe(404);
  });
});

describe('What the segmentation is for: a resident reads only the current notices addressed to it', () => {
  // residente@porton.mx is Rosa Martínez Cruz, Calle Roble 12, Zona Norte, Residencial Las Palmas.
  let forOtherStreet: NoticeAnswer;
  beforeAll(async () => {
    await t.db.query('DELETE FROM content_posts');
    const post = async (title: string, extra: Record<string, unknown>) =>
      (await a.admin.post('/api/notices', notice({ title, ...extra }))).json() as NoticeAnswer;
    await post('Para todos', {});
    await post('Para la Zona Norte', { segmented: true, zones: [{ idZone: await zone('Zona Norte') }] });
    await post('Para la Zona Sur', { segmented: true, zones: [{ idZone: await zone('Zona Sur') }] });
    await post('Para Calle Roble', { segmented: true, streets: [{ idStreet: await street('Calle Roble') }] });
    forOtherStreet = await post('Para Calle Cedro', {
      segmented: true,
      streets: [{ idStreet: await street('Calle Cedro') }],
      file: image(PNG_BASE64),
    });
    await post('Para Rosa', await segmentedTo('Zona Norte', 'Calle Roble', 'Rosa'));
    await post('Para Jorge, vecino de Rosa', await segmentedTo('Zona Norte', 'Calle Roble', 'Jorge'));
    await makeEnded(t, (await post('Aviso vencido', {})).uuid);
    await post('Aviso futuro', FUTURE);
  });

  it('the resident gets the whole community, its zone, its street and itself, and nothing else', async () => {
    expect((await titles(a.resident)).sort()).toEqual(
      ['Para Calle Roble', 'Para Rosa', 'Para la Zona Norte', 'Para todos'].sort(),
    );
  });

  it('never sees a notice segmented to another street: not in the list, not by its uuid, not its image', async () => {
    expect(await titles(a.resident, 'search=Cedro')).toEqual([]);
    expect((await a.resident.get(`/api/notices/${forOtherStreet.uuid}`)).statusCode).toBe(404);
    expect((await a.resident.get(forOtherStreet.file!.publicUrl)).statusCode).toBe(404);
    expect((await a.admin.get(forOtherStreet.file!.publicUrl)).statusCode).toBe(200);
  });

  it("a signed image link is re-checked when served: moved to another resident, or ended, the notice's image no longer loads by the resident's link", async () => {
    const forRosa = await segmentedTo('Zona Norte', 'Calle Roble', 'Rosa');
    const created: NoticeAnswer = (
      await a.admin.post('/api/notices', notice({ title: 'Paquete para Rosa', ...forRosa, file: image(PNG_BASE64) }))
    ).json();
    const rosasLink = ((await a.resident.get(`/api/notices/${created.uuid}`)).json() as NoticeAnswer).file!.publicUrl;
    const guardsLink = ((await a.guard.get(`/api/notices/${created.uuid}`)).json() as NoticeAnswer).file!.publicUrl;
    const loads = async (url: string) => (await t.app.inject({ method: 'GET', url })).statusCode;
    expect(await loads(rosasLink)).toBe(200);

    // Addressed to Jorge instead (the image kept): Rosa's link, still signed and in time, opens nothing.
    const forJorge = await segmentedTo('Zona Norte', 'Calle Roble', 'Jorge');
    const moved = await a.admin.put(
      `/api/notices/${created.uuid}`,
      notice({ title: 'Paquete para Rosa', ...forJorge }),
    );
    expect(moved.statusCode).toBe(200);
    expect(await loads(rosasLink)).toBe(404);
    // Staff read every notice of their community: the guard's link still loads.
    expect(await loads(guardsLink)).toBe(200);

    // Back to Rosa, the same link loads again; once the notice has ended it does not.
    await a.admin.put(`/api/notices/${created.uuid}`, notice({ title: 'Paquete para Rosa', ...forRosa }));
    expect(await loads(rosasLink)).toBe(200);
    await makeEnded(t, created.uuid);
    expect(await loads(rosasLink)).toBe(404);
    expect(await loads(guardsLink)).toBe(200);
    await a.admin.del(`/api/notices/${created.uuid}`);
  });

  it('staff read every notice of the community, current or not', async () => {
    expect(await titles(a.guard, 'size=50')).toHaveLength(9);
    expect(await titles(a.capturista, 'size=50')).toHaveLength(9);
  });

  it('a deactivated resident reads nothing (its account is closed: 401)', async () => {
    await t.db.query(`UPDATE residents SET status = 'INACTIVE' WHERE email = 'residente@porton.mx'`);
    expect((await a.resident.get('/api/notices?page=0')).statusCode).toBe(401);
    await t.db.query(`UPDATE residents SET status = 'ACTIVE' WHERE email = 'residente@porton.mx'`);
  });
});
