import type * as v from 'valibot';
import type {
  AddressRefSchema,
  CreatedIntegratorSchema,
  IntegratorAnswerSchema,
  IntegratorDashboardSchema,
} from '../communities/community.answer.js';

/** Response shapes of `api/integrator`, inferred from the declared answers. */
export type AddressRef = v.InferOutput<typeof AddressRefSchema>;
export type Integrator = v.InferOutput<typeof IntegratorAnswerSchema>;
export type CreatedIntegrator = v.InferOutput<typeof CreatedIntegratorSchema>;
/** Total, assigned to its communities, still available. */
export type IntegratorDashboard = v.InferOutput<typeof IntegratorDashboardSchema>;
