/**
 * Demo community content, first start only: notices (one segmented to a street),
 * newsletters and a promotion in 'Residencial Las Palmas', current from two days ago for a month,
 * so the lists and the resident's reads have something on the first start.
 */
import { localDateTime } from '../../shared/content/content-rules.js';
import type { Db } from '../platform/db/db.js';

const DAY = 86_400_000;

export async function seedDemoContent(db: Db) {
  const at = (days: number, hour: number) => {
    const d = new Date(Date.now() + days * DAY);
    d.setHours(hour, 0, 0, 0);
    return localDateTime(d);
  };
  await db.tx(async (q) => {
    const community = await q.one<{ id: number }>(`SELECT id FROM communities WHERE name = 'Residencial Las Palmas'`);
    if (!community) return;
    const post = async (
      kind: string,
      title: string,
      description: string,
      start: string,
      end: string,
      extra: { type?: number; audience?: string } = {},
    ) =>
      (await q.one<{ id: number }>(
        `INSERT INTO content_posts (community_id, kind, title, description, contact_name, contact_phone, start_date, end_date, newsletter_type, audience)
         VALUES ($1, $2, $3, $4, 'Administración', '5512345678', $5, $6, $7, $8) RETURNING id`,
        [community.id, kind, title, description, start, end, extra.type ?? null, extra.audience ?? 'COMMUNITY'],
      ))!.id;
    await post(
      'NOTICE',
      'Mantenimiento de la alberca',
      'La alberca permanecerá cerrada por limpieza y mantenimiento.',
      at(-2, 8),
      at(28, 20),
    );
    await post(
      'NOTICE',
      'Junta de vecinos',
      'Los esperamos en el salón de usos múltiples para revisar el presupuesto anual.',
      at(5, 19),
      at(5, 21),
    );
    const water = await post(
      'NOTICE',
      'Corte de agua en Calle Roble',
      'Por reparación de tubería no habrá agua de 9:00 a 14:00 h.',
      at(-1, 9),
      at(3, 14),
      { audience: 'STREET' },
    );
    await q.query(
      `INSERT INTO notice_streets (post_id, street_id) SELECT $1, id FROM streets WHERE community_id = $2 AND name = 'Calle Roble'`,
      [water, community.id],
    );
    await post(
      'NEWSLETTER',
      'Torneo de tenis',
      'Inscripciones abiertas en la caseta hasta el viernes.',
      at(-2, 8),
      at(20, 20),
      { type: 1 },
    );
    await post(
      'NEWSLETTER',
      'Noche mexicana',
      'Cena, mariachi y juegos para toda la familia en el jardín central.',
      at(-1, 8),
      at(14, 23),
      { type: 3 },
    );
    await post(
      'PROMOTION',
      '10% en la cafetería',
      'Presenta tu código de residente y obtén 10% de descuento.',
      at(-2, 8),
      at(30, 20),
    );
  });
}
