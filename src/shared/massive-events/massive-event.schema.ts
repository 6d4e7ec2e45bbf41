/**
 * Massive events' and guests' input: the wizard's step 1 and
 * guest forms, the guest import's rows, and the bodies of `api/massiveEvents` and
 * `api/massiveEventGuests` pass these rules, on the web and on the server.
 */
import * as v from 'valibot';
import {
  EVENT_DATE_CEILING,
  EVENT_INFO_MAX,
  EVENT_TITLE_MAX,
  GUEST_FIELD_MAX,
  normalizeLocal,
} from './massive-event-rules.js';
import { INVALID_ID, INVALID_RECORD, required } from '../catalogues/catalogue.schema.js';

export const EventMessages = {
  title: 'El título es obligatorio.',
  titleLength: `El título debe tener como máximo ${EVENT_TITLE_MAX} caracteres.`,
  info: `La información adicional debe tener como máximo ${EVENT_INFO_MAX} caracteres.`,
  date: 'La fecha del evento es obligatoria.',
  dateFormat: 'La fecha y hora deben tener el formato AAAA-MM-DD HH:mm.',
  dateCeiling: 'La fecha no puede ser posterior al 30/12/2100.',
  datePast: 'La fecha del evento no puede ser anterior a hoy.',
  time: 'La hora es obligatoria, en formato de 24 horas (HH:mm).',
  place: 'Selecciona el lugar del evento.',
  resident: 'Selecciona un residente.',
  color: 'El color debe tener 6 dígitos hexadecimales, sin #.',
  image: 'La imagen enviada no es válida.',
  version: 'La versión del evento no es válida.',
} as const;

export const GuestMessages = {
  firstName: 'El nombre es obligatorio.',
  firstNameLength: `El nombre debe tener como máximo ${GUEST_FIELD_MAX} caracteres.`,
  lastName: 'Los apellidos son obligatorios.',
  lastNameLength: `Los apellidos deben tener como máximo ${GUEST_FIELD_MAX} caracteres.`,
  phone: `El teléfono debe tener solo dígitos, como máximo ${GUEST_FIELD_MAX}.`,
  email: 'Por favor, introduzca un correo con formato nombre@dominio.com en minúsculas.',
  emailLength: `El correo debe tener como máximo ${GUEST_FIELD_MAX} caracteres.`,
  event: 'Indica el evento del invitado.',
  tooMany: 'Se pueden enviar como máximo 10,000 invitados a la vez.',
} as const;
const E = EventMessages;
const G = GuestMessages;

/** The most guests one bulk call (and one import) takes. */
export const MAX_GUESTS_PER_CALL = 10_000;

/** A lower-case {email} pattern. */
export const LOWER_EMAIL_PATTERN = /^[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}$/;
const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2})?$/;

/** A real calendar date-time (2026-02-30 is not). */
const isRealDateTime = (s: string) => {
  const local = normalizeLocal(s);
  const d = new Date(`${local}Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 19) === local;
};

export const UuidRefSchema = v.object({ uuid: v.pipe(v.string(INVALID_ID), v.uuid(INVALID_ID)) }, INVALID_ID);

/** A local date-time of the event's start: real, up to 2100-12-30 (the past is checked where "now" is known). */
export const startDateOf = () =>
  required(
    v.pipe(
      v.string(E.date),
      v.trim(),
      v.nonEmpty(E.date),
      v.regex(LOCAL_DATE_TIME, E.dateFormat),
      v.check(isRealDateTime, E.dateFormat),
      v.transform(normalizeLocal),
      v.check((s) => s.slice(0, 10) <= EVENT_DATE_CEILING, E.dateCeiling),
    ),
    E.date,
  );

const title = () =>
  required(
    v.pipe(v.string(E.title), v.trim(), v.nonEmpty(E.title), v.maxLength(EVENT_TITLE_MAX, E.titleLength)),
    E.title,
  );
const info = () => v.optional(v.pipe(v.string(E.info), v.trim(), v.maxLength(EVENT_INFO_MAX, E.info)), '');
const version = () => v.optional(v.pipe(v.number(E.version), v.integer(E.version), v.minValue(1, E.version)));

/** `POST api/massiveEvents` and `PUT api/massiveEvents/{id}`. `version`: the one read, to refuse a stale save. */
export const EventSchema = v.object(
  {
    title: title(),
    additionalInformation: info(),
    startDate: startDateOf(),
    /** null: 'Casa del residente'. */
    commonArea: v.optional(v.nullable(UuidRefSchema), null),
    resident: required(UuidRefSchema, E.resident),
    version: version(),
  },
  INVALID_RECORD,
);
export type EventBody = v.InferOutput<typeof EventSchema>;

/** The place select's value for 'Casa del residente'. */
export const RESIDENT_HOME = 'home';

/**
 * The wizard's step 1 form: title, place (a common area or the resident's
 * house), resident, date (not before today: `today` is given), time in 24 hours, information.
 * Its output is the body of the create and update calls.
 */
export const eventStepSchema = (today: string) =>
  v.pipe(
    v.object(
      {
        title: title(),
        place: required(v.pipe(v.string(E.place), v.nonEmpty(E.place)), E.place),
        resident: required(v.pipe(v.string(E.resident), v.nonEmpty(E.resident), v.uuid(E.resident)), E.resident),
        date: required(
          v.pipe(
            v.string(E.date),
            v.nonEmpty(E.date),
            v.regex(/^\d{4}-\d{2}-\d{2}$/, E.dateFormat),
            v.check((d) => isRealDateTime(`${d}T00:00`), E.dateFormat),
            v.check((d) => d >= today, E.datePast),
            v.check((d) => d <= EVENT_DATE_CEILING, E.dateCeiling),
          ),
          E.date,
        ),
        time: required(v.pipe(v.string(E.time), v.regex(/^([01]\d|2[0-3]):[0-5]\d$/, E.time)), E.time),
        additionalInformation: info(),
      },
      INVALID_RECORD,
    ),
    v.transform(
      (f): EventBody => ({
        title: f.title,
        additionalInformation: f.additionalInformation,
        startDate: normalizeLocal(`${f.date}T${f.time}`),
        commonArea: f.place === RESIDENT_HOME ? null : { uuid: f.place },
        resident: { uuid: f.resident },
        version: undefined,
      }),
    ),
  );

/** A guest's own fields. */
export const GuestFieldsSchema = v.object(
  {
    firstName: required(
      v.pipe(v.string(G.firstName), v.trim(), v.nonEmpty(G.firstName), v.maxLength(GUEST_FIELD_MAX, G.firstNameLength)),
      G.firstName,
    ),
    lastName: required(
      v.pipe(v.string(G.lastName), v.trim(), v.nonEmpty(G.lastName), v.maxLength(GUEST_FIELD_MAX, G.lastNameLength)),
      G.lastName,
    ),
    phone: v.optional(
      v.pipe(v.string(G.phone), v.trim(), v.regex(/^\d*$/, G.phone), v.maxLength(GUEST_FIELD_MAX, G.phone)),
      '',
    ),
    email: v.optional(
      v.pipe(
        v.string(G.email),
        v.trim(),
        v.maxLength(GUEST_FIELD_MAX, G.emailLength),
        v.check((e) => e === '' || LOWER_EMAIL_PATTERN.test(e), G.email),
      ),
      '',
    ),
  },
  INVALID_RECORD,
);
export type GuestFields = v.InferOutput<typeof GuestFieldsSchema>;

const guestUuid = () =>
  v.optional(v.nullable(v.union([v.literal(''), v.pipe(v.string(INVALID_ID), v.uuid(INVALID_ID))], INVALID_ID)));

/** `POST api/massiveEventGuests/` and `PUT api/massiveEventGuests/{id}`; `uuid` is ignored on create. */
export const GuestSchema = v.object(
  {
    ...GuestFieldsSchema.entries,
    uuid: guestUuid(),
    massiveEvent: required(UuidRefSchema, G.event),
  },
  INVALID_RECORD,
);
export const UpdateGuestSchema = v.object(
  {
    ...GuestFieldsSchema.entries,
    uuid: guestUuid(),
    massiveEvent: v.optional(UuidRefSchema),
  },
  INVALID_RECORD,
);

/** `POST api/massiveEventGuests/multiple`: guests of one event, created in one statement. */
export const MultipleGuestsSchema = v.object(
  {
    massiveEvent: required(UuidRefSchema, G.event),
    guests: v.pipe(
      v.array(v.object({ ...GuestFieldsSchema.entries, uuid: guestUuid() }, INVALID_RECORD), INVALID_RECORD),
      v.maxLength(MAX_GUESTS_PER_CALL, G.tooMany),
    ),
  },
  INVALID_RECORD,
);

/** `PUT api/massiveEvents/{id}/restore`: the event and its guest list exactly as they were when editing began. */
export const RestoreEventSchema = v.object(
  {
    title: title(),
    additionalInformation: info(),
    startDate: startDateOf(),
    commonArea: v.optional(v.nullable(UuidRefSchema), null),
    resident: required(UuidRefSchema, E.resident),
    version: version(),
    guests: v.pipe(
      v.array(
        v.object(
          { ...GuestFieldsSchema.entries, uuid: v.pipe(v.string(INVALID_ID), v.uuid(INVALID_ID)) },
          INVALID_RECORD,
        ),
        INVALID_RECORD,
      ),
      v.maxLength(MAX_GUESTS_PER_CALL, G.tooMany),
    ),
  },
  INVALID_RECORD,
);

const color = () => v.optional(v.pipe(v.string(E.color), v.regex(/^[0-9a-fA-F]{6}$/, E.color), v.toLowerCase()));

/** An image upload: a new file (name, extension, mimeType, base64 content) or an existing uuid. */
export const ImageUploadSchema = v.pipe(
  v.object(
    {
      uuid: v.optional(v.nullable(v.pipe(v.string(INVALID_ID), v.uuid(INVALID_ID)))),
      name: v.optional(v.pipe(v.string(E.image), v.maxLength(200, E.image))),
      extension: v.optional(v.pipe(v.string(E.image), v.maxLength(10, E.image))),
      mimeType: v.optional(v.pipe(v.string(E.image), v.maxLength(100, E.image))),
      content: v.optional(v.string(E.image)),
    },
    E.image,
  ),
  v.check((i) => Boolean(i.content) !== Boolean(i.uuid), E.image),
);
export type ImageUpload = v.InferOutput<typeof ImageUploadSchema>;

/**
 * `PUT api/massiveEvents/{id}/configure`: the invitation's design as a whole. A colour
 * left out is the default (8e8e8e text, ffffff background); an image left out or null is none; an
 * image `{ uuid }` keeps the event's current one.
 */
export const ConfigureEventSchema = v.object(
  {
    backgroundColor: color(),
    foregroundColor: color(),
    profile: v.optional(v.nullable(ImageUploadSchema)),
    backgroundImage: v.optional(v.nullable(ImageUploadSchema)),
    version: version(),
  },
  INVALID_RECORD,
);
export type ConfigureEventBody = v.InferOutput<typeof ConfigureEventSchema>;

export const EventIdParamsSchema = v.object({ id: v.pipe(v.string(INVALID_ID), v.uuid(INVALID_ID)) }, INVALID_RECORD);
