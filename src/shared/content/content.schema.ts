/**
 * Bodies and form values of notices, newsletters and promotions: one
 * schema per form, the route's body schema beside it. The route is strict about dates
 * (`YYYY-MM-DDTHH:mm:ss`); the form also takes a picker's minutes and adds the seconds.
 */
import * as v from 'valibot';
import {
  CONTACT_MAX,
  CONTACT_MIN,
  DESCRIPTION_MAX,
  endNotBeforeStart,
  IMAGE_CONTENT_MESSAGE,
  isContentDate,
  newsletterTypeCode,
  TITLE_MAX,
  TITLE_MIN,
  toContentDate,
} from './content-rules.js';
import { objectWithMessages } from '../platform/address-fields.schema.js';

export const ContentMessages = {
  title: 'Asigna un Título',
  titleLength: `El título debe tener de ${TITLE_MIN} a ${TITLE_MAX} caracteres.`,
  description: 'Asigna una descripción',
  descriptionLength: `La descripción admite como máximo ${DESCRIPTION_MAX} caracteres.`,
  contact: (what: string) => `${what} debe tener de ${CONTACT_MIN} a ${CONTACT_MAX} caracteres.`,
  startDate: 'Asigna una fecha de inicio válida (AAAA-MM-DDTHH:mm:ss).',
  endDate: 'Asigna una fecha de término válida (AAAA-MM-DDTHH:mm:ss).',
  endBeforeStart: 'La fecha de término no puede ser anterior a la fecha de inicio.',
  startInPast: 'La fecha de inicio no puede ser anterior a la fecha actual.',
  type: 'Selecciona un tipo de boletín válido: Restaurante, Deportes, Social o Eventos.',
  zone: 'Selecciona una zona',
  street: 'Selecciona una calle',
  resident: 'Selecciona un residente',
  segments: 'Un aviso segmentado necesita al menos una zona, calle o residente.',
  notSegmented: 'Un aviso para todo el fraccionamiento no lleva zonas, calles ni residentes.',
  segmentList: 'La lista de segmentos no es válida.',
  invalid: 'Los datos enviados no son válidos.',
} as const;
const M = ContentMessages;

const title = () =>
  v.pipe(
    v.optional(v.string(M.title), ''),
    v.trim(),
    v.nonEmpty(M.title),
    v.minLength(TITLE_MIN, M.titleLength),
    v.maxLength(TITLE_MAX, M.titleLength),
  );
const description = () =>
  v.pipe(
    v.optional(v.string(M.description), ''),
    v.check((s) => s.trim() !== '', M.description),
    v.maxLength(DESCRIPTION_MAX, M.descriptionLength),
  );
/** An optional contact field: absent, null or blank is none; otherwise 3 to 300 characters. */
const contact = (what: string) =>
  v.pipe(
    v.optional(v.nullable(v.string(M.contact(what))), null),
    v.transform((s) => (s ?? '').trim()),
    v.check((s) => s === '' || (s.length >= CONTACT_MIN && s.length <= CONTACT_MAX), M.contact(what)),
    v.transform((s) => (s === '' ? null : s)),
  );
/** The contract's date; `picker` also takes 'YYYY-MM-DDTHH:mm' (the form's date-time input) and adds ':00'. */
const date = (message: string, picker: boolean) =>
  v.pipe(
    v.optional(v.string(message), ''),
    v.transform((s) => (picker ? toContentDate(s) : s)),
    v.check((s: string) => isContentDate(s), message),
  );

/** An image sent with a save: base64 `content` (File attachment). Checked by content on the server. */
export const ContentImageSchema = v.object(
  {
    uuid: v.optional(v.nullable(v.string(IMAGE_CONTENT_MESSAGE))),
    name: v.optional(
      v.nullable(
        v.pipe(v.string(IMAGE_CONTENT_MESSAGE), v.maxLength(255, 'El nombre del archivo es demasiado largo.')),
      ),
    ),
    extension: v.optional(v.nullable(v.string(IMAGE_CONTENT_MESSAGE))),
    mimeType: v.optional(v.nullable(v.string(IMAGE_CONTENT_MESSAGE))),
    content: v.optional(v.nullable(v.string(IMAGE_CONTENT_MESSAGE))),
  },
  IMAGE_CONTENT_MESSAGE,
);
export type ContentImage = v.InferOutput<typeof ContentImageSchema>;

const commonEntries = (picker: boolean) => ({
  title: title(),
  description: description(),
  contactName: contact('El nombre de contacto'),
  contactPhone: contact('El teléfono de contacto'),
  contactEmail: contact('El correo de contacto'),
  contactLink: contact('El enlace de contacto'),
  startDate: date(M.startDate, picker),
  endDate: date(M.endDate, picker),
});
/** What the routes take besides the fields: `file` (absent keeps the image, null removes it), and echoed ids they ignore. */
const bodyExtras = {
  uuid: v.optional(v.unknown()),
  fileId: v.optional(v.unknown()),
  file: v.optional(v.nullable(ContentImageSchema)),
};

/** The end is not before the start, reported on the end date. */
const endAfterStart = (i: { startDate: string; endDate: string }) => endNotBeforeStart(i.startDate, i.endDate);

// ---- Promotions ---------------------------------------------------------------------------

export const PromotionFormSchema = v.pipe(
  objectWithMessages(commonEntries(true), M.invalid),
  v.forward(v.partialCheck([['startDate'], ['endDate']], endAfterStart, M.endBeforeStart), ['endDate']),
);
export const PromotionBodySchema = v.pipe(
  objectWithMessages({ ...commonEntries(false), ...bodyExtras }, M.invalid),
  v.forward(v.partialCheck([['startDate'], ['endDate']], endAfterStart, M.endBeforeStart), ['endDate']),
);
export type PromotionBody = v.InferOutput<typeof PromotionBodySchema>;

// ---- Newsletters --------------------------------------------------------------------------

const newsletterType = () =>
  v.pipe(
    v.optional(v.union([v.string(M.type), v.number(M.type)], M.type), ''),
    v.transform((value: string | number): number => newsletterTypeCode(value) ?? 0),
    v.check((code: number) => code !== 0, M.type),
  );
export const NewsletterFormSchema = v.pipe(
  objectWithMessages({ ...commonEntries(true), type: newsletterType() }, M.invalid),
  v.forward(v.partialCheck([['startDate'], ['endDate']], endAfterStart, M.endBeforeStart), ['endDate']),
);
export const NewsletterBodySchema = v.pipe(
  objectWithMessages({ ...commonEntries(false), type: newsletterType(), ...bodyExtras }, M.invalid),
  v.forward(v.partialCheck([['startDate'], ['endDate']], endAfterStart, M.endBeforeStart), ['endDate']),
);
export type NewsletterBody = v.InferOutput<typeof NewsletterBodySchema>;

// ---- Notices ------------------------------------------------------------------------------

/** An id as a select sends it: a positive integer, its digits, or '' / null for none. */
const optionalId = (message: string) =>
  v.pipe(
    v.optional(v.nullable(v.union([v.string(message), v.number(message)], message)), null),
    v.transform((x) => (x === null || x === '' ? null : Number(x))),
    v.check((n) => n === null || (Number.isSafeInteger(n) && n > 0), message),
  );
const idList = (key: 'idZone' | 'idStreet' | 'idResident', message: string) =>
  v.pipe(
    v.optional(v.nullable(v.array(v.record(v.string(), v.unknown(), message), M.segmentList)), null),
    v.transform((list): unknown[] => (list ?? []).map((item) => item[key])),
    v.maxLength(500, M.segmentList),
    v.check((ids: unknown[]) => ids.every((n) => typeof n === 'number' && Number.isSafeInteger(n) && n > 0), message),
    v.transform((ids: unknown[]) => ids as number[]),
  );
/**
 * Body of `POST api/notices` and `PUT api/notices/{uuid}`: `segmented` false (or absent) is the
 * whole community; otherwise the lists `zones` / `streets` / `residents` of `{ idZone }` /
 * `{ idStreet }` / `{ idResident }` and, as the web sends them on create, the single `idZone`,
 * `idStreet`, `idResident` (empty when for all). The route merges both and checks each id.
 */
export const NoticeBodySchema = v.pipe(
  objectWithMessages(
    {
      ...commonEntries(false),
      ...bodyExtras,
      segmented: v.optional(v.boolean(M.invalid), false),
      zones: idList('idZone', M.zone),
      streets: idList('idStreet', M.street),
      residents: idList('idResident', M.resident),
      idZone: optionalId(M.zone),
      idStreet: optionalId(M.street),
      idResident: optionalId(M.resident),
    },
    M.invalid,
  ),
  v.forward(v.partialCheck([['startDate'], ['endDate']], endAfterStart, M.endBeforeStart), ['endDate']),
  v.transform(({ zones, streets, residents, idZone, idStreet, idResident, ...rest }) => {
    const merged = (list: number[], one: number | null) => [...new Set(one === null ? list : [...list, one])];
    return {
      ...rest,
      zoneIds: merged(zones, idZone),
      streetIds: merged(streets, idStreet),
      residentIds: merged(residents, idResident),
    };
  }),
  v.check((b) => b.segmented || b.zoneIds.length + b.streetIds.length + b.residentIds.length === 0, M.notSegmented),
  v.check((b) => !b.segmented || b.zoneIds.length + b.streetIds.length + b.residentIds.length > 0, M.segments),
);
export type NoticeBody = v.InferOutput<typeof NoticeBodySchema>;

/** A selector's value in the notice form: '' for none, or the chosen id. */
const chosen = v.optional(v.union([v.literal(''), v.number()]), '');
/**
 * 'Nuevo aviso' / 'Editar aviso': unless 'Para todo el fraccionamiento' is checked
 * (`segmented` false), zone, street and resident are all required. Its output is the body the
 * web sends: the single ids and the one-item lists, or none of them for the whole community.
 */
export const NoticeFormSchema = v.pipe(
  objectWithMessages(
    {
      ...commonEntries(true),
      segmented: v.optional(v.boolean(), false),
      idZone: chosen,
      idStreet: chosen,
      idResident: chosen,
    },
    M.invalid,
  ),
  v.forward(v.partialCheck([['startDate'], ['endDate']], endAfterStart, M.endBeforeStart), ['endDate']),
  v.forward(
    v.partialCheck([['segmented'], ['idZone']], (i) => !i.segmented || i.idZone !== '', M.zone),
    ['idZone'],
  ),
  v.forward(
    v.partialCheck([['segmented'], ['idStreet']], (i) => !i.segmented || i.idStreet !== '', M.street),
    ['idStreet'],
  ),
  v.forward(
    v.partialCheck([['segmented'], ['idResident']], (i) => !i.segmented || i.idResident !== '', M.resident),
    ['idResident'],
  ),
  v.transform(({ idZone, idStreet, idResident, ...rest }) =>
    rest.segmented
      ? {
          ...rest,
          idZone,
          idStreet,
          idResident,
          zones: [{ idZone }],
          streets: [{ idStreet }],
          residents: [{ idResident }],
        }
      : { ...rest, idZone: '', idStreet: '', idResident: '', zones: null, streets: null, residents: null },
  ),
);
export type NoticeFormOutput = v.InferOutput<typeof NoticeFormSchema>;
