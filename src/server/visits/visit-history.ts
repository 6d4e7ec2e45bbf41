/**
 * Made-up visit history with the shape a real gate sees: more visits on weekends and in
 * December, morning, noon and evening peaks, stays that depend on the visitor type, some visitors
 * still inside. Deterministic for a seed. Used by the demo data on first start and by
 * `npm run seed:volume`; rows go in with one `unnest` insert per batch (visit-history-rows.ts).
 */
import { pick, type Random, weighted } from './seeded-random.js';
import { BRANDS, COLORS, COMMENTS, FIRST, LAST, plate } from './made-up-names.js';

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
