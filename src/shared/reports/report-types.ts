import type * as v from 'valibot';
import type {
  CommonAreaReportPageSchema,
  CommonAreaVisitRowSchema,
  VisitReportPageSchema,
  VisitReportRowSchema,
} from './visit-report.answer.js';

/** Report answers, inferred from the declared answers (schemas/visit-report.answer.ts). */
export type VisitReportRow = v.InferOutput<typeof VisitReportRowSchema>;
export type VisitReportPage = v.InferOutput<typeof VisitReportPageSchema>;
export type CommonAreaVisitRow = v.InferOutput<typeof CommonAreaVisitRowSchema>;
export type CommonAreaReportPage = v.InferOutput<typeof CommonAreaReportPageSchema>;
