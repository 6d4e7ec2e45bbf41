import type { TestApp } from '../test-app.js';

/** 'YYYY-MM-DDTHH:mm:ss' in the communities' zone (America/Mexico_City), `minutes` from now. */
export function communityNow(minutes = 0): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Mexico_City',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(Date.now() + minutes * 60_000));
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}:${part('second')}`;
}

/** A post that is current when read: it started a few minutes ago (a start may not be in the past by more than the tolerance). */
export const currentDates = () => ({ startDate: communityNow(-2), endDate: '2099-12-31T23:59:59' });
export const ENDED = { startDate: '2020-01-01T08:00:00', endDate: '2020-12-31T23:59:59' };
export const FUTURE = { startDate: '2098-01-01T08:00:00', endDate: '2099-01-01T08:00:00' };

/**
 * A start in the past cannot be created through the API: a test that needs an ended post
 * creates a current one, then moves its dates in the database, as time would.
 */
export async function makeEnded(t: TestApp, uuid: string, dates = ENDED) {
  await t.db.query('UPDATE content_posts SET start_date = $2, end_date = $3 WHERE uuid = $1', [
    uuid,
    dates.startDate,
    dates.endDate,
  ]);
}
