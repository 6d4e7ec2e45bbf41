/**
 * Construction sites' input: the form and the bodies of
 * `POST api/constructions` / `PUT api/constructions/{id}`. "The start not before today" needs the
 * clock:
 * `startNotPast` checks it where today is known (the form, the routes).
 */
import * as v from 'valibot';
import { SITE_DATE_CEILING, SITE_NAME_MAX, SITE_NUMBER_MAX, TERRAIN_NUMBER_MAX } from './construction-rules.js';
import { INVALID_ID, INVALID_RECORD, required } from '../catalogues/catalogue.schema.js';

export const ConstructionMessages = {
  name: 'El nombre de la obra es obligatorio.',
  nameLength: `El nombre de la obra admite como máximo ${SITE_NAME_MAX} caracteres.`,
  street: 'Selecciona una calle.',
  contractor: 'Selecciona un contratista.',
  number: 'El número de terreno es obligatorio.',
  numberLength: `El número de terreno admite como máximo ${TERRAIN_NUMBER_MAX} caracteres.`,
  streetNumber: 'El número de obra es obligatorio.',
  streetNumberLength: `El número de obra admite como máximo ${SITE_NUMBER_MAX} caracteres.`,
  startDate: 'La fecha de inicio es obligatoria.',
  endDate: 'La fecha de fin es obligatoria.',
  dateFormat: 'La fecha debe tener el formato AAAA-MM-DD.',
  ceiling: 'La fecha no puede ser posterior al 30/12/2100.',
  startPast: 'La fecha de inicio no puede ser anterior a hoy.',
  endBeforeStart: 'La fecha de fin no puede ser anterior a la fecha de inicio.',
} as const;
const M = ConstructionMessages;

const isRealDate = (s: string) => {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};
const date = (message: string) =>
  required(
    v.pipe(
      v.string(message),
      v.trim(),
      v.nonEmpty(message),
      v.regex(/^\d{4}-\d{2}-\d{2}$/, M.dateFormat),
      v.check(isRealDate, M.dateFormat),
      v.check((s) => s <= SITE_DATE_CEILING, M.ceiling),
    ),
    message,
  );
const text = (message: string, max: number, tooLong: string) =>
  required(v.pipe(v.string(message), v.trim(), v.nonEmpty(message), v.maxLength(max, tooLong)), message);
const ref = (message: string) =>
  required(v.object({ uuid: v.pipe(v.string(message), v.uuid(INVALID_ID)) }, message), message);

const common = {
  name: text(M.name, SITE_NAME_MAX, M.nameLength),
  contractor: ref(M.contractor),
  street: ref(M.street),
  startDate: date(M.startDate),
  endDate: date(M.endDate),
};

/**
 * `POST api/constructions`: name, contractor{uuid}, number (terrain), streetNumber (site number),
 * street{uuid}, startDate, endDate. "The start not before today" is `startNotPast` (the route and
 * the form apply it where today is known).
 */
export const ConstructionCreateSchema = v.pipe(
  v.object(
    {
      ...common,
      number: text(M.number, TERRAIN_NUMBER_MAX, M.numberLength),
      streetNumber: text(M.streetNumber, SITE_NUMBER_MAX, M.streetNumberLength),
    },
    INVALID_RECORD,
  ),
  v.forward(
    v.check((s) => s.endDate >= s.startDate, M.endBeforeStart),
    ['endDate'],
  ),
);

/** The start of a new site (or a changed start) is not before `today` (YYYY-MM-DD). */
export const startNotPast = (startDate: string, today: string) => startDate >= today;

/**
 * `PUT api/constructions/{id}`: name, contractor, street, startDate, endDate; the terrain
 * number may come too. The site number is fixed after creation (a sent one is ignored). A start
 * that changes is not before today: the route checks it against the stored start.
 */
export const ConstructionUpdateSchema = v.pipe(
  v.object(
    {
      ...common,
      number: v.optional(
        v.pipe(v.string(M.number), v.trim(), v.nonEmpty(M.number), v.maxLength(TERRAIN_NUMBER_MAX, M.numberLength)),
      ),
    },
    INVALID_RECORD,
  ),
  v.forward(
    v.check((s) => s.endDate >= s.startDate, M.endBeforeStart),
    ['endDate'],
  ),
);

export type ConstructionCreateBody = v.InferOutput<typeof ConstructionCreateSchema>;
export type ConstructionUpdateBody = v.InferOutput<typeof ConstructionUpdateSchema>;

/** `GET api/constructions/contractor/?contractor={id}`. */
export const ContractorQuerySchema = v.object({ contractor: v.pipe(v.string(M.contractor), v.uuid(INVALID_ID)) });

/**
 * The site form's fields (Construction form): the contractor and street as the uuids the
 * selects hold, `keptStart` the stored start of an edited site (a start left as it was may be past).
 */
export const constructionFormSchema = (today: string) =>
  v.pipe(
    v.object(
      {
        name: common.name,
        contractor: required(v.pipe(v.string(M.contractor), v.nonEmpty(M.contractor)), M.contractor),
        street: required(v.pipe(v.string(M.street), v.nonEmpty(M.street)), M.street),
        number: text(M.number, TERRAIN_NUMBER_MAX, M.numberLength),
        streetNumber: text(M.streetNumber, SITE_NUMBER_MAX, M.streetNumberLength),
        startDate: common.startDate,
        endDate: common.endDate,
        keptStart: v.optional(v.string(), ''),
      },
      INVALID_RECORD,
    ),
    v.forward(
      v.check((s) => s.startDate === s.keptStart || startNotPast(s.startDate, today), M.startPast),
      ['startDate'],
    ),
    v.forward(
      v.check((s) => s.endDate >= s.startDate, M.endBeforeStart),
      ['endDate'],
    ),
  );
export type ConstructionForm = v.InferOutput<ReturnType<typeof constructionFormSchema>>;

/** The form's values as the API's body: the site number only on create. */
export function constructionBodyOf(form: ConstructionForm, editing: boolean) {
  const body = {
    name: form.name,
    contractor: { uuid: form.contractor },
    street: { uuid: form.street },
    number: form.number,
    startDate: form.startDate,
    endDate: form.endDate,
  };
  return editing ? body : { ...body, streetNumber: form.streetNumber };
}
