import * as v from 'valibot';
import {
  addressEntries,
  extNumber,
  INVALID_BODY,
  licenceCount,
  NAME_MAX,
  NAME_MESSAGE,
  objectWithMessages,
  postalCode,
  requiredText,
  tooLong,
} from '../platform/address-fields.schema.js';
import { EMAIL_PATTERN } from '../session/auth.schema.js';

/** Messages of the integrator form; the rest are in address-fields.schema.ts. */
export const LAST_NAME_MESSAGE = 'Por favor, introduce un apellido';
/** The specification writes 'con formato {email}': the example address shown is ours. */
export const EMAIL_FORMAT_MESSAGE = 'Por favor, introduzca un correo con formato usuario@dominio.com';
export const PHONE_MESSAGE = 'Por favor, introduce un Teléfono';
export const PHONE_DIGITS_MESSAGE = 'El teléfono debe tener 10 dígitos.';
export const EMAIL_MAX = 64;
/** User type of an integrator account. */
export const INTEGRATOR_USER_TYPE = 14;

const name = () => requiredText(NAME_MESSAGE, NAME_MAX, tooLong('El nombre', NAME_MAX));
const lastName = () => requiredText(LAST_NAME_MESSAGE, NAME_MAX, tooLong('El apellido', NAME_MAX));
export const integratorEmail = () =>
  v.pipe(
    v.string(EMAIL_FORMAT_MESSAGE),
    v.trim(),
    v.nonEmpty(EMAIL_FORMAT_MESSAGE),
    v.maxLength(EMAIL_MAX, tooLong('El correo', EMAIL_MAX)),
    v.regex(EMAIL_PATTERN, EMAIL_FORMAT_MESSAGE),
  );
const phone = () =>
  v.pipe(v.string(PHONE_MESSAGE), v.trim(), v.nonEmpty(PHONE_MESSAGE), v.regex(/^\d{10}$/, PHONE_DIGITS_MESSAGE));

/** The 'Alta integrador' / 'Editar integrador' form, field by field. */
export const IntegratorFormSchema = objectWithMessages(
  {
    name: name(),
    lastName: lastName(),
    email: integratorEmail(),
    phone: phone(),
    cp: postalCode(),
    ...addressEntries,
    number: extNumber(),
    licenses: licenceCount(),
  },
  INVALID_BODY,
);
export type IntegratorFormInput = v.InferInput<typeof IntegratorFormSchema>;
export type IntegratorForm = v.InferOutput<typeof IntegratorFormSchema>;

/**
 * Body of `POST api/integrator` and `PUT api/integrator/{uuid}`: the integrator's
 * fields plus `user` (the account: email and names; ids, status and type are the server's).
 */
export const IntegratorBodySchema = objectWithMessages(
  {
    uuid: v.optional(v.nullable(v.string())),
    name: name(),
    lastName: lastName(),
    phone: phone(),
    /** Optional in the body: the colony (`idAddress`) fixes it; when sent it must match. */
    cp: v.optional(v.nullable(postalCode())),
    ...addressEntries,
    number: extNumber(),
    licenses: licenceCount(),
    user: objectWithMessages(
      {
        idUser: v.optional(v.unknown()),
        uuid: v.optional(v.unknown()),
        email: integratorEmail(),
        firstName: v.optional(v.unknown()),
        lastName: v.optional(v.unknown()),
        status: v.optional(v.unknown()),
        idUsersTypes: v.optional(v.unknown()),
      },
      EMAIL_FORMAT_MESSAGE,
    ),
  },
  INVALID_BODY,
);
export type IntegratorBodyInput = v.InferInput<typeof IntegratorBodySchema>;
export type IntegratorBody = v.InferOutput<typeof IntegratorBodySchema>;

/** The body the web sends for a filled form ('On save also user {...}'). */
export function integratorBodyOf(form: IntegratorForm): IntegratorBodyInput {
  return {
    name: form.name,
    lastName: form.lastName,
    phone: form.phone,
    cp: form.cp,
    idAddress: form.idAddress,
    street: form.street,
    number: form.number,
    intNumber: form.intNumber,
    licenses: form.licenses,
    user: {
      idUser: null,
      uuid: null,
      email: form.email,
      firstName: form.name,
      lastName: form.lastName,
      status: 'ACTIVE',
      idUsersTypes: INTEGRATOR_USER_TYPE,
    },
  };
}
