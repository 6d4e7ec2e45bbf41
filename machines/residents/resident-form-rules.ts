/**
 * The resident form's rules ('Alta residente' / 'Editar residente'):
 * the values it starts from, a stored resident as form values, and the title of a failed save.
 */
import { isApiFailure, type ApiFailure } from '../../src/shared/platform/api-failure.js';
import { ResidentErrorTitles, ResidentTexts } from '../../src/shared/residents/resident-rules.js';
import type { ResidentAnswer } from '../../src/shared/residents/resident-types.js';
import { RESIDENT_MAX_PHONES } from '../../src/shared/residents/resident.schema.js';
import type { FormValues } from '../platform/form-rules.js';

export { RESIDENT_MAX_PHONES };

/** One phone row of the form: `uuid` when it is saved (removing it asks and calls the server). */
export interface PhoneRow {
  uuid?: string | null;
  phone: string;
}

/** 'Alta residente' starts empty, with the first (required) phone row. */
export const emptyResident = (): FormValues => ({
  firstName: '',
  lastName: '',
  email: '',
  idZone: '',
  idStreet: '',
  number: '',
  intNumber: '',
  action: '',
  useapp: false,
  notresident: false,
  phones: [{ phone: '' }],
});

/** A stored resident (GET api/residents/{uuid}, or the one `reactivateEmail` brought back) as form values. */
export const residentFormValues = (r: ResidentAnswer): FormValues => ({
  firstName: r.firstName,
  lastName: r.lastName,
  email: r.email ?? '',
  idZone: r.idZone,
  idStreet: r.idStreet,
  number: r.number,
  intNumber: r.intNumber ?? '',
  action: r.action ?? '',
  useapp: r.useapp,
  notresident: r.notresident,
  phones: r.phones.length ? r.phones.map((p) => ({ uuid: p.uuid, phone: p.phone })) : [{ phone: '' }],
});

/** Another phone row while fewer than 4; a row can go while there is another (the first is required). */
export const canAddPhone = (phones: readonly PhoneRow[]) => phones.length < RESIDENT_MAX_PHONES;
export const canRemovePhone = (phones: readonly PhoneRow[]) => phones.length > 1;

/** The email as the server compares it (the schema trims and lower-cases it). */
export const normalEmail = (value: unknown) =>
  String(value ?? '')
    .trim()
    .toLowerCase();

/**
 * The title of a failed save's dialog (the detail is the server's error_description):
 * the licence limit, a taken email, a failed update, or the generic title.
 */
export function residentFailureTitle(failure: ApiFailure | null, editing: boolean): string {
  if (isApiFailure(failure) && failure.kind === 'http' && failure.status === 409) {
    const text = failure.body.error_description ?? '';
    if (text.startsWith(ResidentErrorTitles.licences)) return ResidentErrorTitles.licences;
    if (text === ResidentTexts.taken || failure.body.fields?.email !== undefined) return ResidentErrorTitles.taken;
  }
  return editing ? ResidentErrorTitles.update : ResidentErrorTitles.generic;
}
