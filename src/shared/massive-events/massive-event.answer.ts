/** Answers of the massive events' and guests' calls. Field names are the contract's. */
import * as v from 'valibot';
import { STORED_EVENT_STATUSES } from './massive-event-rules.js';

/** A stored image of the invitation: read at `publicUrl` by those who may read the event. */
export const EventImageRefSchema = v.object({ uuid: v.string(), publicUrl: v.string() });

export const GuestAnswerSchema = v.object({
  id: v.number(),
  uuid: v.string(),
  firstName: v.string(),
  lastName: v.string(),
  email: v.string(),
  phone: v.string(),
  massiveEvent: v.object({ uuid: v.string() }),
});

/** An event without its guests, as the list pairs it with its guest count. */
export const EventSummarySchema = v.object({
  uuid: v.string(),
  title: v.string(),
  additionalInformation: v.string(),
  /** Local date-times of the community ('YYYY-MM-DDTHH:mm:ss'). */
  startDate: v.string(),
  endDate: v.string(),
  /** The stored status; the display status is computed from it and the dates (src/shared/massive-events/massive-event-rules.ts). */
  status: v.picklist(STORED_EVENT_STATUSES),
  /** Grows with each change of the event's fields; a save naming an older one answers 409. */
  version: v.number(),
  /** null: 'Casa del residente'. */
  commonArea: v.nullable(v.object({ uuid: v.string(), name: v.string() })),
  resident: v.object({
    uuid: v.string(),
    firstName: v.string(),
    lastName: v.string(),
    street: v.string(),
    number: v.string(),
  }),
  backgroundColor: v.nullable(v.string()),
  foregroundColor: v.nullable(v.string()),
  backgroundImage: v.nullable(EventImageRefSchema),
  profile: v.nullable(EventImageRefSchema),
});

export const EventAnswerSchema = v.object({
  ...EventSummarySchema.entries,
  massiveEventGuests: v.array(GuestAnswerSchema),
});

/** `GET api/massiveEvents/`: pairs of [event, guest count]. */
export const EventListSchema = v.array(v.tuple([EventSummarySchema, v.number()]));

/** `POST api/massiveEvents` and `POST …/clone` answer the new event's uuid. */
export const EventUuidSchema = v.string();
