import type * as v from 'valibot';
import type { ContractorAnswerSchema } from './contractor.answer.js';
import type { ConstructionAnswerSchema } from './construction.answer.js';

/** A contractor as the API answers it. */
export type Contractor = v.InferOutput<typeof ContractorAnswerSchema>;
/** A construction site as the API answers it, with its workers' counts. */
export type Construction = v.InferOutput<typeof ConstructionAnswerSchema>;
