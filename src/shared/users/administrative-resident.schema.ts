import * as v from 'valibot';
import { EMAIL_PATTERN } from '../session/auth.schema.js';
import { missingKeyMessage } from './user.schema.js';

/** Messages of the modal 'Configuración visitas administrativas'. */
export const AdministrativeResidentMessages = {
  firstName: 'El nombre es obligatorio.',
  lastName: 'Los apellidos son obligatorios.',
  emailRequired: 'El email es obligatorio.',
  email: 'El email debe tener un formato válido.',
  number: 'El número del domicilio es obligatorio.',
  zone: 'La zona es obligatoria.',
  street: 'La calle es obligatoria.',
  intNumber: 'El número interior debe tener como máximo 8 caracteres.',
  action: 'La acción debe tener como máximo 64 caracteres.',
  nameMax: 'El texto debe tener como máximo 64 caracteres.',
  invalid: 'Los datos de la visita administrativa no son válidos.',
  saved: 'Visita administrativa registrada correctamente.',
  failedTitle: 'Error',
  failed: 'Ocurrió un error.',
} as const;
const M = AdministrativeResidentMessages;

const required = (message: string, max: number, maxMessage: string = M.nameMax) =>
  v.pipe(v.string(message), v.trim(), v.nonEmpty(message), v.maxLength(max, maxMessage));
const optionalText = (max: number, message: string) =>
  v.optional(
    v.nullable(
      v.pipe(
        v.string(message),
        v.trim(),
        v.maxLength(max, message),
        v.transform((s) => (s === '' ? null : s)),
      ),
    ),
    null,
  );
const idOf = (message: string) =>
  v.union(
    [
      v.pipe(v.number(message), v.integer(message), v.minValue(1, message), v.maxValue(2_147_483_647, message)),
      v.pipe(
        v.string(message),
        v.regex(/^\d{1,10}$/, message),
        v.transform(Number),
        v.minValue(1, message),
        v.maxValue(2_147_483_647, message),
      ),
    ],
    message,
  );

const fields = {
  firstName: required(M.firstName, 64),
  lastName: required(M.lastName, 64),
  email: v.pipe(
    v.string(M.emailRequired),
    v.trim(),
    v.nonEmpty(M.emailRequired),
    v.maxLength(64, M.email),
    v.regex(EMAIL_PATTERN, M.email),
  ),
  /** The community always comes from the session; a sent idFrac is ignored. */
  idFrac: v.optional(v.unknown()),
  idStreet: idOf(M.street),
  number: required(M.number, 8, M.number),
  intNumber: optionalText(8, M.intNumber),
  useapp: v.optional(v.nullable(v.boolean()), false),
  action: optionalText(64, M.action),
  notresident: v.optional(v.nullable(v.boolean()), false),
};

/**
 * Body of `POST api/administrativeVisitUser/administrativeResident/` and of the PUT:
 * firstName, lastName, idFrac, idStreet, number, intNumber, useapp, action, notresident, email.
 * `idZone` is optional here (the street decides the zone); when sent it must be the street's zone.
 */
const missing = missingKeyMessage(
  {
    firstName: M.firstName,
    lastName: M.lastName,
    email: M.emailRequired,
    idStreet: M.street,
    number: M.number,
    idZone: M.zone,
  },
  M.invalid,
);

export const AdministrativeResidentSchema = v.object(
  {
    ...fields,
    idZone: v.optional(v.nullable(idOf(M.zone)), null),
  },
  missing,
);
export type AdministrativeResidentInput = v.InferOutput<typeof AdministrativeResidentSchema>;

/** The modal itself: the zone selector is required ('La zona es obligatoria.'). */
export const AdministrativeResidentFormSchema = v.object(
  {
    ...fields,
    idZone: idOf(M.zone),
  },
  missing,
);
export type AdministrativeResidentForm = v.InferInput<typeof AdministrativeResidentFormSchema>;
