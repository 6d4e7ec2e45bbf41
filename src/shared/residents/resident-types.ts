/** Resident types inferred from the answer schemas (the web and the server read the same shapes). */
import type * as v from 'valibot';
import type {
  ReactivateEmailAnswerSchema,
  ResidentAnswerSchema,
  ResidentOptionSchema,
  ResidentPageSchema,
  ValidateEmailAnswerSchema,
} from './resident.answer.js';

export type ResidentAnswer = v.InferOutput<typeof ResidentAnswerSchema>;
export type ResidentPage = v.InferOutput<typeof ResidentPageSchema>;
export type ResidentOption = v.InferOutput<typeof ResidentOptionSchema>;
export type ValidateEmailAnswer = v.InferOutput<typeof ValidateEmailAnswerSchema>;
export type ReactivateEmailAnswer = v.InferOutput<typeof ReactivateEmailAnswerSchema>;
