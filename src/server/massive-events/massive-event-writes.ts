/**
 * Writing massive events: create, change, finish the wizard, cancel, delete and clone. Every
 * statement goes through the event scope's community (`eventsOf`); every change moves the
 * event's version on.
 */
import { eventEnd } from '../../shared/massive-events/massive-event-rules.js';
import { NOW, SqlValue, type CommunityScope } from '../platform/db/community-scope.js';
import type { Queryable } from '../platform/db/db.js';
import type { EventImageSlot } from './massive-event-images.js';
import { type EventScope, eventsOf, NEXT_VERSION } from './massive-event-rows.js';

/** Finishing the wizard makes an incomplete event upcoming; an event already upcoming keeps its status. */
const FINISHED_WIZARD = new SqlValue("CASE WHEN status = 'Incompleto' THEN 'Próximo' ELSE status END");

/** An event's own fields, its host resident and its place as ids. */
export interface EventFields {
  title: string;
  additionalInformation?: string | null;
  startDate: string;
  residentId: number;
  areaId: number | null;
}

/** The uuid of an event of the scope. */
const uuidOf = async (events: CommunityScope, id: number) =>
  (await events.first<{ uuid: string }>({
    select: 'e.uuid::text AS uuid',
    from: { table: 'massive_events', alias: 'e' },
    where: ['e.id = $1'],
    params: [id],
  }))!.uuid;

/** Creates an event (Incompleto until its wizard is finished), ending 12 hours after its start; its uuid. */
export async function insertEvent(q: Queryable, scope: EventScope, event: EventFields): Promise<string> {
  const events = eventsOf(q, scope);
  const id = await events.insert('massive_events', {
    resident_id: event.residentId,
    common_area_id: event.areaId,
    title: event.title,
    additional_information: event.additionalInformation,
    start_date: event.startDate,
    end_date: eventEnd(event.startDate),
  });
  return uuidOf(events, id);
}

/** Changes an event's own fields. */
export async function updateEvent(q: Queryable, scope: EventScope, id: number, event: EventFields): Promise<void> {
  await eventsOf(q, scope).update(
    'massive_events',
    { id },
    {
      title: event.title,
      additional_information: event.additionalInformation,
      start_date: event.startDate,
      end_date: eventEnd(event.startDate),
      resident_id: event.residentId,
      common_area_id: event.areaId,
      version: NEXT_VERSION,
      updated_at: NOW,
    },
  );
}

/** Saves the invitation's design (colours and the images' file ids) and finishes the wizard. */
export async function finishEventDesign(
  q: Queryable,
  scope: EventScope,
  id: number,
  design: {
    backgroundColor?: string | null;
    foregroundColor?: string | null;
    images: Record<EventImageSlot, number | null>;
  },
): Promise<void> {
  await eventsOf(q, scope).update(
    'massive_events',
    { id },
    {
      background_color: design.backgroundColor ?? null,
      foreground_color: design.foregroundColor ?? null,
      background_image_id: design.images.backgroundImage,
      profile_image_id: design.images.profile,
      status: FINISHED_WIZARD,
      version: NEXT_VERSION,
      updated_at: NOW,
    },
  );
}

export async function deleteEvent(q: Queryable, scope: EventScope, id: number): Promise<void> {
  await eventsOf(q, scope).delete('massive_events', { id });
}

export async function cancelEvent(q: Queryable, scope: EventScope, id: number): Promise<void> {
  await eventsOf(q, scope).update(
    'massive_events',
    { id },
    { status: 'Cancelado', version: NEXT_VERSION, updated_at: NOW },
  );
}

/**
 * A copy of an event (Incompleto, the default) with its fields as the database holds them (dates
 * as text, so they come back exactly) and the given images; its id and uuid.
 */
export async function insertEventCopy(
  q: Queryable,
  scope: EventScope,
  id: number,
  images: Record<EventImageSlot, number | null>,
): Promise<{ id: number; uuid: string }> {
  const events = eventsOf(q, scope);
  const source = (await events.first<Record<string, unknown>>({
    select: `e.resident_id, e.common_area_id, e.title, e.additional_information, e.start_date::text AS start_date,
              e.end_date::text AS end_date, e.background_color, e.foreground_color`,
    from: { table: 'massive_events', alias: 'e' },
    where: ['e.id = $1'],
    params: [id],
  }))!;
  const createdId = await events.insert('massive_events', {
    ...source,
    background_image_id: images.backgroundImage,
    profile_image_id: images.profile,
  });
  return { id: createdId, uuid: await uuidOf(events, createdId) };
}
