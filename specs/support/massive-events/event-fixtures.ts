import { PNG } from 'pngjs';
import { addHours, localNow } from '../../../src/shared/massive-events/massive-event-rules.js';
import type { TestApp } from '../test-app.js';

/** A real PNG of the given size (pngjs), as base64. */
export function pngBase64(width: number, height: number, rgb: [number, number, number] = [200, 80, 40]): string {
  const png = new PNG({ width, height });
  for (let i = 0; i < width * height; i++) png.data.set([...rgb, 255], i * 4);
  return PNG.sync.write(png).toString('base64');
}

export const upload = (content: string, name = 'imagen.png') => ({
  name,
  extension: 'png',
  mimeType: 'image/png',
  content,
});

/** A local date-time `hours` from now, in whole minutes (as the wizard's pickers give it). */
export const inHours = (hours: number) => `${addHours(localNow(), hours).slice(0, 16)}:00`;

export const residentUuid = async (t: TestApp, firstName: string) =>
  (await t.db.one<{ uuid: string }>(
    'SELECT uuid::text AS uuid FROM residents WHERE first_name = $1 ORDER BY id LIMIT 1',
    [firstName],
  ))!.uuid;
export const areaUuid = async (t: TestApp, community: string, name: string) =>
  (await t.db.one<{ uuid: string }>(
    `SELECT a.uuid::text AS uuid FROM common_areas a JOIN communities c ON c.id = a.community_id WHERE c.name = $1 AND a.name = $2`,
    [community, name],
  ))!.uuid;
export const eventUuid = async (t: TestApp, title: string) =>
  (await t.db.one<{ uuid: string }>(
    'SELECT uuid::text AS uuid FROM massive_events WHERE title = $1 ORDER BY id LIMIT 1',
    [title],
  ))!.uuid;

/**
 * Time passing, for the statuses the dates decide: the event's start moved to
 * `hours` from now (negative: in the past), its stored status set.
 */
export async function shiftEvent(
  t: TestApp,
  uuid: string,
  hours: number,
  status: 'Próximo' | 'Cancelado' | 'Incompleto',
) {
  const start = inHours(hours);
  await t.db.query(
    `UPDATE massive_events SET start_date = $2::timestamp, end_date = $2::timestamp + interval '12 hours', status = $3 WHERE uuid = $1`,
    [uuid, start, status],
  );
}
