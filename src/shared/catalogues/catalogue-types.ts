import type * as v from 'valibot';
import type {
  CommonAreaAnswerSchema,
  CommunityRefSchema,
  GateAnswerSchema,
  NamedItemSchema,
  ProviderTypePageSchema,
  StreetAnswerSchema,
  StreetRefSchema,
  UserTypeItemSchema,
  ZoneAnswerSchema,
  ZoneRefSchema,
} from './catalogue.answer.js';

/** Response shapes of the catalogue calls, inferred from the declared answers. */

export type CommunityRef = v.InferOutput<typeof CommunityRefSchema>;
export type Zone = v.InferOutput<typeof ZoneAnswerSchema>;
export type ZoneRef = v.InferOutput<typeof ZoneRefSchema>;
export type Street = v.InferOutput<typeof StreetAnswerSchema>;
export type StreetRef = v.InferOutput<typeof StreetRefSchema>;
export type CommonArea = v.InferOutput<typeof CommonAreaAnswerSchema>;
export type Gate = v.InferOutput<typeof GateAnswerSchema>;
export type NamedItem = v.InferOutput<typeof NamedItemSchema>;
export type UserTypeItem = v.InferOutput<typeof UserTypeItemSchema>;
export type ProviderTypePage = v.InferOutput<typeof ProviderTypePageSchema>;
