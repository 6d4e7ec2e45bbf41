import type * as v from 'valibot';
import type {
  DailyVisitsSchema,
  EntriesByModeSchema,
  MonthlyVisitsSchema,
  ResidentSummarySchema,
  VisitAnswerSchema,
} from './visit.answer.js';

/** Answers of the visit and dashboard calls, inferred from the declared answers (schemas/visit.answer.ts). */
export type Visit = v.InferOutput<typeof VisitAnswerSchema>;
export type EntriesByMode = v.InferOutput<typeof EntriesByModeSchema>;
export type MonthlyVisits = v.InferOutput<typeof MonthlyVisitsSchema>;
export type DailyVisits = v.InferOutput<typeof DailyVisitsSchema>;
export type ResidentSummary = v.InferOutput<typeof ResidentSummarySchema>;
