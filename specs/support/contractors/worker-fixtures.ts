import jpeg from 'jpeg-js';
import type { TestApp } from '../test-app.js';
import { pngBase64 } from '../massive-events/event-fixtures.js';
import { EVENT_TIME_ZONE } from '../../../src/shared/massive-events/massive-event-rules.js';

/**
 * Today in the communities' time zone, in SQL: a site's dates are local dates (its window opens at
 * local midnight), so `current_date` (the server's UTC date) is tomorrow there every evening.
 */
export const LOCAL_TODAY_SQL = `(now() AT TIME ZONE '${EVENT_TIME_ZONE}')::date`;

/** A file payload: name, extension, mimeType and base64 content. */
export const filePayload = (content: string, name: string, mimeType: string) => ({
  name,
  extension: name.split('.').pop()!,
  mimeType,
  content,
});
export const photo = () => filePayload(pngBase64(100, 100), 'foto.png', 'image/png');
/** A small real PDF. */
export const PDF_TEXT =
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n';
export const pdf = (name = 'ine.pdf') => filePayload(Buffer.from(PDF_TEXT).toString('base64'), name, 'application/pdf');

/** A real JPEG (jpeg-js) with an EXIF segment (APP1) carrying a script, spliced after its SOI marker. */
export function jpegWithScriptInExif(): Buffer {
  const width = 16;
  const height = 16;
  const data = Buffer.alloc(width * height * 4, 180);
  const clean = Buffer.from(jpeg.encode({ data, width, height }, 80).data);
  const payload = Buffer.concat([
    Buffer.from('Exif\0\0', 'latin1'),
    Buffer.from('<script>alert("exif")</script>', 'latin1'),
  ]);
  const length = Buffer.alloc(2);
  length.writeUInt16BE(payload.length + 2);
  return Buffer.concat([clean.subarray(0, 2), Buffer.from([0xff, 0xe1]), length, payload, clean.subarray(2)]);
}

/**
 * Contractors and sites the worker tests need (the contractors' own seed makes the demo ones): the
 * demo contractor contratista@ and a second contractor of the same community, each with a site
 * open from today for 30 days on 'Calle Roble' of Residencial Las Palmas.
 */
export async function workerSites(t: TestApp) {
  const community = (await t.db.one<{ id: number }>(
    "SELECT id FROM communities WHERE name = 'Residencial Las Palmas'",
  ))!.id;
  const street = (await t.db.one<{ id: number }>('SELECT id FROM streets WHERE community_id = $1 AND name = $2', [
    community,
    'Calle Roble',
  ]))!.id;
  const userOf = async (email: string) => {
    const found = await t.db.one<{ id: number }>(
      'SELECT id FROM users WHERE lower(email) = $1 AND deleted_at IS NULL',
      [email],
    );
    if (found) return found.id;
    return (await t.db.one<{ id: number }>(
      "INSERT INTO users (email, first_name, last_name, user_type_id, status) VALUES ($1, 'Otro', 'Contratista', 15, 'ACTIVE') RETURNING id",
      [email],
    ))!.id;
  };
  const contractorOf = async (email: string, firstName: string, enterprise: string) => {
    const user = await userOf(email);
    const found = await t.db.one<{ id: number; uuid: string }>(
      'SELECT id, uuid::text AS uuid FROM contractors WHERE user_id = $1',
      [user],
    );
    if (found) return found;
    return (await t.db.one<{ id: number; uuid: string }>(
      `INSERT INTO contractors (community_id, user_id, first_name, last_name, enterprise, phone, street, number, postal_code, city)
       VALUES ($1, $2, $3, 'Prueba', $4, '', 'Calle Uno', '1', '01000', 'Ciudad de México') RETURNING id, uuid::text AS uuid`,
      [community, user, firstName, enterprise],
    ))!;
  };
  const siteOf = async (contractorId: number, name: string, number: string) =>
    (await t.db.one<{ id: number; uuid: string }>(
      `INSERT INTO constructions (community_id, contractor_id, street_id, name, number, street_number, start_date, end_date)
     VALUES ($1, $2, $3, $4, $5, $5, ${LOCAL_TODAY_SQL}, ${LOCAL_TODAY_SQL} + 30) RETURNING id, uuid::text AS uuid`,
      [community, contractorId, street, name, number],
    ))!;
  const mine = await contractorOf('contratista@porton.mx', 'Constantino', 'Constructora Flores');
  const other = await contractorOf('otro.contratista@porton.mx', 'Otro', 'Obras Ajenas');
  return {
    mine,
    other,
    mySite: await siteOf(mine.id, 'Casa Roble 30', '30'),
    mySecondSite: await siteOf(mine.id, 'Casa Roble 32', '32'),
    otherSite: await siteOf(other.id, 'Casa Ajena 40', '40'),
  };
}
