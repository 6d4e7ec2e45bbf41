/**
 * Demo massive events, first start only: in the first demo community, one event in each
 * display status with guests, two of them hosted by the demo resident (residente@porton.mx).
 */
import { addHours, eventEnd, localNow } from '../../shared/massive-events/massive-event-rules.js';
import type { Db } from '../platform/db/db.js';

const GUESTS = [
  ['Ana', 'Beltrán Ruiz', '5511112222', 'ana.beltran@correo.mx'],
  ['Bruno', 'Cárdenas Soto', '5522223333', ''],
  ['Carmen', 'Delgado Ríos', '', 'carmen.delgado@correo.mx'],
  ['David', 'Escobar Mora', '5544445555', 'david.escobar@correo.mx'],
  ['Eva', 'Fuentes Lara', '5555556666', ''],
  ['Fabián', 'Gómez Tapia', '', ''],
  ['Gloria', 'Hernández Vela', '5577778888', 'gloria.hv@correo.mx'],
  ['Hugo', 'Ibáñez Cruz', '5588889999', ''],
  ['Inés', 'Juárez Peña', '', 'ines.juarez@correo.mx'],
  ['Julio', 'Kuri Salas', '5500001111', ''],
] as const;

/** Start times relative to now (hours), the stored status, whether the resident hosts it, the place, how many guests. */
const EVENTS = [
  {
    title: 'Boda de Lucía y Marco',
    hours: 24 * 21,
    status: 'Próximo',
    own: false,
    area: 'Casa club',
    guests: 10,
    info: 'Recepción en la casa club; código de vestimenta formal.',
  },
  {
    title: 'Cumpleaños de Rosa',
    hours: 24 * 9,
    status: 'Próximo',
    own: true,
    area: null,
    guests: 6,
    info: 'Fiesta en casa, traer traje de baño.',
  },
  {
    title: 'Asamblea de vecinos',
    hours: 24 * 5,
    status: 'Incompleto',
    own: false,
    area: 'Casa club',
    guests: 0,
    info: '',
  },
  {
    title: 'Posada navideña',
    hours: -2,
    status: 'Próximo',
    own: false,
    area: 'Alberca',
    guests: 8,
    info: 'Piñatas y ponche para todos.',
  },
  {
    title: 'Torneo de natación',
    hours: -24 * 30,
    status: 'Próximo',
    own: true,
    area: 'Alberca',
    guests: 5,
    info: 'Categorías infantil y libre.',
  },
  {
    title: 'Kermés escolar',
    hours: 24 * 12,
    status: 'Cancelado',
    own: false,
    area: null,
    guests: 4,
    info: 'Se pospone por lluvia.',
  },
] as const;

export async function seedDemoMassiveEvents(db: Db) {
  await db.tx(async (q) => {
    const community = await q.one<{ id: number }>('SELECT id FROM communities ORDER BY id LIMIT 1');
    if (!community) return;
    const own = await q.one<{ id: number }>(
      `SELECT r.id FROM residents r JOIN users u ON u.id = r.user_id WHERE u.email = 'residente@porton.mx' AND r.community_id = $1`,
      [community.id],
    );
    const other = await q.one<{ id: number }>(
      'SELECT id FROM residents WHERE community_id = $1 AND user_id IS NULL AND deleted_at IS NULL ORDER BY id LIMIT 1',
      [community.id],
    );
    if (!own || !other) return;
    const now = localNow();
    for (const e of EVENTS) {
      // Whole minutes, as the wizard's time picker gives them.
      const start = `${addHours(now, e.hours).slice(0, 16)}:00`;
      const area = e.area
        ? await q.one<{ id: number }>('SELECT id FROM common_areas WHERE community_id = $1 AND name = $2', [
            community.id,
            e.area,
          ])
        : null;
      const event = await q.one<{ id: number }>(
        `INSERT INTO massive_events (community_id, resident_id, common_area_id, title, additional_information, start_date, end_date, status, background_color)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
        [
          community.id,
          e.own ? own.id : other.id,
          area?.id ?? null,
          e.title,
          e.info,
          start,
          eventEnd(start),
          e.status,
          e.own ? 'fdf2e9' : null,
        ],
      );
      const guests = GUESTS.slice(0, e.guests);
      if (!guests.length) continue;
      await q.query(
        `INSERT INTO massive_event_guests (massive_event_id, first_name, last_name, phone, email)
         SELECT $1, f, l, p, m FROM unnest($2::text[], $3::text[], $4::text[], $5::text[]) WITH ORDINALITY AS t(f, l, p, m, n) ORDER BY n`,
        [event!.id, guests.map((g) => g[0]), guests.map((g) => g[1]), guests.map((g) => g[2]), guests.map((g) => g[3])],
      );
    }
  });
}
