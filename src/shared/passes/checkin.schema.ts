import * as v from 'valibot';
import { PASS_TEXT_MAX } from './pass-types.js';
import { CheckinTexts } from './checkin-rules.js';

/** POST api/massiveEventGuests/checkin and /checkout: the pass's text as the QR holds it. */
export const CheckinBodySchema = v.object({
  pass: v.pipe(
    v.string(CheckinTexts.emptyPass),
    v.trim(),
    v.nonEmpty(CheckinTexts.emptyPass),
    v.maxLength(PASS_TEXT_MAX, CheckinTexts.emptyPass),
  ),
});

/**
 * The registered entry or exit. `kind` says whose pass it was: a massive event's guest (`event`
 * set) or a construction worker's credential (`construction` set, a visit EMPLOYEE);
 * `guest` is the person in both (the guest, or the worker).
 */
export const CheckinAnswerSchema = v.object({
  visitUuid: v.string(),
  direction: v.picklist(['IN', 'OUT']),
  kind: v.picklist(['massiveEventGuest', 'workerCredential']),
  guest: v.object({ uuid: v.string(), firstName: v.string(), lastName: v.string() }),
  event: v.nullable(v.object({ uuid: v.string(), title: v.string() })),
  construction: v.nullable(v.object({ uuid: v.string(), name: v.string(), number: v.string() })),
  at: v.string(),
});
export type CheckinAnswer = v.InferOutput<typeof CheckinAnswerSchema>;
