/** Answers of the residents' calls (Resident, Residents). Field names are the contract's. */
import * as v from 'valibot';
import { StreetRefSchema } from '../catalogues/catalogue.answer.js';

export const PhoneAnswerSchema = v.object({ uuid: v.string(), phone: v.string() });

/**
 * A pending registration code: only that it is pending and when it expires (ISO 8601, UTC). The
 * code itself travels only by mail to the resident. Null when the resident has no pending code
 * (never issued, or used: 'Código activado').
 */
export const ResidentRegistrationRefSchema = v.strictObject({ pending: v.literal(true), expiresAt: v.string() });

export const RESIDENT_STATUSES = ['ACTIVE', 'INACTIVE'] as const;

/** A resident as every residents call answers it. */
export const ResidentAnswerSchema = v.object({
  uuid: v.string(),
  idResident: v.number(),
  name: v.string(),
  firstName: v.string(),
  lastName: v.string(),
  email: v.nullable(v.string()),
  number: v.string(),
  intNumber: v.nullable(v.string()),
  action: v.nullable(v.string()),
  useapp: v.boolean(),
  status: v.picklist(RESIDENT_STATUSES),
  notresident: v.boolean(),
  idFrac: v.number(),
  idStreet: v.number(),
  idZone: v.number(),
  phones: v.array(PhoneAnswerSchema),
  testStreet: StreetRefSchema,
  testResidentRegistration: v.nullable(ResidentRegistrationRefSchema),
});

/** `GET api/residents/`: the spec's page shape (`data`, `pageNumber`), and the shared list's (`content`, `page`, `size`). */
export const ResidentPageSchema = v.object({
  data: v.array(ResidentAnswerSchema),
  content: v.array(ResidentAnswerSchema),
  totalPages: v.number(),
  totalElements: v.number(),
  pageNumber: v.number(),
  page: v.number(),
  size: v.number(),
});

/** Item of `GET api/residents/all` and `GET api/residents/streets/{streetUuid}`: the option form. */
export const ResidentOptionSchema = v.object({
  idResident: v.number(),
  uuid: v.string(),
  firstName: v.string(),
  lastName: v.string(),
  number: v.string(),
  idStreet: v.number(),
});

/** What an email is to this community: free, a live resident's, or a deleted resident's (reactivation). */
export const EMAIL_STATUSES = ['AVAILABLE', 'TAKEN', 'DELETED'] as const;
export type ResidentEmailStatus = (typeof EMAIL_STATUSES)[number];

/** `POST api/residents/validateEmail/`. `Success` is false only when the email cannot be used. */
export const ValidateEmailAnswerSchema = v.object({
  Success: v.boolean(),
  Message: v.string(),
  Data: v.object({ residentStatus: v.picklist(EMAIL_STATUSES) }),
});

/** `POST api/residents/reactivateEmail/`. */
export const ReactivateEmailAnswerSchema = v.object({
  Success: v.boolean(),
  Message: v.string(),
  Data: v.object({ resident: ResidentAnswerSchema }),
});

/** `PUT api/residents/resendRegistrationEmail/{id}` and the code of a create. */
export const ResendCodeAnswerSchema = v.object({ description: v.string(), resident: ResidentAnswerSchema });

/** `POST api/residents/register`: the account made; it signs in at `/oauth/token`. */
export const ResidentRegisteredSchema = v.object({ email: v.string(), description: v.string() });
