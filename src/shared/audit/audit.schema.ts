/** `GET api/audit`: the trail's filters and its page. */
import * as v from 'valibot';
import { auditActionNames } from './audit-actions.js';
import { localToday, REPORT_FILTER_MAX, reportDateProblems, ReportMessages as M } from '../reports/report-rules.js';

export const AUDIT_RANGES = [['from', 'to']] as const;
export const AuditMessages = {
  badAction: 'La acción no es válida.',
  badCommunity: 'El fraccionamiento no es válido.',
} as const;

const page = v.optional(v.pipe(v.string(M.badPage), v.regex(/^\d{1,6}$/, M.badPage), v.transform(Number)), '0');
const size = v.optional(
  v.pipe(
    v.string('Tamaño de página no válido.'),
    v.regex(/^\d{1,3}$/, 'Tamaño de página no válido.'),
    v.transform(Number),
    v.minValue(1, 'Tamaño de página no válido.'),
    v.maxValue(100, 'Tamaño de página no válido.'),
  ),
  '15',
);

/** Filters: who (the actor's email or device name, contains), what (one action), when (local dates, both ends). */
export const AuditQuerySchema = v.pipe(
  v.object(
    {
      page,
      size,
      actor: v.optional(v.pipe(v.string(M.invalid), v.trim(), v.maxLength(REPORT_FILTER_MAX, M.filterTooLong)), ''),
      action: v.optional(
        v.pipe(
          v.string(AuditMessages.badAction),
          v.trim(),
          v.check((a) => a === '' || (auditActionNames as string[]).includes(a), AuditMessages.badAction),
        ),
        '',
      ),
      from: v.optional(v.pipe(v.string(M.badDate), v.trim()), ''),
      to: v.optional(v.pipe(v.string(M.badDate), v.trim()), ''),
      /** General administrator only: one community's events (its uuid). */
      community: v.optional(
        v.pipe(
          v.string(AuditMessages.badCommunity),
          v.trim(),
          v.check((s) => s === '' || /^[0-9a-f-]{36}$/i.test(s), AuditMessages.badCommunity),
        ),
        '',
      ),
    },
    M.invalid,
  ),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const input = dataset.value as Record<string, unknown>;
    for (const [key, message] of Object.entries(reportDateProblems(input, localToday(), AUDIT_RANGES))) {
      addIssue({ message, path: [{ type: 'object', origin: 'value', input, key, value: input[key] }] });
    }
  }),
);
export type AuditQuery = v.InferOutput<typeof AuditQuerySchema>;

const Change = v.object({ from: v.unknown(), to: v.unknown() });

/** One event as the trail answers it. */
export const AuditEventSchema = v.object({
  uuid: v.string(),
  occurredAt: v.string(),
  actorKind: v.picklist(['user', 'device', 'anonymous']),
  /** The account's email, the device's name, or the account a failed sign-in named (when it was an email). */
  actorLabel: v.nullable(v.string()),
  action: v.string(),
  recordUuid: v.nullable(v.string()),
  address: v.nullable(v.string()),
  /** Changed fields of an update, `{ column: { from, to } }`; never a secret. */
  changes: v.nullable(v.record(v.string(), Change)),
  community: v.nullable(v.object({ uuid: v.string(), name: v.string() })),
});
export type AuditEventAnswer = v.InferOutput<typeof AuditEventSchema>;

/** A community the general administrator may narrow the trail to (`GET api/audit/communities`). */
export const AuditCommunitySchema = v.object({ uuid: v.string(), name: v.string() });
export type AuditCommunity = v.InferOutput<typeof AuditCommunitySchema>;
