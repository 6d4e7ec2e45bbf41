import type * as v from 'valibot';
import type {
  AdministrativeResidentAnswerSchema,
  ManagedUserSchema,
  StreetOfResidentSchema,
  UserAddressSchema,
  ZoneOfStreetSchema,
} from './user.answer.js';

/** Response shapes of the users and administrative-visit calls, inferred from the declared answers. */
export type UserAddress = v.InferOutput<typeof UserAddressSchema>;
export type ManagedUser = v.InferOutput<typeof ManagedUserSchema>;
export type ZoneOfStreet = v.InferOutput<typeof ZoneOfStreetSchema>;
export type StreetOfResident = v.InferOutput<typeof StreetOfResidentSchema>;
/** `GET api/administrativeVisitUser/administrativeResident` (null when not configured yet). */
export type AdministrativeResident = v.InferOutput<typeof AdministrativeResidentAnswerSchema>;
