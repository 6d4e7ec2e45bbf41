/** Answers of the users and administrative-visit calls. Field names are the contract's. */
import * as v from 'valibot';

export const UserAddressSchema = v.object({
  idAddress: v.number(),
  uuid: v.string(),
  cp: v.string(),
  colony: v.string(),
  city: v.string(),
  state: v.string(),
});

/** Item of `GET api/users/`, and what `POST api/users` / `PUT api/users/{uuid}` answer. */
export const ManagedUserSchema = v.object({
  uuid: v.string(),
  firstName: v.string(),
  lastName: v.string(),
  /** Null for a guard registered with its code only. */
  email: v.nullable(v.string()),
  vigilantCode: v.nullable(v.string()),
  idUsersTypes: v.number(),
  /** ACTIVE, or PENDING until the user chooses a password through the invitation link. */
  status: v.picklist(['ACTIVE', 'PENDING', 'DISABLED']),
  testUsersType: v.object({ name: v.string() }),
  /** The community shown in the 'development' column: the session's community for an administrator. */
  testFrac: v.nullable(v.object({ uuid: v.string(), name: v.string() })),
  address: v.nullable(UserAddressSchema),
  idAddress: v.nullable(v.number()),
  street: v.nullable(v.string()),
  extNumber: v.nullable(v.string()),
  intNumber: v.nullable(v.string()),
  administrativeVisitsUser: v.object({ useapp: v.boolean(), phone: v.nullable(v.object({ phone: v.string() })) }),
});

export const ZoneOfStreetSchema = v.object({ uuid: v.string(), idZone: v.number(), name: v.string() });
export const StreetOfResidentSchema = v.object({
  uuid: v.string(),
  idStreet: v.number(),
  name: v.string(),
  testZone: ZoneOfStreetSchema,
});

/** `GET api/administrativeVisitUser/administrativeResident`. */
export const AdministrativeResidentAnswerSchema = v.object({
  uuid: v.string(),
  firstName: v.string(),
  lastName: v.string(),
  email: v.string(),
  idFrac: v.number(),
  fracUuid: v.string(),
  idStreet: v.number(),
  idZone: v.number(),
  number: v.string(),
  intNumber: v.nullable(v.string()),
  useapp: v.boolean(),
  action: v.nullable(v.string()),
  notresident: v.boolean(),
  testStreet: StreetOfResidentSchema,
});
