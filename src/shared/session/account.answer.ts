/** Answers of the session, registration and address calls. Field names are the contract's. */
import * as v from 'valibot';
import { RoleName, type Role } from '../platform/roles.js';
import { CommunitySettingsAnswerSchema } from '../settings/settings.schema.js';

const ROLES = Object.keys(RoleName) as [Role, ...Role[]];

const Ref = v.object({ uuid: v.string(), name: v.string() });

/** `GET api/users/me`. */
export const CurrentUserSchema = v.object({
  uuid: v.string(),
  email: v.string(),
  username: v.string(),
  role: v.string(),
  roleKey: v.picklist(ROLES),
  frac: v.nullable(v.string()),
  product: v.array(Ref),
  logoURL: v.nullable(v.string()),
  idUsersTypes: v.number(),
  /** The active community, with its settings (Settings). */
  testFrac: v.nullable(
    v.object({ uuid: v.string(), name: v.string(), settings: v.optional(CommunitySettingsAnswerSchema) }),
  ),
  firstName: v.string(),
  lastName: v.string(),
  /** The active community is a club: the action number ('No. acción') and the Hostess options show. */
  club: v.boolean(),
});

/** `GET api/users/whoami`. */
export const WhoAmISchema = v.object({
  uuid: v.string(),
  email: v.string(),
  username: v.string(),
  role: v.string(),
  idUsersTypes: v.number(),
});

/** `POST /oauth/token`. */
export const TokenResponseSchema = v.object({
  access_token: v.string(),
  token_type: v.literal('bearer'),
  expires_in: v.number(),
  scope: v.string(),
});

/** `GET api/users/findUser/{uuid}`: the pending registration behind a link. */
export const RegistrationLookupSchema = v.object({
  uuid: v.string(),
  email: v.string(),
  firstName: v.string(),
  idUsersTypes: v.number(),
});

/** Item of `GET api/addresses/{cp}`. */
export const AddressOptionSchema = v.object({
  idAddress: v.number(),
  uuid: v.string(),
  colony: v.string(),
  state: v.string(),
  location: v.string(),
});

/** `GET api/users/findUser/{uuid}`: the registration, or an empty body when the link is unknown or used. */
export const RegistrationLookupAnswerSchema = v.union([RegistrationLookupSchema, v.literal('')]);

/** `PUT api/users/setUpdateFrac/{fracUuid}`: the community now active. */
export const ActiveCommunitySchema = Ref;

/** `POST api/users/newPassword`: the account's user type, so the web knows where to send the user. */
export const NewPasswordAnswerSchema = v.object({ idUsersTypes: v.number() });

/** A plain confirmation: `{ message }`. */
export const MessageSchema = v.object({ message: v.string() });
