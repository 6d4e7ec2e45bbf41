import type * as v from 'valibot';
import type { AdministratorOptionSchema, CommunityAnswerSchema } from './community.answer.js';

/** Response shapes of `api/fracs`, inferred from the declared answers. */
export type AdministratorOption = v.InferOutput<typeof AdministratorOptionSchema>;
export type Community = v.InferOutput<typeof CommunityAnswerSchema>;
