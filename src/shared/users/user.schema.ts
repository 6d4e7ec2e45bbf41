import * as v from 'valibot';
import type { Role } from '../platform/roles.js';
import { isGuardType, needsAddress } from './user-types-allowed.js';
import { EMAIL_PATTERN } from '../session/auth.schema.js';
import { POSTAL_CODE_PATTERN } from '../platform/postal-code.js';
import { HOUSE_NUMBER_MESSAGE, isHouseNumber } from '../platform/address-fields.schema.js';

/** Messages of the users form; titles are the dialog titles the spec pairs with them. */
export const UserMessages = {
  typeRequired: 'El tipo de usuario es obligatorio.',
  emailTitle: 'Correo no válido',
  email: 'El texto ingresado debe ser un correo electrónico',
  codeTitle: 'Código incompleto',
  code: 'El código debe tener exactamente 4 caracteres',
  firstName: 'El nombre es obligatorio.',
  firstNameMax: 'El nombre debe tener como máximo 64 caracteres.',
  lastName: 'Los apellidos deben tener entre 3 y 64 caracteres.',
  phoneRequired: 'El número es obligatorio.',
  phoneDigits: 'El número debe contener 10 dígitos.',
  cp: 'Por favor, introduce el código postal',
  colony: 'Por favor, selecciona una colonia.',
  street: 'Por favor, introduce una calle',
  extNumber: 'Por favor, introduce un número exterior',
  intNumber: 'El número interior debe tener como máximo 8 caracteres.',
  invalid: 'Los datos del usuario no son válidos.',
  list: 'Se esperaba una lista de usuarios.',
  listSize: 'Envía de 1 a 50 usuarios a la vez.',
} as const;

export const EMAIL_MIN = 7;
export const EMAIL_MAX = 64;
export const GUARD_CODE_LENGTH = 4;
export const PHONE_DIGITS = 10;
const NAME_MAX = 64;
const NUMBER_MAX = 8;

/** Trimmed optional text; '' and null become null. */
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

/** A numeric id sent as a number or a digit string. */
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

export const isValidUserEmail = (email: string) =>
  email.length >= EMAIL_MIN && email.length <= EMAIL_MAX && EMAIL_PATTERN.test(email);

/**
 * The object's message names the field of a missing required key (valibot reports missing keys
 * with the object's message); any other object issue gets `fallback`.
 */
export const missingKeyMessage =
  (messages: Record<string, string>, fallback: string) => (issue: v.BaseIssue<unknown>) => {
    const key = (issue.path?.[0] as { key?: unknown } | undefined)?.key;
    return typeof key === 'string' && key in messages ? messages[key] : fallback;
  };

const UserFieldsSchema = v.object(
  {
    uuid: v.optional(v.nullable(v.string())),
    idUsersTypes: idOf(UserMessages.typeRequired),
    email: optionalText(EMAIL_MAX, UserMessages.email),
    vigilantCode: optionalText(GUARD_CODE_LENGTH, UserMessages.code),
    firstName: v.pipe(
      v.string(UserMessages.firstName),
      v.trim(),
      v.nonEmpty(UserMessages.firstName),
      v.maxLength(NAME_MAX, UserMessages.firstNameMax),
    ),
    lastName: v.pipe(
      v.string(UserMessages.lastName),
      v.trim(),
      v.minLength(3, UserMessages.lastName),
      v.maxLength(NAME_MAX, UserMessages.lastName),
    ),
    cp: optionalText(5, UserMessages.cp),
    /** Read-only on the form (filled by the postal-code lookup); the server derives them from idAddress. */
    city: v.optional(v.nullable(v.unknown())),
    state: v.optional(v.nullable(v.unknown())),
    idAddress: v.optional(v.nullable(idOf(UserMessages.colony)), null),
    street: optionalText(NAME_MAX, UserMessages.street),
    extNumber: v.pipe(optionalText(NUMBER_MAX, UserMessages.extNumber), v.check(isHouseNumber, HOUSE_NUMBER_MESSAGE)),
    intNumber: v.pipe(optionalText(NUMBER_MAX, UserMessages.intNumber), v.check(isHouseNumber, HOUSE_NUMBER_MESSAGE)),
    /** Sent empty by the web; ignored. */
    starDate: v.optional(v.nullable(v.unknown())),
    endDate: v.optional(v.nullable(v.unknown())),
    useApp: v.optional(v.nullable(v.boolean()), false),
    phoneNumber: optionalText(PHONE_DIGITS, UserMessages.phoneDigits),
  },
  missingKeyMessage(
    {
      idUsersTypes: UserMessages.typeRequired,
      firstName: UserMessages.firstName,
      lastName: UserMessages.lastName,
    },
    UserMessages.invalid,
  ),
);

/**
 * A user of the users form and of `POST api/users` / `PUT api/users/{uuid}`:
 * guards (5, 6) carry a 4-character code and an optional email; every other type an email of
 * 7 to 64 characters; chatbot use needs a 10-digit phone.
 */
export const UserPayloadSchema = v.pipe(
  UserFieldsSchema,
  v.forward(
    v.partialCheck(
      [['idUsersTypes'], ['email']],
      ({ idUsersTypes, email }) => (email === null ? isGuardType(idUsersTypes) : isValidUserEmail(email)),
      UserMessages.email,
    ),
    ['email'],
  ),
  v.forward(
    v.partialCheck(
      [['idUsersTypes'], ['vigilantCode']],
      ({ idUsersTypes, vigilantCode }) =>
        !isGuardType(idUsersTypes) || (vigilantCode !== null && /^\S{4}$/u.test(vigilantCode)),
      UserMessages.code,
    ),
    ['vigilantCode'],
  ),
  v.forward(
    v.partialCheck(
      [['useApp'], ['phoneNumber']],
      ({ useApp, phoneNumber }) => !useApp || phoneNumber !== null,
      UserMessages.phoneRequired,
    ),
    ['phoneNumber'],
  ),
  v.forward(
    v.partialCheck(
      [['useApp'], ['phoneNumber']],
      ({ useApp, phoneNumber }) => !useApp || phoneNumber === null || /^\d{10}$/.test(phoneNumber),
      UserMessages.phoneDigits,
    ),
    ['phoneNumber'],
  ),
);
export type UserPayload = v.InferOutput<typeof UserPayloadSchema>;
export type UserFormInput = v.InferInput<typeof UserPayloadSchema>;

const needsIt = (typeId: number) => needsAddress('integrator', typeId);
/** The payload names a colony by its id (a number once the field's own check has passed). */
const hasColony = (input: object) => 'idAddress' in input && typeof input.idAddress === 'number';

/**
 * The integrator's form: the administrator it creates also needs colony, street and number; the
 * postal code is checked when sent and otherwise follows from the colony.
 */
export const IntegratorUserPayloadSchema = v.pipe(
  UserPayloadSchema,
  v.forward(
    v.partialCheck(
      // Not selecting idAddress: a check runs only when its selected fields are valid, and a missing
      // postal code must be marked even when the colony is missing or wrong too.
      [['idUsersTypes'], ['cp']],
      // The postal code follows from the colony (idAddress): a payload with a valid colony alone is complete.
      (input) =>
        !needsIt(input.idUsersTypes) || (input.cp === null ? hasColony(input) : POSTAL_CODE_PATTERN.test(input.cp)),
      UserMessages.cp,
    ),
    ['cp'],
  ),
  v.forward(
    v.partialCheck(
      [['idUsersTypes'], ['idAddress']],
      ({ idUsersTypes, idAddress }) => !needsIt(idUsersTypes) || idAddress !== null,
      UserMessages.colony,
    ),
    ['idAddress'],
  ),
  v.forward(
    v.partialCheck(
      [['idUsersTypes'], ['street']],
      ({ idUsersTypes, street }) => !needsIt(idUsersTypes) || street !== null,
      UserMessages.street,
    ),
    ['street'],
  ),
  v.forward(
    v.partialCheck(
      [['idUsersTypes'], ['extNumber']],
      ({ idUsersTypes, extNumber }) => !needsIt(idUsersTypes) || extNumber !== null,
      UserMessages.extNumber,
    ),
    ['extNumber'],
  ),
);

/** The schema of the caller's form: the integrator's carries the address rule. */
export const userPayloadSchemaFor = (role: Role) =>
  role === 'integrator' ? IntegratorUserPayloadSchema : UserPayloadSchema;

/** Body of `POST api/users`: a list of users, created all or none. */
export const CreateUsersSchema = v.pipe(
  v.array(UserPayloadSchema, UserMessages.list),
  v.minLength(1, UserMessages.listSize),
  v.maxLength(50, UserMessages.listSize),
);
