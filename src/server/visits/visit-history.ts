/**
 * Made-up visit history with the shape a real gate sees: more visits on weekends and in
 * December, morning, noon and evening peaks, stays that depend on the visitor type, some visitors
 * still inside. Deterministic for a seed. Used by the demo data on first start and by
 * `npm run seed:volume`; rows go in with one `unnest` insert per batch.
 */
import type { Queryable } from '../platform/db/db.js';

/** A small, fast, seeded generator (mulberry32). */
export function seededRandom(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
export type Random = ReturnType<typeof seededRandom>;

const pick = <T>(random: Random, items: readonly T[]) => items[Math.floor(random() * items.length)];
function weighted<T>(random: Random, items: readonly (readonly [T, number])[]): T {
  const total = items.reduce((sum, [, w]) => sum + w, 0);
  let r = random() * total;
  for (const [item, w] of items) {
    r -= w;
    if (r < 0) return item;
  }
  return items[items.length - 1][0];
}

const FIRST = [
  'José',
  'María',
  'Juan',
  'Guadalupe',
  'Luis',
  'Sofía',
  'Jesús',
  'Andrea',
  'Miguel Ángel',
  'Fernanda',
  'Ángel',
  'Valeria',
  'Ramón',
  'Ximena',
  'Raúl',
  'Lucía',
  'Héctor',
  'Mónica',
  'Iván',
  'Renata',
  'Óscar',
  'Paulina',
  'Efraín',
  'Begoña',
  'Joaquín',
  'Noemí',
];
const LAST = [
  'Hernández',
  'García',
  'Martínez',
  'López',
  'González',
  'Pérez',
  'Rodríguez',
  'Sánchez',
  'Ramírez',
  'Cruz',
  'Gómez',
  'Flores',
  'Morales',
  'Vázquez',
  'Jiménez',
  'Reyes',
  'Díaz',
  'Núñez',
  'Ibáñez',
  'Muñoz',
  'Ávila',
  'Peña',
  'Cortés',
  'Solís',
];
const BRANDS = [
  'Nissan',
  'Chevrolet',
  'Volkswagen',
  'Toyota',
  'KIA',
  'Honda',
  'Mazda',
  'Ford',
  'Hyundai',
  'SEAT',
  'MG',
  'Renault',
];
const COLORS = ['Blanco', 'Gris', 'Negro', 'Plata', 'Rojo', 'Azul', 'Vino', 'Beige'];
const COMMENTS = [
  'Entrega de paquetería',
  'Visita familiar',
  'Servicio de gas',
  'Reparación de fugas',
  'Jardinería',
  'Limpieza',
  'Comida a domicilio',
  'Mudanza',
  'Fiesta infantil',
  'Clases particulares',
];

/** Visits per hour of the day (local), relative: night quiet, peaks at 8–9, 13–14 and 18–20. */
const HOURS = [1, 0.5, 0.3, 0.2, 0.2, 0.5, 2, 5, 8, 7, 6, 6, 7, 8, 7, 5, 5, 6, 8, 9, 8, 5, 3, 2];
/** Sunday..Saturday. */
const WEEKDAYS = [1.35, 0.9, 0.9, 0.95, 1, 1.15, 1.45];
/** January..December. */
const MONTHS = [0.9, 0.85, 0.95, 1, 0.95, 0.9, 1, 1, 0.9, 1, 1.05, 1.35];

const TYPES = [
  ['VISITANT', 55],
  ['EMPLOYEE', 15],
  ['PROVIDER', 14],
  ['FREQUENT', 13],
  ['MASSIVE_EVENT', 3],
] as const;
/** Stay in minutes by type: [shortest, longest]. */
const STAY: Record<string, [number, number]> = {
  VISITANT: [20, 240],
  EMPLOYEE: [360, 600],
  PROVIDER: [10, 70],
  FREQUENT: [30, 180],
  MASSIVE_EVENT: [120, 330],
};

/** Mexico City is UTC-6 all year (no daylight saving since 2022). */
const OFFSET_MS = 6 * 3_600_000;

export interface HistoryContext {
  communityId: number;
  residents: { id: number; first: string; last: string }[];
  gates: string[];
  providerTypes: number[];
  /** Users who register entries and exits (guards, the administrator). */
  registrars: number[];
}

export interface VisitRow {
  community_id: number;
  first_name: string;
  last_name: string;
  accredited: string | null;
  visitant_type: string;
  access_mode: string;
  gate_arrival_uuid: string | null;
  gate_departure_uuid: string | null;
  resident_id: number | null;
  car_brand: string | null;
  color: string | null;
  plate: string | null;
  comments: string | null;
  entered_at: string;
  exited_at: string | null;
  registered_by: number | null;
  exit_registered_by: number | null;
  provider_type_id: number | null;
}

const plate = (random: Random) => {
  const l = () => String.fromCharCode(65 + Math.floor(random() * 26));
  return `${l()}${l()}${l()}-${String(Math.floor(random() * 1000)).padStart(3, '0')}-${l()}`;
};

/** Relative weight of each local day of the `days` days ending today (index 0 is the oldest). */
function dayWeights(days: number, now: number): { dayStart: number; weight: number }[] {
  const localToday = Math.floor((now - OFFSET_MS) / 86_400_000);
  const out = [];
  for (let i = days - 1; i >= 0; i--) {
    const day = localToday - i;
    const date = new Date(day * 86_400_000);
    // Today counts for the part of it that has passed.
    const partial = i === 0 ? (now - OFFSET_MS - day * 86_400_000) / 86_400_000 : 1;
    out.push({
      dayStart: day * 86_400_000 + OFFSET_MS,
      weight: WEEKDAYS[date.getUTCDay()] * MONTHS[date.getUTCMonth()] * partial,
    });
  }
  return out;
}

/** `count` split over the days by weight, exactly (largest remainders). */
function perDay(weights: { weight: number }[], count: number): number[] {
  const total = weights.reduce((sum, d) => sum + d.weight, 0);
  const exact = weights.map((d) => (count * d.weight) / total);
  const counts = exact.map(Math.floor);
  let left = count - counts.reduce((a, b) => a + b, 0);
  for (const i of exact
    .map((x, i) => [x - Math.floor(x), i] as const)
    .sort((a, b) => b[0] - a[0])
    .map(([, i]) => i)) {
    if (left-- <= 0) break;
    counts[i]++;
  }
  return counts;
}

/** A moment of the day starting at `dayStart` with `hourOf` picking the hour, not after `now`. */
function momentOf(random: Random, dayStart: number, hourOf: () => number, now: number): number {
  for (let tries = 0; tries < 50; tries++) {
    const at = dayStart + hourOf() * 3_600_000 + Math.floor(random() * 3_600_000);
    if (at <= now) return at;
  }
  return dayStart + Math.floor(random() * Math.max(1, now - dayStart));
}

const HOUR_WEIGHTS = HOURS.map((w, h) => [h, w] as const);

/**
 * `count` visits over the `days` days ending now, in time order, each day's share by weekday and
 * month, each visit's hour by the day's peaks. Visitors whose stay has not ended are still
 * inside; a few in 200 never had their exit registered.
 */
export function* visitHistory(
  random: Random,
  ctx: HistoryContext,
  count: number,
  days = 365,
  now = Date.now(),
): Generator<VisitRow> {
  const weights = dayWeights(days, now);
  const counts = perDay(weights, count);
  for (const [i, { dayStart }] of weights.entries()) {
    const times = Array.from({ length: counts[i] }, () =>
      momentOf(random, dayStart, () => weighted(random, HOUR_WEIGHTS), now),
    );
    times.sort((a, b) => a - b);
    for (const at of times) yield visitAt(random, ctx, at, now);
  }
}

function visitAt(random: Random, ctx: HistoryContext, at: number, now: number): VisitRow {
  const type = weighted(random, TYPES);
  const [shortest, longest] = STAY[type];
  const exit = at + (shortest + random() * (longest - shortest)) * 60_000;
  const forgotten = random() < 0.005;
  const inside = exit > now || forgotten;
  const resident = ctx.residents.length && type !== 'MASSIVE_EVENT' ? pick(random, ctx.residents) : null;
  const withCar = random() < 0.65;
  const gateIn = ctx.gates.length ? pick(random, ctx.gates) : null;
  const registrar = ctx.registrars.length ? pick(random, ctx.registrars) : null;
  return {
    community_id: ctx.communityId,
    first_name: pick(random, FIRST),
    last_name: `${pick(random, LAST)} ${pick(random, LAST)}`,
    accredited: resident ? `${resident.first} ${resident.last}` : null,
    visitant_type: type,
    access_mode: random() < 0.6 ? 'QR' : 'MANUAL',
    gate_arrival_uuid: gateIn,
    gate_departure_uuid: inside || !ctx.gates.length ? null : random() < 0.8 ? gateIn : pick(random, ctx.gates),
    resident_id: resident?.id ?? null,
    car_brand: withCar ? pick(random, BRANDS) : null,
    color: withCar ? pick(random, COLORS) : null,
    plate: withCar ? plate(random) : null,
    comments: random() < 0.2 ? pick(random, COMMENTS) : null,
    entered_at: new Date(at).toISOString(),
    exited_at: inside ? null : new Date(exit).toISOString(),
    registered_by: registrar,
    exit_registered_by: inside ? null : registrar,
    provider_type_id: type === 'PROVIDER' && ctx.providerTypes.length ? pick(random, ctx.providerTypes) : null,
  };
}

const COLUMNS: [keyof VisitRow, string][] = [
  ['community_id', 'int'],
  ['first_name', 'text'],
  ['last_name', 'text'],
  ['accredited', 'text'],
  ['visitant_type', 'text'],
  ['access_mode', 'text'],
  ['gate_arrival_uuid', 'uuid'],
  ['gate_departure_uuid', 'uuid'],
  ['resident_id', 'int'],
  ['car_brand', 'text'],
  ['color', 'text'],
  ['plate', 'text'],
  ['comments', 'text'],
  ['entered_at', 'timestamptz'],
  ['exited_at', 'timestamptz'],
  ['registered_by', 'int'],
  ['exit_registered_by', 'int'],
  ['provider_type_id', 'int'],
];

/** One `unnest` insert of a batch of visits; answers the new ids in the batch's order. */
export async function insertVisits(q: Queryable, rows: VisitRow[]): Promise<number[]> {
  if (!rows.length) return [];
  const ids = await q.query<{ id: string | number }>(
    `INSERT INTO visits (${COLUMNS.map(([c]) => c).join(', ')})
     SELECT * FROM unnest(${COLUMNS.map(([, type], i) => `$${i + 1}::${type}[]`).join(', ')}) RETURNING id`,
    COLUMNS.map(([c]) => rows.map((r) => r[c])),
  );
  return ids.map((r) => Number(r.id));
}

export interface CommonAreaVisitRow {
  community_id: number;
  common_area_id: number;
  resident_id: number | null;
  first_name: string;
  last_name: string;
  entered_at: string;
  estimated_time_in: string | null;
  created_with_qr: boolean;
  registered_by: number | null;
}

/** Guests at the common areas: afternoons and weekends, expected a little before they arrive. */
export function* commonAreaHistory(
  random: Random,
  ctx: HistoryContext,
  areas: number[],
  count: number,
  days = 365,
  now = Date.now(),
): Generator<CommonAreaVisitRow> {
  if (!areas.length) return;
  const weights = dayWeights(days, now).map((d) => {
    const weekday = new Date(d.dayStart - OFFSET_MS).getUTCDay();
    return { ...d, weight: d.weight * (weekday === 0 || weekday === 6 ? 2.5 : 1) };
  });
  const counts = perDay(weights, count);
  for (const [i, { dayStart }] of weights.entries()) {
    const times = Array.from({ length: counts[i] }, () =>
      momentOf(random, dayStart, () => 10 + Math.floor(random() * 11), now),
    ).sort((a, b) => a - b);
    for (const at of times) {
      const resident = ctx.residents.length ? pick(random, ctx.residents) : null;
      const expected = random() < 0.8 ? at - Math.floor(random() * 45) * 60_000 : null;
      yield {
        community_id: ctx.communityId,
        common_area_id: pick(random, areas),
        resident_id: resident?.id ?? null,
        first_name: pick(random, FIRST),
        last_name: `${pick(random, LAST)} ${pick(random, LAST)}`,
        entered_at: new Date(at).toISOString(),
        estimated_time_in: expected === null ? null : new Date(expected).toISOString(),
        created_with_qr: random() < 0.5,
        registered_by: ctx.registrars.length ? pick(random, ctx.registrars) : null,
      };
    }
  }
}

const AREA_COLUMNS: [keyof CommonAreaVisitRow, string][] = [
  ['community_id', 'int'],
  ['common_area_id', 'int'],
  ['resident_id', 'int'],
  ['first_name', 'text'],
  ['last_name', 'text'],
  ['entered_at', 'timestamptz'],
  ['estimated_time_in', 'timestamptz'],
  ['created_with_qr', 'bool'],
  ['registered_by', 'int'],
];

export async function insertCommonAreaVisits(q: Queryable, rows: CommonAreaVisitRow[]): Promise<number[]> {
  if (!rows.length) return [];
  const ids = await q.query<{ id: string | number }>(
    `INSERT INTO common_area_visits (${AREA_COLUMNS.map(([c]) => c).join(', ')})
     SELECT * FROM unnest(${AREA_COLUMNS.map(([, type], i) => `$${i + 1}::${type}[]`).join(', ')}) RETURNING id`,
    AREA_COLUMNS.map(([c]) => rows.map((r) => r[c])),
  );
  return ids.map((r) => Number(r.id));
}

/** What a community's history is made of: its residents, gates, provider types, staff and common areas. */
export async function historyContext(q: Queryable, communityId: number) {
  const residents = await q.query<{ id: number; first: string; last: string }>(
    'SELECT id, first_name AS first, last_name AS last FROM residents WHERE community_id = $1 AND deleted_at IS NULL ORDER BY id',
    [communityId],
  );
  const gates = (
    await q.query<{ uuid: string }>('SELECT uuid FROM gates WHERE community_id = $1 ORDER BY id', [communityId])
  ).map((g) => g.uuid);
  const providerTypes = (
    await q.query<{ id: number }>('SELECT id FROM provider_types WHERE community_id = $1 ORDER BY id', [communityId])
  ).map((p) => p.id);
  const registrars = (
    await q.query<{ id: number }>(
      `SELECT u.id FROM users u JOIN user_communities uc ON uc.user_id = u.id AND uc.community_id = $1
      WHERE u.user_type_id IN (4, 5, 6) AND u.deleted_at IS NULL ORDER BY u.user_type_id DESC, u.id`,
      [communityId],
    )
  ).map((u) => u.id);
  const areas = (
    await q.query<{ id: number }>('SELECT id FROM common_areas WHERE community_id = $1 ORDER BY id', [communityId])
  ).map((a) => a.id);
  return { ctx: { communityId, residents, gates, providerTypes, registrars } satisfies HistoryContext, areas };
}
