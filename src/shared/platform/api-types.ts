import type * as v from 'valibot';
import type {
  AddressOptionSchema,
  CurrentUserSchema,
  RegistrationLookupSchema,
  TokenResponseSchema,
  WhoAmISchema,
} from '../session/account.answer.js';

/** `GET api/users/me`. */
export type CurrentUser = v.InferOutput<typeof CurrentUserSchema>;
/** `GET api/users/whoami`. */
export type WhoAmI = v.InferOutput<typeof WhoAmISchema>;
export type TokenResponse = v.InferOutput<typeof TokenResponseSchema>;
/** `GET api/users/findUser/{uuid}`: the pending registration behind a link. */
export type RegistrationLookup = v.InferOutput<typeof RegistrationLookupSchema>;
/** `GET api/addresses/{cp}`. */
export type AddressOption = v.InferOutput<typeof AddressOptionSchema>;

/** Every paged list (the schema is `pageOf` in schemas/answer.schema.ts). */
export interface Page<T> {
  content: T[];
  totalElements: number;
  totalPages: number;
  page: number;
  size: number;
}
