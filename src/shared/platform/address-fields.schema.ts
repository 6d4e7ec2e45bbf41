import * as v from 'valibot';
import { POSTAL_CODE_PATTERN } from './postal-code.js';

/** Messages shared by the integrator and community forms. */
export const NAME_MESSAGE = 'Por favor, introduce un nombre';
export const CP_MESSAGE = 'Por favor, introduce el código postal';
export const CP_DIGITS_MESSAGE = 'El código postal debe tener 5 dígitos.';
export const COLONY_MESSAGE = 'Por favor, selecciona una colonia';
export const STREET_MESSAGE = 'Por favor, introduce una calle';
export const EXT_NUMBER_MESSAGE = 'Por favor, introduce un número exterior';
export const LICENSES_MESSAGE = 'Por favor, debes asignar un numero de licencias';

/** Limits of the address fields (street has no limit in the spec: ours). */
export const NAME_MAX = 64;
export const CITY_STATE_MAX = 20;
export const NUMBER_MAX = 8;
export const STREET_MAX = 100;
export const LICENSES_MAX_DIGITS = 8;

/**
 * `v.object` whose missing-key issues carry the field's own message (the message of its root
 * schema); valibot's default for a missing key is English ('Invalid key: ...').
 */
export function objectWithMessages<E extends v.ObjectEntries>(entries: E, message: string) {
  return v.object(entries, (issue) => {
    const key = (issue.path?.at(-1) as { key?: unknown } | undefined)?.key;
    const field = typeof key === 'string' ? (entries[key] as { message?: unknown } | undefined) : undefined;
    // A nested objectWithMessages has a function message: without a path it answers its own fallback.
    const own = typeof field?.message === 'function' ? field.message({ ...issue, path: undefined }) : field?.message;
    return typeof own === 'string' ? own : message;
  });
}

/** Answer for a body that is not an object at all. */
export const INVALID_BODY = 'La solicitud no es válida.';

export const tooLong = (what: string, max: number) => `${what} admite como máximo ${max} caracteres.`;
export const LICENSES_INVALID_MESSAGE = `La cantidad de licencias debe ser un número entero de 1 a ${LICENSES_MAX_DIGITS} dígitos.`;

/** A required trimmed text of at most `max` characters. */
export const requiredText = (message: string, max: number, tooLongMessage: string) =>
  v.pipe(v.string(message), v.trim(), v.nonEmpty(message), v.maxLength(max, tooLongMessage));

/** Text, or a number given where text is expected (house numbers), as text. */
const textOrNumber = (message: string) =>
  v.union([v.string(message), v.pipe(v.number(message), v.finite(message), v.transform(String))], message);

/** An optional text: absent, null or blank all become null. */
export const optionalText = (max: number, tooLongMessage: string) =>
  v.pipe(
    v.optional(v.nullable(textOrNumber(tooLongMessage)), null),
    v.transform((value) => (value ?? '').trim()),
    v.maxLength(max, tooLongMessage),
    v.transform((value) => (value === '' ? null : value)),
  );

/** A row id chosen in a dropdown (`idAddress`, `idUser`): a positive integer or its digits. */
export const selectedId = (message: string) =>
  v.union(
    [
      v.pipe(v.number(message), v.integer(message), v.minValue(1, message), v.maxValue(2_147_483_647, message)),
      v.pipe(
        v.string(message),
        v.trim(),
        v.regex(/^\d{1,10}$/, message),
        v.transform(Number),
        v.minValue(1, message),
        v.maxValue(2_147_483_647, message),
      ),
    ],
    message,
  );

/** A count of licences: a whole number of 1 to 8 digits, as a number or its digits. */
export const licenceCount = () =>
  v.pipe(
    v.union([v.number(LICENSES_MESSAGE), v.string(LICENSES_MESSAGE)], LICENSES_MESSAGE),
    v.transform((value) => (typeof value === 'string' ? value.trim() : value)),
    v.check((value) => value !== '', LICENSES_MESSAGE),
    v.check(
      (value) =>
        (typeof value === 'number' ? Number.isInteger(value) : /^\d+$/.test(value)) &&
        Number(value) >= 1 &&
        Number(value) < 10 ** LICENSES_MAX_DIGITS,
      LICENSES_INVALID_MESSAGE,
    ),
    v.transform(Number),
  );

export const postalCode = () =>
  v.pipe(v.string(CP_MESSAGE), v.trim(), v.nonEmpty(CP_MESSAGE), v.regex(POSTAL_CODE_PATTERN, CP_DIGITS_MESSAGE));

/** City and state come from the postal-code lookup (read-only on the forms); the server ignores them. */
export const readOnlyPlace = () => v.optional(v.nullable(v.string()));

export const HOUSE_NUMBER_MESSAGE = 'El número no puede ser negativo ni decimal (por ejemplo: 12, 12-A o S/N).';
/** A house number is never a negative or decimal number ('-5', '3.5'): '12', '12-A', 'S/N' are. */
export const isHouseNumber = <T extends string | null>(value: T) =>
  value === null || !/^[-+\u2212]|\d[.,]\d/.test(value);
/** An optional exterior or interior number (blank is null). */
export const optionalHouseNumber = (max: number, tooLongMessage: string) =>
  v.pipe(optionalText(max, tooLongMessage), v.check(isHouseNumber, HOUSE_NUMBER_MESSAGE));

/** Street, exterior and interior number of an address. */
export const addressEntries = {
  idAddress: selectedId(COLONY_MESSAGE),
  street: requiredText(STREET_MESSAGE, STREET_MAX, tooLong('La calle', STREET_MAX)),
  intNumber: optionalHouseNumber(NUMBER_MAX, tooLong('El número interior', NUMBER_MAX)),
  city: readOnlyPlace(),
  state: readOnlyPlace(),
};

export const extNumber = () =>
  v.pipe(
    textOrNumber(EXT_NUMBER_MESSAGE),
    v.trim(),
    v.nonEmpty(EXT_NUMBER_MESSAGE),
    v.maxLength(NUMBER_MAX, tooLong('El número exterior', NUMBER_MAX)),
    v.check(isHouseNumber, HOUSE_NUMBER_MESSAGE),
  );
