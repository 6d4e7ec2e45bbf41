/** Answers of `api/integrator` and `api/fracs`. Field names are the contract's. */
import * as v from 'valibot';

export const AddressRefSchema = v.object({
  cp: v.string(),
  city: v.string(),
  state: v.string(),
  colony: v.string(),
  idAddress: v.number(),
  uuid: v.string(),
});

/** Item of `GET api/integrator/` and answer of the other integrator calls. */
export const IntegratorAnswerSchema = v.object({
  uuid: v.string(),
  name: v.string(),
  lastName: v.string(),
  /** Exterior number. */
  number: v.string(),
  intNumber: v.nullable(v.string()),
  street: v.string(),
  /** Null shows 'Sin teléfono'. */
  phone: v.nullable(v.string()),
  licenses: v.number(),
  enabled: v.boolean(),
  address: v.nullable(AddressRefSchema),
  testUser: v.object({ email: v.string(), firstName: v.string(), lastName: v.string() }),
});

/** Answer of `POST api/integrator`: `user.oldPassword` is the access code shown once. */
export const CreatedIntegratorSchema = v.object({
  ...IntegratorAnswerSchema.entries,
  user: v.object({
    idUser: v.number(),
    uuid: v.string(),
    email: v.string(),
    firstName: v.string(),
    lastName: v.string(),
    status: v.literal('ACTIVE'),
    idUsersTypes: v.literal(14),
    oldPassword: v.string(),
  }),
});

/** `GET api/integrator/dashboard`: total, assigned to its communities, still available. */
export const IntegratorDashboardSchema = v.tuple([v.number(), v.number(), v.number()]);

/** `GET api/users/integrator`: the administrators an integrator may assign. */
export const AdministratorOptionSchema = v.object({ idUser: v.number(), uuid: v.string(), name: v.string() });

/** A community (fraccionamiento) as `GET api/fracs/{uuid}` and the list answer it. */
export const CommunityAnswerSchema = v.object({
  uuid: v.string(),
  name: v.string(),
  cp: v.nullable(v.string()),
  city: v.nullable(v.string()),
  state: v.nullable(v.string()),
  idAddress: v.nullable(v.number()),
  street: v.nullable(v.string()),
  extNumber: v.nullable(v.string()),
  intNumber: v.nullable(v.string()),
  /** The administrator's user id. */
  idUser: v.nullable(v.number()),
  licenseTotal: v.number(),
  /** Sent empty. */
  starDate: v.literal(''),
  endDate: v.literal(''),
  idFile: v.nullable(v.number()),
  user: v.nullable(AdministratorOptionSchema),
  /** `publicUrl` is served to signed-in members and the integrator only (bearer token). */
  file: v.nullable(v.object({ publicUrl: v.string(), idFile: v.number(), uuid: v.string() })),
  address: v.nullable(AddressRefSchema),
  /** True means the community is disabled. */
  licenseExpired: v.boolean(),
  /** A club community: its screens show the action number and the Hostess options. */
  club: v.boolean(),
});
