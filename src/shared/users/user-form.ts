import * as v from 'valibot';
import { UserType, type Role } from '../platform/roles.js';
import { userPayloadSchemaFor, type UserPayload } from './user.schema.js';
import type { ManagedUser } from './user-management-types.js';
import {
  chatbotAllowed,
  isGuardType,
  needsAddress,
  offersPreRegistration,
  typeWithPreRegistration,
  USER_TYPE_LABELS,
  userTypeOptions,
} from './user-types-allowed.js';

/** What the users modal holds: text as typed, the type as the dropdown's value. */
export interface UserFormValues {
  [key: string]: unknown;
  /** The dropdown choice ('' until chosen); 6 is shown as 5 plus `preRegistration`. */
  idUsersTypes: string;
  preRegistration: boolean;
  email: string;
  vigilantCode: string;
  firstName: string;
  lastName: string;
  cp: string;
  city: string;
  state: string;
  idAddress: string;
  street: string;
  extNumber: string;
  intNumber: string;
  useApp: boolean;
  phoneNumber: string;
  /** The user being edited is the caller: chatbot use depends on the administrative resident. */
  isSelf: boolean;
  administrativeResidentConfigured: boolean;
}

export const emptyUserForm = (): UserFormValues => ({
  idUsersTypes: '',
  preRegistration: false,
  email: '',
  vigilantCode: '',
  firstName: '',
  lastName: '',
  cp: '',
  city: '',
  state: '',
  idAddress: '',
  street: '',
  extNumber: '',
  intNumber: '',
  useApp: false,
  phoneNumber: '',
  isSelf: false,
  administrativeResidentConfigured: false,
});

/** The modal's values for editing a listed user. */
export function userFormFromRow(row: ManagedUser, selfUuid: string | null): UserFormValues {
  const pre = row.idUsersTypes === UserType.guardPreRegistration;
  return {
    ...emptyUserForm(),
    idUsersTypes: String(pre ? UserType.guard : row.idUsersTypes),
    preRegistration: pre,
    email: row.email ?? '',
    vigilantCode: row.vigilantCode ?? '',
    firstName: row.firstName,
    lastName: row.lastName,
    cp: row.address?.cp ?? '',
    city: row.address?.city ?? '',
    state: row.address?.state ?? '',
    idAddress: row.idAddress === null ? '' : String(row.idAddress),
    street: row.street ?? '',
    extNumber: row.extNumber ?? '',
    intNumber: row.intNumber ?? '',
    useApp: row.administrativeVisitsUser?.useapp ?? false,
    phoneNumber: row.administrativeVisitsUser?.phone?.phone ?? '',
    isSelf: selfUuid !== null && row.uuid === selfUuid,
  };
}

/** The stored type the form stands for, or null while none is chosen. */
export function chosenUserType(values: Pick<UserFormValues, 'idUsersTypes' | 'preRegistration'>): number | null {
  if (!/^\d+$/.test(values.idUsersTypes)) return null;
  return typeWithPreRegistration(Number(values.idUsersTypes), values.preRegistration);
}

/** Which parts of the modal show for `role` and the chosen type. */
export interface UserFormLayout {
  typeLocked: boolean;
  emailLocked: boolean;
  showPreRegistration: boolean;
  showCode: boolean;
  showEmail: boolean;
  showAddress: boolean;
  showChatbot: boolean;
  showPhone: boolean;
}

export function userFormLayout(role: Role, values: UserFormValues, mode: 'create' | 'edit'): UserFormLayout {
  const typeId = chosenUserType(values);
  const guard = typeId !== null && isGuardType(typeId);
  const showChatbot =
    typeId !== null &&
    chatbotAllowed({
      typeId,
      isSelf: values.isSelf,
      administrativeResidentConfigured: values.administrativeResidentConfigured,
    });
  return {
    typeLocked: mode === 'edit',
    emailLocked: mode === 'edit',
    showPreRegistration:
      values.idUsersTypes === String(UserType.guard) &&
      (offersPreRegistration(role, UserType.guard) || values.preRegistration),
    showCode: guard,
    // A guard signs in with its code; an email is shown only when it already has one.
    showEmail: !guard || (mode === 'edit' && values.email !== ''),
    showAddress: typeId !== null && needsAddress(role, typeId),
    showChatbot,
    showPhone: showChatbot && values.useApp,
  };
}

/** Options of the type dropdown; on edit the user's own type is listed even when not creatable. */
export function userTypeChoices(role: Role, current?: { idUsersTypes: number; testUsersType?: { name: string } }) {
  const options = userTypeOptions(role);
  if (!current) return options;
  const id = current.idUsersTypes === UserType.guardPreRegistration ? UserType.guard : current.idUsersTypes;
  if (options.some((o) => o.id === id)) return options;
  return [...options, { id, name: USER_TYPE_LABELS[id] ?? current.testUsersType?.name ?? String(id) }];
}

/** The payload of `POST api/users` / `PUT api/users/{uuid}` from the modal's values. */
export function userPayloadFromForm(role: Role, values: UserFormValues) {
  const typeId = chosenUserType(values);
  const layout = userFormLayout(role, values, 'create');
  const address = layout.showAddress;
  const useApp = layout.showChatbot && values.useApp;
  return {
    idUsersTypes: typeId ?? values.idUsersTypes,
    email: values.email.trim() === '' && layout.showCode ? null : values.email,
    vigilantCode: layout.showCode ? values.vigilantCode : null,
    firstName: values.firstName,
    lastName: values.lastName,
    cp: address ? values.cp : null,
    city: address ? values.city : null,
    state: address ? values.state : null,
    idAddress: address ? values.idAddress : null,
    street: address ? values.street : null,
    extNumber: address ? values.extNumber : null,
    intNumber: address ? values.intNumber : null,
    starDate: '',
    endDate: '',
    useApp,
    phoneNumber: useApp ? values.phoneNumber : null,
  };
}

/** The modal's schema: the form's values, mapped to the payload and checked by the route's own schema. */
export function userFormSchemaFor(role: Role) {
  const payload = userPayloadSchemaFor(role) as v.GenericSchema<ReturnType<typeof userPayloadFromForm>, UserPayload>;
  return v.pipe(
    v.custom<UserFormValues>((input) => typeof input === 'object' && input !== null),
    v.transform((values: UserFormValues) => userPayloadFromForm(role, values)),
    payload,
  );
}

/** A postal code complete enough to look up its colonies (src/shared/platform/postal-code.ts). */
export { isPostalCodeComplete } from '../platform/postal-code.js';
