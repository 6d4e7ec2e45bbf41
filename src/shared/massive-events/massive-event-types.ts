import type * as v from 'valibot';
import type {
  EventAnswerSchema,
  EventListSchema,
  EventSummarySchema,
  GuestAnswerSchema,
} from './massive-event.answer.js';

export type MassiveEvent = v.InferOutput<typeof EventAnswerSchema>;
export type MassiveEventSummary = v.InferOutput<typeof EventSummarySchema>;
export type MassiveEventList = v.InferOutput<typeof EventListSchema>;
export type Guest = v.InferOutput<typeof GuestAnswerSchema>;
