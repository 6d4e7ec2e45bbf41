/**
 * Contractors' input: the form's fields and the bodies of
 * `POST api/contractors` / `PUT api/contractors/{id}` pass these rules, on the web and on the server.
 */
import * as v from 'valibot';
import { createFormat, parseFullAddress, updateFormat, type AddressParts } from './contractor-address.js';
import { EMAIL_PATTERN } from '../session/auth.schema.js';
import { INVALID_RECORD, required } from '../catalogues/catalogue.schema.js';

/** Limits of the contractor form's fields. */
export const ContractorLimits = {
  name: 64,
  email: 64,
  enterprise: 64,
  street: 200,
  city: 200,
  number: 8,
  postalCode: 5,
  phone: 10,
} as const;
const L = ContractorLimits;

export const ContractorMessages = {
  firstName: 'El nombre es obligatorio.',
  firstNameLength: `El nombre admite como máximo ${L.name} caracteres.`,
  lastName: 'Los apellidos son obligatorios.',
  lastNameLength: `Los apellidos admiten como máximo ${L.name} caracteres.`,
  enterprise: 'La empresa es obligatoria.',
  enterpriseLength: `La empresa admite como máximo ${L.enterprise} caracteres.`,
  email: 'Por favor, introduzca un correo con formato nombre@dominio.com',
  emailLength: `El correo admite como máximo ${L.email} caracteres.`,
  phone: `El teléfono debe tener ${L.phone} dígitos.`,
  street: 'La calle es obligatoria.',
  streetLength: `La calle admite como máximo ${L.street} caracteres.`,
  number: 'El número es obligatorio.',
  numberLength: `El número admite como máximo ${L.number} caracteres.`,
  postalCode: 'El código postal es obligatorio.',
  postalCodeDigits: `El código postal debe tener ${L.postalCode} dígitos.`,
  city: 'La ciudad es obligatoria.',
  cityLength: `La ciudad admite como máximo ${L.city} caracteres.`,
  noComma: 'No puede contener comas.',
  fullAddress: 'La dirección debe tener calle, número, código postal y ciudad.',
} as const;
const M = ContractorMessages;

const text = (message: string, max: number, tooLong: string) =>
  required(v.pipe(v.string(message), v.trim(), v.nonEmpty(message), v.maxLength(max, tooLong)), message);
const noComma = (message: string) => v.check((s: string) => !s.includes(','), message);

/** Each address part, as the form holds it. */
export const addressPartEntries = {
  street: text(M.street, L.street, M.streetLength),
  number: v.pipe(text(M.number, L.number, M.numberLength), noComma(`El número: ${M.noComma.toLowerCase()}`)),
  postalCode: required(
    v.pipe(v.string(M.postalCode), v.trim(), v.nonEmpty(M.postalCode), v.regex(/^\d{5}$/, M.postalCodeDigits)),
    M.postalCode,
  ),
  city: v.pipe(text(M.city, L.city, M.cityLength), noComma(`La ciudad: ${M.noComma.toLowerCase()}`)),
};
const AddressPartsSchema = v.object(addressPartEntries, M.fullAddress);

/** The contractor's own fields (everything but the email and the address). */
export const contractorPersonEntries = {
  firstName: text(M.firstName, L.name, M.firstNameLength),
  lastName: text(M.lastName, L.name, M.lastNameLength),
  enterprise: text(M.enterprise, L.enterprise, M.enterpriseLength),
  /** Optional: empty, or 10 digits. */
  phone: v.optional(
    v.pipe(
      v.nullable(v.string(M.phone)),
      v.transform((s) => (s ?? '').trim()),
      v.regex(/^(\d{10})?$/, M.phone),
    ),
    '',
  ),
};

export const contractorEmail = () =>
  required(
    v.pipe(
      v.string(M.email),
      v.trim(),
      v.toLowerCase(),
      v.nonEmpty(M.email),
      v.maxLength(L.email, M.emailLength),
      v.regex(EMAIL_PATTERN, M.email),
    ),
    M.email,
  );

/** `fullAddress` in either spec format, read into its parts and checked like the form's fields. */
const fullAddress = () =>
  required(
    v.pipe(
      v.string(M.fullAddress),
      v.rawTransform(({ dataset, addIssue, NEVER }) => {
        const parts = parseFullAddress(dataset.value);
        if (!parts) {
          addIssue({ message: M.fullAddress });
          return NEVER;
        }
        const checked = v.safeParse(AddressPartsSchema, parts);
        if (!checked.success) {
          addIssue({ message: checked.issues[0].message });
          return NEVER;
        }
        return checked.output as AddressParts;
      }),
    ),
    M.fullAddress,
  );

/** `PUT api/contractors/{id}`: the create body without the email (an email sent is ignored). */
export const ContractorUpdateSchema = v.object(
  { ...contractorPersonEntries, fullAddress: fullAddress() },
  INVALID_RECORD,
);
/** `POST api/contractors`: firstName, lastName, phone, enterprise, fullAddress, email. */
export const ContractorCreateSchema = v.object(
  { ...ContractorUpdateSchema.entries, email: contractorEmail() },
  INVALID_RECORD,
);
export type ContractorUpdateBody = v.InferOutput<typeof ContractorUpdateSchema>;
export type ContractorCreateBody = v.InferOutput<typeof ContractorCreateSchema>;

/** The contractor form's fields (the address in parts, the postal code as `cp` for the lookup; the email only when registering). */
const formAddressEntries = {
  street: addressPartEntries.street,
  number: addressPartEntries.number,
  cp: addressPartEntries.postalCode,
  city: addressPartEntries.city,
};
export const ContractorFormSchema = v.object(
  { ...contractorPersonEntries, ...formAddressEntries, email: contractorEmail() },
  INVALID_RECORD,
);
export const ContractorEditFormSchema = v.object({ ...contractorPersonEntries, ...formAddressEntries }, INVALID_RECORD);
export type ContractorForm = v.InferOutput<typeof ContractorEditFormSchema> & { email?: string };

/** The form's values as the API's body: `fullAddress` in the create format on create, the update format on update. */
export function contractorBodyOf(form: ContractorForm, editing: boolean) {
  const parts = { street: form.street, number: form.number, postalCode: form.cp, city: form.city };
  const person = { firstName: form.firstName, lastName: form.lastName, phone: form.phone, enterprise: form.enterprise };
  return editing
    ? { ...person, fullAddress: updateFormat(parts) }
    : { ...person, fullAddress: createFormat(parts), email: form.email ?? '' };
}
