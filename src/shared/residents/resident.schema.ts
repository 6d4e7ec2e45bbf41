/**
 * Residents' input (Resident): the form 'Alta residente' / 'Editar
 * residente', the bodies of `POST api/residents` and `PUT api/residents/{uuid}`, and the rows of
 * the Excel import all pass these rules, on the web and on the server.
 */
import * as v from 'valibot';
import { EMAIL_PATTERN, REGISTRATION_PASSWORD_RULE, RegistrationPasswordSchema } from '../session/auth.schema.js';
import { INVALID_ID, INVALID_RECORD, idRef, required } from '../catalogues/catalogue.schema.js';
import { EMAIL_FORMAT_MESSAGE } from '../integrators/integrator.schema.js';
import { missingKeyMessage } from '../users/user.schema.js';
import { HOUSE_NUMBER_MESSAGE, isHouseNumber } from '../platform/address-fields.schema.js';

export const RESIDENT_NAME_MIN = 3;
export const RESIDENT_NAME_MAX = 64;
export const RESIDENT_EMAIL_MAX = 64;
export const RESIDENT_NUMBER_MAX = 8;
export const RESIDENT_PHONE_DIGITS = 10;
export const RESIDENT_MAX_PHONES = 4;

export const ResidentMessages = {
  firstName: 'El nombre es obligatorio.',
  firstNameLength: `El nombre debe tener de ${RESIDENT_NAME_MIN} a ${RESIDENT_NAME_MAX} caracteres.`,
  lastName: 'Los apellidos son obligatorios.',
  lastNameLength: `Los apellidos deben tener de ${RESIDENT_NAME_MIN} a ${RESIDENT_NAME_MAX} caracteres.`,
  emailRequired: 'El correo es obligatorio.',
  email: EMAIL_FORMAT_MESSAGE,
  emailLength: `El correo debe tener como máximo ${RESIDENT_EMAIL_MAX} caracteres.`,
  zone: 'Selecciona una zona.',
  street: 'Selecciona una calle.',
  number: 'El número exterior es obligatorio.',
  numberLength: `El número exterior debe tener como máximo ${RESIDENT_NUMBER_MAX} caracteres.`,
  intNumberLength: `El número interior debe tener como máximo ${RESIDENT_NUMBER_MAX} caracteres.`,
  actionLength: `La acción debe tener como máximo ${RESIDENT_NAME_MAX} caracteres.`,
  phoneRequired: 'El teléfono es obligatorio.',
  phone: `El teléfono debe tener solo dígitos, como máximo ${RESIDENT_PHONE_DIGITS}.`,
  phones: `Un residente puede tener como máximo ${RESIDENT_MAX_PHONES} teléfonos.`,
  flag: 'Valor no válido.',
} as const;
const M = ResidentMessages;

const name = (missing: string, length: string) =>
  required(
    v.pipe(
      v.string(missing),
      v.trim(),
      v.nonEmpty(missing),
      v.minLength(RESIDENT_NAME_MIN, length),
      v.maxLength(RESIDENT_NAME_MAX, length),
    ),
    missing,
  );
const houseNumber = () =>
  required(
    v.pipe(
      v.string(M.number),
      v.trim(),
      v.nonEmpty(M.number),
      v.maxLength(RESIDENT_NUMBER_MAX, M.numberLength),
      v.check(isHouseNumber, HOUSE_NUMBER_MESSAGE),
    ),
    M.number,
  );
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
const flag = () =>
  v.pipe(
    v.optional(v.nullable(v.boolean(M.flag)), false),
    v.transform((b) => b === true),
  );

/** A resident's email: required, at most 64, the {email} pattern; kept lower-case. */
export const residentEmail = () =>
  required(
    v.pipe(
      v.string(M.emailRequired),
      v.trim(),
      v.nonEmpty(M.emailRequired),
      v.maxLength(RESIDENT_EMAIL_MAX, M.emailLength),
      v.regex(EMAIL_PATTERN, M.email),
      v.toLowerCase(),
    ),
    M.emailRequired,
  );

/** One phone: digits only, at most 10. `uuid` names a saved phone on edit. */
export const PhoneSchema = v.object(
  {
    uuid: v.optional(v.nullable(v.pipe(v.string(INVALID_ID), v.uuid(INVALID_ID)))),
    phone: required(
      v.pipe(v.string(M.phone), v.trim(), v.nonEmpty(M.phoneRequired), v.regex(/^\d{1,10}$/, M.phone)),
      M.phoneRequired,
    ),
  },
  INVALID_RECORD,
);

/** The first phone is required, up to 4 in all. */
export const phonesField = () =>
  required(
    v.pipe(
      v.array(PhoneSchema, M.phoneRequired),
      v.minLength(1, M.phoneRequired),
      v.maxLength(RESIDENT_MAX_PHONES, M.phones),
    ),
    M.phoneRequired,
  );

const residentEntries = {
  firstName: name(M.firstName, M.firstNameLength),
  lastName: name(M.lastName, M.lastNameLength),
  email: residentEmail(),
  /** The community always comes from the session; a sent idFrac is ignored. */
  idFrac: v.optional(v.unknown()),
  idStreet: idRef(M.street),
  number: houseNumber(),
  intNumber: v.pipe(optionalText(RESIDENT_NUMBER_MAX, M.intNumberLength), v.check(isHouseNumber, HOUSE_NUMBER_MESSAGE)),
  /** Only a club community keeps it. */
  action: optionalText(RESIDENT_NAME_MAX, M.actionLength),
  useapp: flag(),
  notresident: flag(),
  phones: phonesField(),
};
const fieldMessages = missingKeyMessage(
  {
    firstName: M.firstName,
    lastName: M.lastName,
    email: M.emailRequired,
    idStreet: M.street,
    number: M.number,
    phones: M.phoneRequired,
  },
  INVALID_RECORD,
);

/** One resident of `POST api/residents` (a list of one). */
export const ResidentSchema = v.object(residentEntries, fieldMessages);
export type ResidentInput = v.InferOutput<typeof ResidentSchema>;
export const CreateResidentSchema = v.pipe(
  v.array(ResidentSchema, 'Se esperaba una lista con un residente.'),
  v.length(1, 'Envía un residente a la vez.'),
);

/** Body of `PUT api/residents/{uuid}`: the same fields, `idZone` echoed (the street decides the zone). */
export const UpdateResidentSchema = v.object({ ...residentEntries, idZone: v.optional(v.unknown()) }, fieldMessages);

/**
 * The form's values (zone chosen before the street; phones as typed). Validating them with this
 * schema gives each field's message under its name (`phones.0.phone` for a phone).
 */
export const ResidentFormSchema = v.object({ ...residentEntries, idZone: idRef(M.zone) }, fieldMessages);
export type ResidentFormInput = v.InferInput<typeof ResidentFormSchema>;

/** `POST api/residents/validateEmail/`: the email, and the resident being edited. */
export const ValidateEmailSchema = v.object(
  {
    email: residentEmail(),
    residentUuid: v.optional(v.nullable(v.pipe(v.string(INVALID_ID), v.uuid(INVALID_ID)))),
  },
  INVALID_RECORD,
);

/** `POST api/residents/reactivateEmail/`. */
export const ReactivateEmailSchema = v.object({ email: residentEmail() }, INVALID_RECORD);

/** `PUT api/residents/enable/{id}`, `disable/{id}`, `resendRegistrationEmail/{id}`: the resident's uuid. */
export const ResidentIdParamsSchema = v.object(
  { id: v.pipe(v.string(INVALID_ID), v.uuid(INVALID_ID)) },
  INVALID_RECORD,
);

/** `GET api/residents/streets/{streetUuid}`. */
export const StreetUuidParamsSchema = v.object(
  { streetUuid: v.pipe(v.string(INVALID_ID), v.uuid(INVALID_ID)) },
  INVALID_RECORD,
);

/** `GET api/residents/findOne`: by `uuid`, or by `email` (exact, case-insensitive). */
export const FindResidentQuerySchema = v.pipe(
  v.object(
    {
      uuid: v.optional(v.pipe(v.string(INVALID_ID), v.uuid(INVALID_ID))),
      email: v.optional(
        v.pipe(v.string(M.email), v.trim(), v.maxLength(RESIDENT_EMAIL_MAX, M.emailLength), v.toLowerCase()),
      ),
    },
    INVALID_RECORD,
  ),
  v.check((q) => !!q.uuid !== !!q.email, 'Indica uuid o email (uno de los dos).'),
);

/** Query of the paged list: `page`, `size`, `search` and `useApp` ('true' shows only residents with app use). */
export const ResidentListFilterSchema = v.object({
  useApp: v.optional(
    v.pipe(
      v.picklist(['true', 'false', ''], 'Filtro no válido.'),
      v.transform((s) => s === 'true'),
    ),
    '',
  ),
});

/** `POST api/residents/register`: the resident app's half of the code. */
export const ResidentRegistrationSchema = v.object(
  {
    email: residentEmail(),
    code: required(
      v.pipe(
        v.string('El código es obligatorio.'),
        v.trim(),
        v.toUpperCase(),
        v.regex(/^[A-Z0-9]{6}$/, 'El código no es válido.'),
      ),
      'El código es obligatorio.',
    ),
    /** The registration's password rule. */
    password: required(RegistrationPasswordSchema, REGISTRATION_PASSWORD_RULE),
  },
  INVALID_RECORD,
);
